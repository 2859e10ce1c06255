import type { Route } from "./+types/logout";
import { methodNotAllowed } from "~/http/api.server";
import { requireWriteScope } from "~/http/auth.server";
import { destroyUserSession } from "~/models/session.server";

/** POST /api/logout: ends this session (answers 200 even when there was none); a read token may not (403). */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "POST") return methodNotAllowed(args);
  requireWriteScope(args);
  return Response.json({ success: true }, { headers: { "Set-Cookie": await destroyUserSession(args.request) } });
}

export const loader = methodNotAllowed;
