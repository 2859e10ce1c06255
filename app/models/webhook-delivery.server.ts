import crypto from "node:crypto";
import { prisma, readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { env } from "~/env.server";
import { Prisma } from "~/generated/prisma/client";
import type { OutboxBacklog } from "~/infra/prometheus.server";
import { postWebhook } from "~/infra/webhook-http.server";
import { SIGNATURE_HEADER } from "~/lib/change-events";
import { COMPANY_READER, withCurrentShapes } from "~/models/change.server";
import { currentTime } from "~/infra/clock.server";
import { log } from "~/infra/log.server";

// The webhooks' delivery worker (decision 50). Deliveries wait in the WebhookDelivery table (the
// outbox, filled by triggers in the transaction of each change), so no request ever waits for a
// receiver, and nothing is lost when the server stops. A job of the server process (server/jobs.ts,
// on the primary only) sends each endpoint's oldest waiting delivery, one at a time per endpoint,
// so a receiver gets its events in order; a failed attempt is retried after WEBHOOK_RETRY_MS, and
// after WEBHOOK_MAX_ATTEMPTS it is given up (FAILED) and the next one goes.

/** Endpoints whose queue is being sent now. */
const sending = new Set<number>();

/** One pass of the worker: sends every endpoint's due deliveries (server/jobs.ts runs it; tests call it once). */
export async function sendDueDeliveries(): Promise<void> {
  try {
    await dropOverflow();
    const heads = readRows(
      sqlRows.deliveryHead,
      Prisma.sql`
      SELECT endpointId, nextAttemptAt FROM WebhookDelivery
      WHERE id IN (SELECT MIN(id) FROM WebhookDelivery WHERE status = 'PENDING' GROUP BY endpointId)`,
    );
    const now = currentTime().getTime();
    await Promise.all(
      heads
        .filter((head) => head.nextAttemptAt.getTime() <= now && !sending.has(head.endpointId))
        .map((head) => sendQueue(head.endpointId)),
    );
  } catch (error) {
    log.error({ err: error }, "webhook deliveries failed");
  }
}

/** What waits in the outbox: the deliveries not yet delivered nor given up, and the oldest one's age. */
export async function outboxBacklog(): Promise<OutboxBacklog> {
  const [waiting, oldest] = await Promise.all([
    prisma.webhookDelivery.count({ where: { status: "PENDING" } }),
    prisma.webhookDelivery.findFirst({
      where: { status: "PENDING" },
      orderBy: { id: "asc" },
      select: { createdAt: true },
    }),
  ]);
  return {
    waiting,
    oldestAgeSeconds: oldest ? Math.max(0, (currentTime().getTime() - oldest.createdAt.getTime()) / 1000) : 0,
  };
}

/**
 * The outbox's bound: at most WEBHOOK_MAX_PENDING deliveries wait per webhook. When a receiver has
 * been down long enough for more to pile up, the oldest beyond the bound are given up (FAILED, with
 * why, never attempted), so the table cannot grow without end and the newest events go out first
 * when the receiver is back; each payload's `seq` shows the gap, which GET /api/changes fills.
 * Checked at every pass of the worker, so between passes a burst of writes may go past it.
 */
async function dropOverflow(): Promise<void> {
  const max = env.WEBHOOK_MAX_PENDING;
  const over = readRows(
    sqlRows.endpoint,
    Prisma.sql`
    SELECT endpointId FROM WebhookDelivery WHERE status = 'PENDING'
    GROUP BY endpointId HAVING COUNT(*) > ${max}`,
  );
  for (const { endpointId } of over) {
    await prisma.$executeRaw`
      UPDATE WebhookDelivery SET status = 'FAILED',
        lastError = ${`Dropped: more than ${max} deliveries were waiting for this webhook`}
      WHERE endpointId = ${endpointId} AND status = 'PENDING' AND id < (
        SELECT id FROM WebhookDelivery WHERE endpointId = ${endpointId} AND status = 'PENDING'
        ORDER BY id DESC LIMIT 1 OFFSET ${max - 1})`;
  }
}

/** Sends an endpoint's due deliveries oldest first, until one fails (it waits for its retry) or none is due. */
async function sendQueue(endpointId: number): Promise<void> {
  sending.add(endpointId);
  try {
    for (;;) {
      const delivery = await prisma.webhookDelivery.findFirst({
        where: { endpointId, status: "PENDING" },
        orderBy: { id: "asc" },
        include: { endpoint: { select: { url: true, secret: true } } },
      });
      if (!delivery || delivery.nextAttemptAt.getTime() > currentTime().getTime()) return;
      if (!(await attempt(delivery))) return;
    }
  } finally {
    sending.delete(endpointId);
  }
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>`. */
function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const mac = crypto.createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/** The event as JSON, made once (at the first attempt): every retry sends the same bytes. */
async function bodyOf(delivery: { id: number; changeSeq: number; event: string; body: string | null }) {
  if (delivery.body !== null) return delivery.body;
  const change = await prisma.change.findUnique({ where: { seq: delivery.changeSeq } });
  const [item] = change ? await withCurrentShapes([change], COMPANY_READER) : [];
  const body = JSON.stringify({ event: delivery.event, deliveryId: delivery.id, ...item });
  await prisma.webhookDelivery.updateMany({ where: { id: delivery.id }, data: { body } });
  return body;
}

type Due = {
  id: number;
  changeSeq: number;
  event: string;
  body: string | null;
  attempts: number;
  endpoint: { url: string; secret: string };
};

/** One attempt; answers whether the queue may go on (delivered, or given up). */
async function attempt(delivery: Due): Promise<boolean> {
  const body = await bodyOf(delivery);
  const startedAt = currentTime();
  const answer = await postWebhook(
    {
      url: delivery.endpoint.url,
      body,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Fieldline-Webhooks/1",
        "Fieldline-Event": delivery.event,
        "Fieldline-Delivery": String(delivery.id),
        [SIGNATURE_HEADER]: signatureOf(delivery.endpoint.secret, body, Math.floor(startedAt.getTime() / 1000)),
      },
    },
    env.WEBHOOK_PRIVATE_HOSTS,
  );
  const attempts = delivery.attempts + 1;
  const delivered = "status" in answer && answer.status >= 200 && answer.status < 300;
  const givenUp = !delivered && attempts >= env.WEBHOOK_MAX_ATTEMPTS;
  const retries = env.WEBHOOK_RETRY_MS;
  await prisma.webhookDelivery.updateMany({
    where: { id: delivery.id },
    data: {
      attempts,
      lastAttemptAt: startedAt,
      lastStatus: "status" in answer ? answer.status : null,
      lastError: delivered ? null : ("error" in answer ? answer.error : `Answered HTTP ${answer.status}`).slice(0, 300),
      ...(delivered ? { status: "DELIVERED" } : givenUp ? { status: "FAILED" } : {}),
      ...(delivered || givenUp
        ? {}
        : { nextAttemptAt: new Date(currentTime().getTime() + retries[Math.min(attempts, retries.length) - 1]!) }),
    },
  });
  return delivered || givenUp;
}
