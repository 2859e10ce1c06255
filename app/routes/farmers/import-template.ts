import type { Route } from "./+types/import-template";
import { requireAllowed } from "~/http/auth.server";
import { farmerImportTeamOf } from "~/http/farmer-import-query.server";
import { requestTranslator } from "~/http/language.server";
import { farmerTemplate } from "~/models/farmer-import.server";

/**
 * GET /farmers/import/template.xlsx?team=: the farmers import's spreadsheet, its header and an
 * example row, and how to fill it in the reader's language; a team named is, as on the import's
 * page, one the caller imports for.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, "farmers.import");
  const team = farmerImportTeamOf(args.request);
  if (team !== undefined) await requireAllowed(args, "farmers.import", { teamId: team });
  return new Response(await farmerTemplate(requestTranslator(args.context, "farmers")), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": 'attachment; filename="farmers.xlsx"',
      "Cache-Control": "private, no-store",
    },
  });
}
