import type { Route } from "./+types/import-template";
import { requireAllowed } from "~/http/auth.server";
import { pageCall } from "~/http/form.server";
import { requestTranslator } from "~/http/language.server";
import { importHelpLines } from "~/components/targets/target-words";
import { targetPageQuery } from "~/http/target-query.server";
import { targetTemplate } from "~/models/target-import.server";

/**
 * GET /targets/import/template.xlsx?period=&team=: the targets import's spreadsheet, filled with
 * the officers the caller sets targets for and their targets of the period (this month by default).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "targets.set");
  const query = targetPageQuery(args.request);
  const help = importHelpLines(requestTranslator(args.context, "targets"));
  const file = await pageCall(() => targetTemplate(user, query, help));
  return new Response(file, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="targets-${query.period}.xlsx"`,
      "Cache-Control": "private, no-store",
    },
  });
}
