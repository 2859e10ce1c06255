import { accountOperations } from "~/http/api/accounts.server";
import { adminOperations } from "~/http/api/admin.server";
import { dealerOperations } from "~/http/api/dealers.server";
import type { ApiOperation } from "~/http/api/operation.server";
import { placeOperations } from "~/http/api/places.server";

import { notificationOperations } from "~/http/api/notifications.server";
import { postOperations } from "~/http/api/posts.server";
import { rankingOperations } from "~/http/api/rankings.server";
import { visitPlanOperations } from "~/http/api/visit-plans.server";
/** Every declared /api operation, by area: the router, openapi.json and the permission spec read this list. */
export const declaredOperations: ApiOperation[] = [
  ...accountOperations,
  ...dealerOperations,
  ...placeOperations,
  ...adminOperations,

  ...notificationOperations,
  ...postOperations,
  ...rankingOperations,
  ...visitPlanOperations,
];
