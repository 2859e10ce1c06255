import type { Route } from "./+types/logout";
import { methodNotAllowed } from "~/http/api.server";
import { destroyUserSession } from "~/models/session.server";

/** POST /api/logout: ends this session (answers 200 even when there was none). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  return Response.json({ success: true }, { headers: { "Set-Cookie": await destroyUserSession(request) } });
}

export const loader = methodNotAllowed;
