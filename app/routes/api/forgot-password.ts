import type { Route } from "./+types/forgot-password";
import { afterAnswer } from "~/http/after-answer.server";
import { methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requestPasswordReset } from "~/models/password-reset.server";
import { forgotPasswordSchema, RESET_LINK_SENT } from "~/models/user.schema";

/** POST /api/forgot-password { email }: the same message, in the same time, whether or not the account exists. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const { email } = await readJsonBody(request, forgotPasswordSchema);
  afterAnswer(context, "password reset", () => requestPasswordReset(email));
  return Response.json({ message: RESET_LINK_SENT });
}

export const loader = methodNotAllowed;
