import type { Route } from "./+types/statement-xlsx";
import { requireUser } from "~/http/auth.server";
import { languageContext } from "~/http/context";
import { requestTranslator } from "~/http/language.server";
import { pageCall, requirePageId } from "~/http/form.server";
import { DEALER_NOT_FOUND } from "~/models/dealer.server";
import { dealerStatement, statementFileName, statementTable, statementTitle } from "~/models/ledger-statement.server";
import { reportXlsx } from "~/models/report-export.server";

/**
 * GET /dealer-details/:id/statement.xlsx?from=&to=: the statement page's table as an Excel file
 * (amounts as numbers with 2 decimals), written in the report exports' queue.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const dealerId = requirePageId(args.params.id, DEALER_NOT_FOUND);
  const params = new URL(args.request.url).searchParams;
  const query = { from: params.get("from") || undefined, to: params.get("to") || undefined };
  const statement = await pageCall(() => dealerStatement(user, dealerId, query));
  // The file is for the person downloading it: in their language.
  const t = requestTranslator(args.context, "dealers");
  const title = statementTitle(statement, t, args.context.get(languageContext));
  const bytes = await pageCall(() => reportXlsx(title, statementTable(statement, t), user.id));
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${statementFileName(statement)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
