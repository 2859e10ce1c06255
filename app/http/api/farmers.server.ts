import { apiError } from "~/http/api.server";
import { farmerImportNotice } from "~/http/farmer-import-notice.server";
import { said } from "~/http/language.server";
import { operation } from "~/http/api/operation.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { NOT_EXCEL } from "~/lib/dealer-import";
import { replayHeaders, submissionKeyFromHeader } from "~/infra/idempotency.server";
import {
  FARMER_NOT_FOUND,
  farmerAnswer,
  farmerImportAnswer,
  farmerImportQuerySchema,
  farmerPageAnswer,
  farmerPatchSchema,
  farmerSchema,
  farmerSearchSchema,
} from "~/models/farmer.schema";
import {
  createFarmer,
  eraseFarmer,
  getFarmer,
  requireFarmerFor,
  searchFarmers,
  updateFarmer,
} from "~/models/farmers.server";
import { importFarmers } from "~/models/farmer-import.server";
import { farmerMeetingsAnswer, farmerMeetingsQuerySchema } from "~/models/meeting.schema";
import { farmerMeetings } from "~/models/meetings.server";

// The farmer register (decision 94): the same model calls as the /farmers pages. Who works with
// a farmer is decided by the model with the farmer's team: another team's farmer answers 403.

const farmerId = { description: "The farmer's id", example: 1, notFound: FARMER_NOT_FOUND };

const farmerExample = {
  name: "Ghulam Rasool",
  phone: "0300 1234567",
  village: "Chak 45",
  tehsil: "Sahiwal",
  district: "Sahiwal",
  landAcres: 12.5,
  mainCrops: ["wheat", "cotton"],
};

export const farmerOperations = [
  operation({
    method: "get",
    path: "/api/farmers",
    summary:
      "The farmers the caller works with (their team's, those of the teams they lead; an admin's: all), by name, 20 a page; `query` matches name, village or phone",
    tag: "Farmers",
    access: "app.use",
    query: farmerSearchSchema,
    queryExample: { query: "Chak 45", page: "1" },
    answer: { status: 200, description: "One page of farmers", schema: farmerPageAnswer },
    handler: async ({ user, query }) => Response.json(await searchFarmers(user, query)),
  }),
  operation({
    method: "post",
    path: "/api/farmers",
    summary: "Add a farmer, worked with by the caller's team; a phone already registered answers 409",
    tag: "Farmers",
    access: "app.use",
    body: { kind: "json", schema: farmerSchema, example: farmerExample },
    answer: { status: 201, description: "The farmer", schema: farmerAnswer },
    // 409: another farmer has the phone.
    errors: [409],
    idempotent: true,
    /**
     * With an `Idempotency-Key`, a repeat answers the first farmer (201, `Idempotent-Replayed: true`);
     * the key with other fields answers 422.
     */
    handler: async ({ request, user, body }) => {
      const key = submissionKeyFromHeader(request);
      const { value: farmer, replayed } = await createFarmer(user, await body(), key);
      return Response.json(farmer, { status: 201, headers: replayHeaders(replayed) });
    },
  }),
  operation({
    method: "get",
    path: "/api/farmers/{id}",
    summary: "One farmer (an erased one without name, phone or village)",
    tag: "Farmers",
    access: "farmer.read",
    pathParams: { id: farmerId },
    answer: { status: 200, description: "The farmer", schema: farmerAnswer },
    errors: [404],
    handler: async ({ user, params }) => Response.json(await getFarmer(user, params.id)),
  }),
  operation({
    method: "get",
    path: "/api/farmers/{id}/meetings",
    summary: "The Farmer Meeting posts the farmer was named at, newest first, 20 a page",
    tag: "Farmers",
    access: "farmer.read",
    pathParams: { id: farmerId },
    query: farmerMeetingsQuerySchema,
    queryExample: { page: "1" },
    answer: { status: 200, description: "One page of the farmer's meetings", schema: farmerMeetingsAnswer },
    errors: [404],
    handler: async ({ user, params, query }) => Response.json(await farmerMeetings(user, params.id, query.page)),
  }),
  operation({
    method: "patch",
    path: "/api/farmers/{id}",
    summary: "Change some of a farmer's fields: only the fields sent change, null clears an optional one",
    tag: "Farmers",
    access: "farmer.manage",
    pathParams: { id: farmerId },
    body: { kind: "json", schema: farmerPatchSchema, example: { village: "Chak 46", landAcres: 14 } },
    answer: { status: 200, description: "The farmer", schema: farmerAnswer },
    // 409: the phone is another farmer's, or the farmer was erased.
    errors: [404, 409],
    handler: async ({ user, params, body }) => {
      // A missing farmer (404) or another team's (403) answers before the body is read.
      await requireFarmerFor(user, params.id, "farmer.manage");
      return Response.json(await updateFarmer(user, params.id, await body()));
    },
  }),
  operation({
    method: "post",
    path: "/api/farmers/{id}/erase",
    summary:
      "Erase a farmer's personal data on their request (name, phone, village): the managers of their team and admins; the row stays so counts stay right",
    tag: "Farmers",
    access: "farmer.erase",
    pathParams: { id: farmerId },
    answer: { status: 200, description: "The farmer as erased", schema: farmerAnswer },
    // 409: already erased.
    errors: [404, 409],
    handler: async ({ user, params }) => Response.json(await eraseFarmer(user, params.id)),
  }),
  operation({
    method: "post",
    path: "/api/farmers/import",
    summary:
      "Import farmers from a spreadsheet (.xlsx or .xls, at most 10 MB; the columns of /farmers/import/template.xlsx) for a team: every row checked, then all rows written or none",
    tag: "Farmers",
    access: "farmers.import",
    query: farmerImportQuerySchema,
    queryExample: { team: "1" },
    body: { kind: "multipart", fields: { file: { description: "The spreadsheet", file: true, required: true } } },
    answer: { status: 200, description: "What was imported", schema: farmerImportAnswer },
    // A file with row errors writes nothing: 422, the error saying how many rows failed and the
    // file's messages each row's. 409: a phone of the file was registered meanwhile.
    errors: [409, 422],
    handler: async ({ request, user, query }) => {
      const { file } = await readSpreadsheetForm(request);
      if (!file) throw new AppError(400, NOT_EXCEL, { field: "file" });
      const result = await importFarmers(user, file.bytes, { ...query, say: said });
      if (result.failed === 0) return Response.json(result);
      return apiError(422, farmerImportNotice(result).description, { file: result.errors });
    },
  }),
];
