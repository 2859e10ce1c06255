import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { apiError, readJsonBody, methodNotAllowed, wantsJsonNotPage } from "~/http/api.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { signIn } from "~/http/sign-in.server";
import { getUserById, INVALID_LOGIN, toApiUser } from "~/models/user.server";
import { loginSchema } from "~/models/user.schema";

const SIGN_IN_HOW = "Sign in with POST /api/login and a JSON body { username, password }";

/**
 * GET /api/login: where clients send a signed-out browser; our sign-in page. A tool that asks for
 * JSON (and not a page) is told how to sign in and where the page is.
 */
export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const loginPage = `/login?${new URLSearchParams({ redirectTo })}`;
  // The answer depends on Accept: caches must keep the two apart.
  const headers = { Vary: "Accept" };
  if (wantsJsonNotPage(request)) return Response.json({ message: SIGN_IN_HOW, loginPage }, { headers });
  return redirect(loginPage, { headers });
}

/** 429 with how long this attempt must wait. */
function tooMany(message: string, retryAfterSeconds: number): Response {
  const response = apiError(429, message);
  response.headers.set("Retry-After", String(retryAfterSeconds));
  return response;
}

/** POST /api/login { username, password }: signs in and answers the user. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  const credentials = await readJsonBody(request, loginSchema);
  const login = await signIn({ request, context }, credentials);
  if (!login.ok) {
    return login.retryAfterSeconds === undefined
      ? apiError(401, login.error)
      : tooMany(login.error, login.retryAfterSeconds);
  }
  const user = await getUserById(login.userId);
  if (!user) return apiError(401, INVALID_LOGIN);
  return Response.json(toApiUser(user), { headers: login.headers });
}
