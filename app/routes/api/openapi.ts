import type { Route } from "./+types/openapi";
import { methodNotAllowed } from "~/http/api.server";
import { buildOpenApiDocument } from "~/http/openapi.server";
import { env } from "~/env.server";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

/** GET /api/openapi.json: the whole API, built once from the operation list and its zod schemas. */
export function loader(_args: Route.LoaderArgs) {
  document ??= buildOpenApiDocument(new URL(env.APP_URL).origin);
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } });
}

export const action = methodNotAllowed;
