import type { Route } from "./+types/forgot-password";
import { readJsonBody, methodNotAllowed } from "~/http/api.server";
import { requestPasswordReset } from "~/models/password-reset.server";
import { forgotPasswordSchema } from "~/models/user.schema";

/** POST /api/forgot-password { email }: the same message whether or not the account exists. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const { email } = await readJsonBody(request, forgotPasswordSchema);
  return Response.json({ message: await requestPasswordReset(email) });
}

export const loader = methodNotAllowed;
