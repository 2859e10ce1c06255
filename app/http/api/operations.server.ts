import { acceptsJson, apiError } from "~/http/api.server";
import { accountOperations } from "~/http/api/accounts.server";
import { adminOperations } from "~/http/api/admin.server";
import { dealerAccountOperations } from "~/http/api/dealer-accounts.server";
import { dealerOperations } from "~/http/api/dealers.server";
import { farmerOperations } from "~/http/api/farmers.server";
import { plotOperations } from "~/http/api/plots.server";
import { placeOperations } from "~/http/api/places.server";
import { notificationOperations } from "~/http/api/notifications.server";
import { postOperations } from "~/http/api/posts.server";
import { rankingOperations } from "~/http/api/rankings.server";
import { statementOperations } from "~/http/api/statements.server";
import { visitPlanOperations } from "~/http/api/visit-plans.server";
import { apiTokenOperations } from "~/http/api/api-tokens.server";
import { changeOperations } from "~/http/api/changes.server";
import { operation, type ApiOperation } from "~/http/api/operation.server";
import { teamAdministrationOperations } from "~/http/api/team-administration.server";
import { teamOperations } from "~/http/api/teams.server";
import { targetOperations } from "~/http/api/targets.server";
import { buildOpenApiDocument } from "~/http/openapi.server";

const OPENAPI_JSON_ONLY = "The API description is served as application/json only";

let openApiDocument: ReturnType<typeof buildOpenApiDocument> | undefined;

// Declared here, beside the list it describes: openapi.server.ts takes the list as an argument,
// so neither module imports the other.
const thisDocument = operation({
  method: "get",
  path: "/api/openapi.json",
  summary: "This description of the API (OpenAPI 3.1)",
  tag: "Meta",
  access: "public",
  answer: { status: 200, description: "The OpenAPI document" },
  errors: [406],
  /** The whole API, built once from the operation list and its zod schemas; 406 to a client that takes no JSON. */
  handler: ({ request }) => {
    if (!acceptsJson(request)) return apiError(406, OPENAPI_JSON_ONLY);
    openApiDocument ??= buildOpenApiDocument(declaredOperations);
    return Response.json(openApiDocument, { headers: { "Cache-Control": "public, max-age=300" } });
  },
});

/** Every declared /api operation, by area: the router, openapi.json and the permission spec read this list. */
export const declaredOperations: ApiOperation[] = [
  ...accountOperations,
  ...notificationOperations,
  ...postOperations,
  ...rankingOperations,
  ...visitPlanOperations,
  ...targetOperations,
  ...farmerOperations,
  ...plotOperations,
  ...dealerOperations,
  ...dealerAccountOperations,
  ...statementOperations,
  ...placeOperations,
  ...adminOperations,
  ...teamAdministrationOperations,
  ...teamOperations,
  ...changeOperations,
  ...apiTokenOperations,
  thisDocument,
];
