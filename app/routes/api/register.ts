import type { Route } from "./+types/register";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { createUserSession } from "~/models/session.server";
import { register } from "~/models/registration.server";
import { toApiUser } from "~/models/user.server";
import { registrationSchema } from "~/models/user.schema";

/** POST /api/register: creates an OFFICER account, signs it in and answers the user (201). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const input = await readJsonBody(request, registrationSchema);
  return apiCall(async () => {
    const user = await register(input);
    return Response.json(toApiUser(user), { status: 201, headers: { "Set-Cookie": await createUserSession(user.id) } });
  });
}

export const loader = methodNotAllowed;
