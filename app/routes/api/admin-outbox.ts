import type { Route } from "./+types/admin-outbox";
import { methodNotAllowed, readQuery } from "~/http/api.server";
import { pageNumberQuerySchema } from "~/models/admin.schema";
import { requireRole } from "~/http/auth.server";
import { listOutbox } from "~/models/admin.server";

/** GET /api/admin/outbox?page= (ADMIN): the emails the app sent or kept, newest first, 20 a page. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  const query = readQuery(args.request, pageNumberQuerySchema);
  return Response.json(await listOutbox(query), { headers: { "Cache-Control": "no-store" } });
}

export function action(args: Route.ActionArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}
