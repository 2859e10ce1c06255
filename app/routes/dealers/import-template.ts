import type { Route } from "./+types/import-template";
import { requireUser } from "~/http/auth.server";
import { importTemplate } from "~/models/dealer-import.server";

/** GET /dealers/import/template.xlsx: the dealer import's spreadsheet to fill in (signed in). */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return new Response(await importTemplate(), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": 'attachment; filename="dealers-template.xlsx"',
      "Cache-Control": "private, max-age=86400",
    },
  });
}
