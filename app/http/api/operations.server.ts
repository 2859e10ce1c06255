import { accountOperations } from "~/http/api/accounts.server";
import { notificationOperations } from "~/http/api/notifications.server";
import type { ApiOperation } from "~/http/api/operation.server";
import { postOperations } from "~/http/api/posts.server";
import { rankingOperations } from "~/http/api/rankings.server";
import { visitPlanOperations } from "~/http/api/visit-plans.server";

/** Every declared /api operation, by area: the router, openapi.json and the permission spec read this list. */
export const declaredOperations: ApiOperation[] = [
  ...accountOperations,
  ...notificationOperations,
  ...postOperations,
  ...rankingOperations,
  ...visitPlanOperations,
];
