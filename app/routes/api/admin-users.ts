import type { Route } from "./+types/admin-users";
import { apiCall, methodNotAllowed, readJsonBody, readQuery } from "~/http/api.server";
import { createUserByAdmin, searchUsers } from "~/models/admin.server";
import { newUserSchema, userSearchSchema } from "~/models/admin.schema";
import { requireRole } from "~/http/auth.server";

/**
 * GET /api/admin/users?query=&page=&team= (ADMIN): users matching every word, newest first, 20 a
 * page, with the total (a manager's people are GET /api/team/users).
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireRole(args, "ADMIN");
  const search = readQuery(args.request, userSearchSchema);
  return apiCall(async () =>
    Response.json(await searchUsers(viewer, search), { headers: { "Cache-Control": "no-store" } }),
  );
}

/** POST /api/admin/users (ADMIN): a new account, in at once → 201 and the user; a taken username or email 409. */
export async function action(args: Route.ActionArgs) {
  const admin = requireRole(args, "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const input = await readJsonBody(args.request, newUserSchema);
    return Response.json(await createUserByAdmin(admin.id, input), { status: 201 });
  });
}
