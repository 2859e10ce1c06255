import type { Route } from "./+types/admin-user";
import { adminCall, apiUserId } from "~/lib/admin-api.server";
import { methodNotAllowed, readJsonBody } from "~/http/api.server";
import { updateUserByAdmin } from "~/models/admin.server";
import { updateUserSchema } from "~/models/admin.schema";
import { requireRole } from "~/models/auth.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** PATCH /api/admin/users/{id} (ADMIN): `{ role?, isActive? }` → the updated user. Deactivating ends their sessions. */
export async function action(args: Route.ActionArgs) {
  const admin = requireRole(args, "ADMIN");
  if (args.request.method !== "PATCH") return methodNotAllowed(args);
  const userId = apiUserId(args.params.id);
  return adminCall(async () => {
    const input = await readJsonBody(args.request, updateUserSchema);
    return Response.json(await updateUserByAdmin(admin.id, userId, input));
  });
}
