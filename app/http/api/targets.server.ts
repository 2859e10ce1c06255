import { apiError } from "~/http/api.server";
import { said, translator } from "~/http/language.server";
import { operation } from "~/http/api/operation.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { appDate } from "~/infra/clock.server";
import { AppError } from "~/lib/app-error";
import { NOT_EXCEL } from "~/lib/dealer-import";
import { monthOf } from "~/lib/target-period";
import {
  officerTargetsSchema,
  periodProgressAnswer,
  periodProgressSchema,
  TARGET_OFFICER_NOT_FOUND,
  targetCopyAnswerSchema,
  targetCopySchema,
  targetImportAnswer,
  targetPeriodSchema,
  targetQuerySchema,
  targetValuesAnswer,
  targetValuesSchema,
} from "~/models/targets.schema";
import { importTargets, rowErrorText, targetImportNotice } from "~/models/target-import.server";
import { copyTargets, periodProgress, setTargets } from "~/models/targets.server";

// Targets and progress (decision 84): the same model calls as the /targets page and the homes.

/** /api's words: English, as its callers' tools read them. */
const ENGLISH = translator("en", ["targets"]);

const officerId = { description: "The officer's user id", example: 1, notFound: TARGET_OFFICER_NOT_FOUND };
const period = { description: "yyyy-MM, RABI-yyyy or KHARIF-yyyy", example: "2027-01" };

/** The period in the path: a malformed one answers 400 with its message. */
function pathPeriod(value: string): string {
  const parsed = targetPeriodSchema.safeParse(value);
  if (!parsed.success)
    throw new AppError(400, parsed.error.issues[0]?.message ?? "Invalid period", { field: "period" });
  return parsed.data;
}

export const targetOperations = [
  operation({
    method: "get",
    path: "/api/targets",
    summary:
      "Targets and progress in a period (this month by default): an officer their own and their team's totals; a manager their teams' officers (or one of their teams); an admin everyone (or one team)",
    tag: "Targets",
    // 403: a team not the viewer's own or led (an admin's: any).
    access: "team.view",
    query: targetQuerySchema,
    queryExample: { period: "2026-11" },
    answer: {
      status: 200,
      description: "Each officer's targets and progress, and each team's totals",
      schema: periodProgressSchema,
    },
    errors: [400, 403],
    handler: async ({ user, query }) =>
      Response.json(
        periodProgressAnswer(
          await periodProgress(user, { period: query.period ?? monthOf(appDate()), team: query.team }),
        ),
        { headers: { "Cache-Control": "no-store" } },
      ),
  }),
  operation({
    method: "put",
    path: "/api/officers/{id}/targets/{period}",
    summary:
      "Set an officer's targets for a period, every measure at once (absent or null: no target): a manager for the officers of the teams they lead, an admin for anyone",
    tag: "Targets",
    access: "targets.set",
    pathParams: { id: officerId, period },
    body: {
      kind: "json",
      schema: targetValuesSchema,
      example: { sspBags: 300, salesAmount: "250000.00", farmerMeetings: 12 },
    },
    answer: { status: 200, description: "The officer's targets for the period", schema: officerTargetsSchema },
    errors: [403, 404],
    handler: async ({ user, params, body }) => {
      const at = pathPeriod(params.period);
      const targets = await setTargets(user, params.id, at, await body());
      return Response.json({ officerId: params.id, period: at, targets: targetValuesAnswer(targets) });
    },
  }),
  operation({
    method: "post",
    path: "/api/targets/copy",
    summary:
      "Copy last period's targets into this one, raised or lowered by a percentage, for the officers the caller sets targets for (or one team of them)",
    tag: "Targets",
    access: "targets.set",
    body: { kind: "json", schema: targetCopySchema, example: { period: "2026-12", percent: 10 } },
    answer: { status: 200, description: "How many officers got them", schema: targetCopyAnswerSchema },
    errors: [403],
    handler: async ({ user, body }) => Response.json({ officers: await copyTargets(user, await body()) }),
  }),
  operation({
    method: "post",
    path: "/api/targets/import",
    summary:
      "Import targets from a spreadsheet (.xlsx or .xls, at most 10 MB; the columns of /targets/import/template.xlsx): every row checked, then all rows written or none; an empty cell leaves its target as it stands",
    tag: "Targets",
    access: "targets.set",
    body: { kind: "multipart", fields: { file: { description: "The spreadsheet", file: true, required: true } } },
    answer: { status: 200, description: "What was imported", schema: targetImportAnswer },
    // A file with row errors writes nothing: 422 (403 when a row names an officer whose targets the
    // caller does not set), the error saying how many rows failed and the file's messages each row's.
    errors: [422],
    handler: async ({ request, user }) => {
      const { file } = await readSpreadsheetForm(request);
      if (!file) throw new AppError(400, NOT_EXCEL, { field: "file" });
      const { forbidden, ...result } = await importTargets(user, file.bytes);
      if (result.failed === 0) return Response.json(result);
      return apiError(forbidden ? 403 : 422, targetImportNotice(result, ENGLISH).description, {
        file: result.errors.map((error) => rowErrorText(error, said)),
      });
    },
  }),
];
