import type { Route } from "./+types/reset-password";
import { apiError, readJsonBody, methodNotAllowed } from "~/http/api.server";
import { resetPassword } from "~/models/password-reset.server";
import { resetPasswordSchema } from "~/models/user.schema";

/** POST /api/reset-password { token, newPassword }. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const { token, newPassword } = await readJsonBody(request, resetPasswordSchema);
  const outcome = await resetPassword(token, newPassword);
  if (!outcome.ok) return apiError(400, outcome.error);
  return Response.json({ message: outcome.message });
}

export const loader = methodNotAllowed;
