import type { Route } from "./+types/register";
import { apiError, readJsonBody, methodNotAllowed } from "~/http/api.server";
import { createUserSession } from "~/models/session.server";
import { FieldError, registerUser, toApiUser } from "~/models/user.server";
import { registrationSchema } from "~/models/user.schema";

/** POST /api/register: creates an OFFICER account, signs it in and answers the user (201). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const input = await readJsonBody(request, registrationSchema);
  try {
    const user = await registerUser(input);
    return Response.json(toApiUser(user), { status: 201, headers: { "Set-Cookie": await createUserSession(user.id) } });
  } catch (error) {
    if (error instanceof FieldError) return apiError(409, error.message, { [error.field]: [error.message] });
    throw error;
  }
}

export const loader = methodNotAllowed;
