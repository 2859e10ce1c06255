import type { Route } from "./+types/save-registration";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { createUserSession } from "~/models/session.server";
import { register } from "~/models/registration.server";
import { toApiUser, withAddresses } from "~/models/user.server";
import { saveRegistrationSchema } from "~/models/user.schema";

/** POST /api/save-registration: registration fields and both places in one call, for one-shot clients; creates the OFFICER and signs in. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const input = await readJsonBody(request, saveRegistrationSchema);
  return apiCall(async () => {
    const user = await register(await withAddresses(input));
    return Response.json(toApiUser(user), { status: 201, headers: { "Set-Cookie": await createUserSession(user.id) } });
  });
}

export const loader = methodNotAllowed;
