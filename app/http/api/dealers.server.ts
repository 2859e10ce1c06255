import { z } from "zod";
import { versionedJson, type VersionedAnswer, ifMatchVersions, recordJson } from "~/http/answer-cache.server";
import * as answers from "~/http/api-answers";
import { apiError } from "~/http/api.server";
import { requireAllowed } from "~/http/auth.server";
import { operation } from "~/http/api/operation.server";
import { translator } from "~/http/language.server";
import { readImageForm, readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { parseIndex } from "~/lib/ids";
import {
  importSampleFile,
  importUpload,
  NOT_EXCEL,
  SAMPLE_IMPORT_FILE,
  saveImportUpload,
  toImportAnswer,
} from "~/models/dealer-import.server";
import { visitsQuerySchema } from "~/models/dealer-visits.schema";
import { dealerVisits } from "~/models/dealer-visits.server";
import {
  aboutSchema,
  dealerImportRequestSchema,
  dealerListQuerySchema,
  dealerPatchSchema,
  dealerSchema,
  decodeDealerCursor,
  encodeDealerCursor,
} from "~/models/dealer.schema";
import {
  addGalleryImage,
  createDealer,
  DEALER_NOT_FOUND,
  dealerVersion,
  GALLERY_IMAGE_NOT_FOUND,
  listDealerPins,
  listDealers,
  patchDealer,
  removeGalleryImage,
  requireDealer,
  requireDealerToChange,
  setProfilePicture,
  updateAbout,
  updateDealer,
} from "~/models/dealer.server";
import { replayHeaders, submissionKeyFromHeader } from "~/infra/idempotency.server";
import { listVersion } from "~/models/list-version.server";
import { territoryTeamsOf } from "~/models/team.server";

const dealerId = { description: "Dealer id", example: 1, notFound: DEALER_NOT_FOUND };

const dealerExample = {
  businessName: "Contract Test Traders",
  ownerFirstName: "Asif",
  ownerLastName: "Jutt",
  phone: "+92 300 1234567",
  street: "Shop 5, Grain Market",
  city: "Okara",
  state: "Punjab",
  lat: 30.8138,
  lng: 73.4534,
};

const imageField = {
  image: { description: "A JPEG, PNG or WebP image of at most 5 MB", file: true, required: true },
};

/** 201 with the dealer; a replayed Idempotency-Key says so. */
function createdDealer(dealer: unknown, replayed: boolean): Response {
  return Response.json(dealer, { status: 201, headers: replayHeaders(replayed) });
}

export const dealerOperations = [
  operation({
    method: "get",
    path: "/api/dealers",
    summary:
      "The dealer directory, searched by business name, owner, city or phone; " +
      'the whole list, or pages of `limit` with the next one in the Link header (rel="next")',
    tag: "Dealers",
    access: "app.use",
    query: dealerListQuerySchema,
    queryExample: { query: "Traders" },
    answer: { status: 200, description: "Dealers (with view=map: pins only)", schema: z.array(answers.dealerAnswer) },
    /**
     * The directory, filtered by business name, owner, city or phone, and (for the map) by
     * province; `view=map` answers the map's pins only. The whole list unless `limit` asks for
     * pages, whose next one is in `Link: <…>; rel="next"`. The answer is tagged with the dealers'
     * version, so an unchanged list is neither read nor sent again.
     */
    handler: async ({ request, user, query: { query, province, view, limit, cursor, scope } }) => {
      const version = listVersion("Dealer");
      const search = view === "map" ? "" : (query ?? "");
      // Without a search, an officer's list starts with their territory's dealers (`scope=company`:
      // all); a search looks through every dealer, and the map's pins are every dealer.
      const territory = view === "map" || search || scope === "company" ? [] : await territoryTeamsOf(user);
      const teamIds = territory.length > 0 ? territory : undefined;
      const key = JSON.stringify([
        "dealers",
        version,
        teamIds ?? null,
        view ?? null,
        province ?? null,
        search,
        limit ?? null,
        cursor ?? null,
      ]);

      return versionedJson(request, key, async (): Promise<VersionedAnswer> => {
        // One more than the page tells whether another page follows.
        const options = {
          state: province,
          teamIds,
          limit: limit === undefined ? undefined : limit + 1,
          after: decodeDealerCursor(cursor),
        };
        // view=map: the map's pins only (no gallery, notes or pictures), for thousands of markers.
        const rows = view === "map" ? listDealerPins(options) : listDealers(search, options);
        if (limit === undefined || rows.length <= limit) return { data: rows };
        const page = rows.slice(0, limit);
        const next = new URL(request.url);
        next.searchParams.set("cursor", encodeDealerCursor(page[page.length - 1]!));
        return { data: page, headers: { Link: `<${next.pathname}${next.search}>; rel="next"` } };
      });
    },
  }),
  operation({
    method: "post",
    path: "/api/dealers",
    summary: "Add a dealer",
    tag: "Dealers",
    access: "app.use",
    body: { kind: "json", schema: dealerSchema, example: dealerExample },
    answer: { status: 201, description: "The dealer", schema: answers.dealerAnswer },
    idempotent: true,
    /**
     * A new dealer (the Add Dealer form's fields and rules). With an `Idempotency-Key`, a repeat
     * answers the first dealer (201, `Idempotent-Replayed: true`); the key with other fields
     * answers 422.
     */
    handler: async ({ request, user, body }) => {
      const key = submissionKeyFromHeader(request);
      const { dealer, replayed } = await createDealer(await body(), user, key);
      return createdDealer(dealer, replayed);
    },
  }),
  operation({
    method: "get",
    path: "/api/dealers/{id}",
    summary: "One dealer",
    tag: "Dealers",
    access: "app.use",
    pathParams: { id: dealerId },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404],
    etag: true,
    /** The dealer, with its version as ETag (If-None-Match: 304). */
    handler: async ({ request, params }) => {
      const dealer = await requireDealer(params.id);
      return recordJson(request, dealer, dealerVersion(dealer));
    },
  }),
  operation({
    method: "put",
    path: "/api/dealers/{id}",
    summary:
      "Update a dealer (omitted or null optional fields are cleared; the dealer as GET answers it may be sent back)",
    tag: "Dealers",
    access: "dealer.change",
    pathParams: { id: { ...dealerId, example: 999_999 } },
    body: { kind: "json", schema: dealerSchema, example: dealerExample, readOnly: answers.dealerAnswer },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    // 409: other writers kept changing the dealer while this one was saved.
    errors: [404, 409],
    etag: true,
    /**
     * The form's fields plus lat, lng and formattedAddress; omitted or null optional fields are
     * cleared. The dealer as GET answers it may be sent back whole. If-Match (the ETag read): a
     * dealer changed since answers 412 and is left as it is. Only the dealer's team, its managers
     * and admins change it (403), and move it only into a team they may choose (403).
     */
    handler: async ({ request, user, params, body }) => {
      // A missing dealer (404) or another team's (403) answers before the body is read.
      const { id } = await requireDealerToChange(user, params.id);
      const expected = ifMatchVersions(request);
      const dealer = await updateDealer(user, id, await body(), undefined, expected);
      return recordJson(request, dealer, dealerVersion(dealer));
    },
  }),
  operation({
    method: "patch",
    path: "/api/dealers/{id}",
    summary:
      "Change some of a dealer's fields: only the fields sent change, null clears an optional one; a moved dealer sent without an address gets its new place's",
    tag: "Dealers",
    access: "dealer.change",
    pathParams: { id: dealerId },
    body: { kind: "json", schema: dealerPatchSchema, example: { phone: "+92 300 7654321", notes: null } },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404, 409],
    etag: true,
    /** Only the fields sent change; `null` clears an optional one. If-Match and the team rule as PUT. */
    handler: async ({ request, user, params, body }) => {
      // A missing dealer (404) or another team's (403) answers before the body is read.
      const { id } = await requireDealerToChange(user, params.id);
      const expected = ifMatchVersions(request);
      const dealer = await patchDealer(user, id, await body(), expected);
      return recordJson(request, dealer, dealerVersion(dealer));
    },
  }),
  operation({
    method: "get",
    path: "/api/dealers/{id}/visits",
    summary:
      "The dealer's last visit and its visits (every post naming the dealer), newest first; `cursor` (an answer's nextCursor) pages back",
    tag: "Dealers",
    access: "app.use",
    pathParams: { id: dealerId },
    query: visitsQuerySchema,
    queryExample: { limit: "10" },
    answer: { status: 200, description: "The last visit and one page of visits", schema: answers.dealerVisitsAnswer },
    errors: [404],
    handler: async ({ params, query }) => Response.json(await dealerVisits(params.id, query)),
  }),
  operation({
    method: "put",
    path: "/api/dealers/{id}/about",
    summary: "Update the dealer's About section",
    tag: "Dealers",
    access: "dealer.change",
    pathParams: { id: dealerId },
    body: {
      kind: "json",
      schema: aboutSchema,
      example: { aboutDescription: "Stockist of SSP and sulfur since 2009." },
    },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404],
    // { aboutDescription }: at most 1000 characters; empty clears it.
    handler: async ({ user, params, body }) => {
      const { aboutDescription } = await body();
      return Response.json(await updateAbout(user, params.id, aboutDescription));
    },
  }),
  operation({
    method: "post",
    path: "/api/dealers/{id}/profile-picture",
    summary: "Set the dealer's profile picture",
    tag: "Dealers",
    access: "dealer.change",
    pathParams: { id: dealerId },
    body: { kind: "multipart", fields: imageField },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404, 429, 503],
    handler: async ({ request, user, params }) => {
      // A missing dealer (404) or another team's (403) answers before the upload is read.
      const { id } = await requireDealerToChange(user, params.id);
      const { image } = await readImageForm(request);
      return Response.json(await setProfilePicture(user, id, image));
    },
  }),
  operation({
    method: "post",
    path: "/api/dealers/{id}/gallery",
    summary: "Add a photo to the dealer's gallery (at most 5)",
    tag: "Dealers",
    access: "dealer.change",
    pathParams: { id: dealerId },
    body: { kind: "multipart", fields: imageField },
    answer: { status: 201, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404, 429, 503],
    idempotent: true,
    /**
     * With an `Idempotency-Key` (the user's), a repeat adds nothing and answers the dealer (201,
     * `Idempotent-Replayed: true`); the key with another photo or dealer answers 422.
     */
    handler: async ({ request, user, params }) => {
      // A missing dealer, another team's or a malformed key answers before the upload is read.
      const { id } = await requireDealerToChange(user, params.id);
      const key = submissionKeyFromHeader(request);
      const { image } = await readImageForm(request);
      const { dealer, replayed } = await addGalleryImage(user, id, image, key);
      return createdDealer(dealer, replayed);
    },
  }),
  operation({
    method: "delete",
    path: "/api/dealers/{id}/gallery/{index}",
    summary: "Remove a photo from the dealer's gallery",
    tag: "Dealers",
    access: "dealer.change",
    pathParams: { id: dealerId, index: { description: "Position in the gallery, from 0", example: 4 } },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404],
    // The index is 0-based, in the order of galleryImages.
    handler: async ({ user, params }) => {
      const index = parseIndex(params.index);
      if (index === null) throw new AppError(404, GALLERY_IMAGE_NOT_FOUND);
      return Response.json(await removeGalleryImage(user, params.id, index));
    },
  }),
  operation({
    method: "post",
    path: "/api/upload",
    summary: "Upload a spreadsheet (.xlsx or .xls, at most 10 MB) for a dealer import",
    tag: "Dealers",
    access: "app.use",
    body: { kind: "multipart", fields: { file: { description: "The spreadsheet", file: true, required: true } } },
    answer: { status: 201, description: "Stored", schema: answers.spreadsheetUploadAnswer },
    // Answers { uploadId }, for POST /api/dealers/import.
    handler: async ({ request, user }) => {
      const { file } = await readSpreadsheetForm(request);
      if (!file) throw new AppError(400, NOT_EXCEL, { field: "file" });
      const uploadId = await saveImportUpload(file, user.id);
      return Response.json({ uploadId }, { status: 201 });
    },
  }),
  operation({
    method: "post",
    path: "/api/dealers/import",
    summary:
      "Import dealers from an uploaded spreadsheet (or, ADMIN only, the sample file); the same upload again answers its first import",
    tag: "Dealers",
    access: "app.use",
    body: {
      kind: "json",
      schema: dealerImportRequestSchema,
      example: { uploadId: "00000000-0000-4000-8000-000000000000" },
    },
    answer: { status: 200, description: "What was imported", schema: answers.importAnswer },
    errors: [403, 404, 503],
    /**
     * { uploadId } from POST /api/upload (any signed-in user, own uploads), or, for ADMIN only,
     * { filePath: "samples/dealers-sample.xlsx" }, the only server file that can be named.
     */
    handler: async ({ request, context, user, body }) => {
      const { uploadId, filePath } = await body();
      if (uploadId && filePath) return apiError(400, "Send uploadId or filePath, not both");
      // /api answers in English: its callers are tools.
      const english = translator("en", ["dealers"]);
      if (uploadId) return Response.json(toImportAnswer(await importUpload(uploadId, user.id), english));
      if (filePath !== undefined) {
        await requireAllowed({ request, context }, "dealers.importSample");
        if (filePath !== SAMPLE_IMPORT_FILE)
          return apiError(400, `Unknown file. The only server file that can be imported is ${SAMPLE_IMPORT_FILE}`);
        return Response.json(toImportAnswer(await importSampleFile(user.id), english));
      }
      return apiError(400, "uploadId is required");
    },
  }),
];
