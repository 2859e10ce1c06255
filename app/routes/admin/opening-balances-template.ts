import type { Route } from "./+types/opening-balances-template";
import { requireAllowed } from "~/http/auth.server";
import { openingTemplate } from "~/models/opening-import.server";

/** GET /admin/opening-balances/template.xlsx: the opening-balance import's spreadsheet to fill in (admins). */
export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, "dealerAccount.open");
  return new Response(await openingTemplate(), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": 'attachment; filename="opening-balances-template.xlsx"',
      "Cache-Control": "private, max-age=86400",
    },
  });
}
