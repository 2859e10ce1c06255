import type { Route } from "./+types/admin-user";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireId } from "~/lib/ids";
import { updateUserByAdmin } from "~/models/admin.server";
import { updateUserSchema, USER_NOT_FOUND } from "~/models/admin.schema";
import { requireRole } from "~/http/auth.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "ADMIN");
  return methodNotAllowed(args);
}

/** PATCH /api/admin/users/{id} (ADMIN): `{ role?, isActive? }` → the updated user. Deactivating ends their sessions. */
export async function action(args: Route.ActionArgs) {
  const admin = requireRole(args, "ADMIN");
  if (args.request.method !== "PATCH") return methodNotAllowed(args);
  return apiCall(async () => {
    const userId = requireId(args.params.id, USER_NOT_FOUND);
    const input = await readJsonBody(args.request, updateUserSchema);
    return Response.json(await updateUserByAdmin(admin.id, userId, input));
  });
}
