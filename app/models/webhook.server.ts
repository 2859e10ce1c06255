import crypto from "node:crypto";
import { prisma, readRows, type RowOf } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { env } from "~/env.server";
import { Prisma } from "~/generated/prisma/client";
import { isPrivateHost } from "~/infra/webhook-http.server";
import { AppError } from "~/lib/app-error";
import type { WebhookEvent } from "~/lib/change-events";
import {
  type CreatedWebhook,
  TOO_MANY_WEBHOOKS,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_URL_PRIVATE,
  WEBHOOKS_MAX,
  type WebhookDeliveryView,
  type WebhookInput,
  type WebhookView,
} from "~/models/webhook.schema";

// Webhooks an admin registers (decision 50): a URL and the events it wants. The change feed's
// triggers (prisma/triggers.ts) queue a delivery for each of its events; the worker in
// webhook-delivery.server.ts sends them.

type DeliveryRow = RowOf<typeof sqlRows.delivery>;

function toDeliveryView(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt.toISOString() : null,
  };
}

type EndpointRow = { id: number; url: string; events: string; createdAt: Date };

async function toWebhookViews(endpoints: EndpointRow[]): Promise<WebhookView[]> {
  if (endpoints.length === 0) return [];
  const ids = Prisma.join(endpoints.map((endpoint) => endpoint.id));
  const pending = readRows(
    sqlRows.pendingDeliveries,
    Prisma.sql`
    SELECT endpointId, COUNT(*) AS count FROM WebhookDelivery
    WHERE endpointId IN (${ids}) AND status = 'PENDING' GROUP BY endpointId`,
  );
  // The delivery tried last: the newest with an attempt.
  const last = readRows(
    sqlRows.delivery,
    Prisma.sql`
    SELECT d.id, d.endpointId, d.event, d.status, d.attempts, d.lastStatus, d.lastError, d.lastAttemptAt, d.nextAttemptAt
    FROM WebhookDelivery d
    WHERE d.id IN (SELECT (SELECT id FROM WebhookDelivery WHERE endpointId = e.id AND attempts > 0
                           ORDER BY lastAttemptAt DESC, id DESC LIMIT 1)
                   FROM WebhookEndpoint e WHERE e.id IN (${ids}))`,
  );
  return endpoints.map((endpoint) => {
    const lastDelivery = last.find((row) => row.endpointId === endpoint.id);
    return {
      id: endpoint.id,
      url: endpoint.url,
      events: JSON.parse(endpoint.events) as WebhookEvent[],
      createdAt: endpoint.createdAt.toISOString(),
      pending: pending.find((row) => row.endpointId === endpoint.id)?.count ?? 0,
      lastDelivery: lastDelivery ? toDeliveryView(lastDelivery) : null,
    };
  });
}

const endpointSelect = { id: true, url: true, events: true, createdAt: true } as const;

/** Every webhook, oldest first, with its last delivery's status. */
export async function listWebhooks(): Promise<WebhookView[]> {
  return toWebhookViews(await prisma.webhookEndpoint.findMany({ select: endpointSelect, orderBy: { id: "asc" } }));
}

/** Registers a webhook; its secret is answered this once. Changes from now on are delivered to it. */
export async function createWebhook(adminId: number, input: WebhookInput): Promise<CreatedWebhook> {
  if (isPrivateHost(new URL(input.url), env.WEBHOOK_PRIVATE_HOSTS))
    throw new AppError(400, WEBHOOK_URL_PRIVATE, { field: "url" });
  if ((await prisma.webhookEndpoint.count()) >= WEBHOOKS_MAX)
    throw new AppError(409, TOO_MANY_WEBHOOKS, { values: { max: WEBHOOKS_MAX } });
  const secret = `whsec_${crypto.randomBytes(24).toString("base64url")}`;
  const endpoint = await prisma.webhookEndpoint.create({
    data: { url: input.url, events: JSON.stringify([...new Set(input.events)]), secret, createdById: adminId },
    select: endpointSelect,
  });
  const [webhook] = await toWebhookViews([endpoint]);
  return { webhook: webhook!, secret };
}

/** Deletes a webhook and the deliveries still waiting for it. */
export async function deleteWebhook(id: number): Promise<void> {
  const { count } = await prisma.webhookEndpoint.deleteMany({ where: { id } });
  if (count === 0) throw new AppError(404, WEBHOOK_NOT_FOUND);
}
