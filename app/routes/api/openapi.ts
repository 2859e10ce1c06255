import type { Route } from "./+types/openapi";
import { acceptsJson, apiError, methodNotAllowed } from "~/http/api.server";
import { buildOpenApiDocument } from "~/http/openapi.server";

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

const OPENAPI_JSON_ONLY = "The API description is served as application/json only";

/**
 * GET /api/openapi.json: the whole API, built once from the operation list and its zod schemas;
 * 406 to a client that takes no JSON.
 */
export function loader({ request }: Route.LoaderArgs) {
  if (!acceptsJson(request)) return apiError(406, OPENAPI_JSON_ONLY);
  document ??= buildOpenApiDocument();
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } });
}

export const action = methodNotAllowed;
