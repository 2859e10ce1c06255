import { accountOperations } from "~/http/api/accounts.server";
import { apiTokenOperations } from "~/http/api/api-tokens.server";
import { changeOperations } from "~/http/api/changes.server";
import type { ApiOperation } from "~/http/api/operation.server";
import { teamAdministrationOperations } from "~/http/api/team-administration.server";
import { teamOperations } from "~/http/api/teams.server";

/** Every declared /api operation, by area: the router, openapi.json and the permission spec read this list. */
export const declaredOperations: ApiOperation[] = [
  ...accountOperations,
  ...teamAdministrationOperations,
  ...teamOperations,
  ...changeOperations,
  ...apiTokenOperations,
];
