import { z } from "zod";
import * as answers from "~/http/api-answers";
import { operation } from "~/http/api/operation.server";
import { changesQuerySchema } from "~/models/change.schema";
import { listChanges } from "~/models/change.server";
import { createdWebhookSchema, WEBHOOK_NOT_FOUND, webhookSchema, webhookViewSchema } from "~/models/webhook.schema";
import { createWebhook, deleteWebhook, listWebhooks } from "~/models/webhook.server";

// The change feed and the webhooks that push it (decision 50).
export const changeOperations = [
  operation({
    method: "get",
    path: "/api/changes",
    summary:
      "Posts, dealers, check-ins and users created, updated or deleted, and dealers' ledger entries created, after the cursor `since`, in commit order, each with the row as it is now; `next` is the cursor for the next call",
    tag: "Changes",
    access: "changes.read",
    query: changesQuerySchema,
    queryExample: { since: "0", limit: "50" },
    answer: { status: 200, description: "A page of changes", schema: answers.changesAnswer },
    handler: async ({ user, query }) =>
      Response.json(await listChanges(user, query), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "get",
    path: "/api/admin/webhooks",
    summary: "The webhooks, with their last delivery's status",
    tag: "Changes",
    access: "webhooks.manage",
    answer: { status: 200, description: "The webhooks", schema: z.array(webhookViewSchema) },
    handler: async () => Response.json(await listWebhooks(), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "post",
    path: "/api/admin/webhooks",
    summary:
      "Register a URL for events (see `webhooks`): answers the signing secret this once; only public http(s) addresses",
    tag: "Changes",
    access: "webhooks.manage",
    body: {
      kind: "json",
      schema: webhookSchema,
      example: { url: "https://hooks.example.com/fieldline", events: ["post.created", "dealer.updated"] },
    },
    answer: { status: 201, description: "The webhook and its secret", schema: createdWebhookSchema },
    errors: [409],
    handler: async ({ user, body }) =>
      Response.json(await createWebhook(user.id, await body()), {
        status: 201,
        headers: { "Cache-Control": "no-store" },
      }),
  }),
  operation({
    method: "delete",
    path: "/api/admin/webhooks/{id}",
    summary: "Delete a webhook and its deliveries still waiting",
    tag: "Changes",
    access: "webhooks.manage",
    pathParams: { id: { description: "Webhook id", example: 1, notFound: WEBHOOK_NOT_FOUND } },
    answer: { status: 200, description: "Deleted", schema: answers.successAnswer },
    errors: [404],
    handler: async ({ params }) => {
      await deleteWebhook(params.id);
      return Response.json({ success: true });
    },
  }),
];
