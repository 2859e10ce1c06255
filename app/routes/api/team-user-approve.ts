import type { Route } from "./+types/team-user-approve";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireRole } from "~/http/auth.server";
import { requireId } from "~/lib/ids";
import { teamChoiceSchema } from "~/models/registration.schema";
import { approveAccount, PENDING_NOT_FOUND } from "~/models/registration.server";

export function loader(args: Route.LoaderArgs) {
  requireRole(args, "MANAGER", "ADMIN");
  return methodNotAllowed(args);
}

/** POST /api/team/users/{id}/approve {teamId} (MANAGER of that team, ADMIN): lets a waiting account in. */
export async function action(args: Route.ActionArgs) {
  const approver = requireRole(args, "MANAGER", "ADMIN");
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const userId = requireId(args.params.id, PENDING_NOT_FOUND);
    const { teamId } = await readJsonBody(args.request, teamChoiceSchema);
    await approveAccount(approver, userId, teamId);
    return Response.json({ message: "Account approved" });
  });
}
