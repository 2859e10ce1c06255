import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DRIPS, drippingAnswer } from "../../tests/support/dripping-answer";
import { parseMetrics, valueOf } from "../../tests/support/prometheus-text";

// The delivery worker on the real database, against fake receivers on the loopback (allowed as the
// server's tests allow 127.0.0.1). The settings are read when the app's modules load, so they are
// set before importing them: a short deadline, one attempt, and room for 3 waiting deliveries.
let deliveries: typeof import("~/models/webhook-delivery.server");
let db: typeof import("~/db.server");
let adminId: number;

beforeAll(async () => {
  Object.assign(process.env, {
    WEBHOOK_PRIVATE_HOSTS: "127.0.0.1",
    WEBHOOK_TIMEOUT_MS: "300",
    WEBHOOK_MAX_ATTEMPTS: "1",
    WEBHOOK_MAX_PENDING: "3",
  });
  deliveries = await import("~/models/webhook-delivery.server");
  db = await import("~/db.server");
  await (await import("../../tests/support/db")).resetDatabase();
  const admin = await db.prisma.user.create({
    data: { username: "hooks_admin", email: "hooks_admin@example.pk", passwordHash: "x", role: "ADMIN" },
  });
  adminId = admin.id;
});

const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A receiver on 127.0.0.1; answers each request with `answer`; reports the sockets that closed. */
async function fakeReceiver(answer: (response: http.ServerResponse) => void) {
  const requests: string[] = [];
  let socketsClosed = 0;
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      requests.push(body);
      answer(response);
    });
  });
  server.on("connection", (socket: Socket) => socket.on("close", () => socketsClosed++));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, requests, socketsClosed: () => socketsClosed };
}

/** A webhook for checkin.deleted, and `count` changes it is told of (deleted check-ins need no rows). */
async function webhookWithChanges(url: string, count: number) {
  const endpoint = await db.prisma.webhookEndpoint.create({
    data: { url, events: JSON.stringify(["checkin.deleted"]), secret: "whsec_test", createdById: adminId },
  });
  for (let n = 0; n < count; n++) {
    await db.prisma.$executeRaw`INSERT INTO "Change" ("entity", "entityId", "op", "at")
      VALUES ('checkin', ${900_000 + n}, 'deleted', ${Date.now()})`;
  }
  return endpoint.id;
}

const rowsOf = (endpointId: number) =>
  db.prisma.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: { id: "asc" },
    select: { id: true, status: true, lastError: true, attempts: true },
  });

describe("the delivery worker", () => {
  it("records a delivery whose receiver drips its answer past the deadline as failed, and closes the socket", async () => {
    const dripping = drippingAnswer();
    const receiver = await fakeReceiver(dripping.answer);
    const endpointId = await webhookWithChanges(receiver.url, 1);
    await deliveries.sendDueDeliveries();
    expect(await rowsOf(endpointId)).toMatchObject([
      { status: "FAILED", attempts: 1, lastError: "No answer within 300 ms" },
    ]);
    expect(receiver.requests).toHaveLength(1);
    await expect.poll(() => receiver.socketsClosed()).toBe(1);
    expect(dripping.drips(), "cut off before the receiver finished").toBeLessThan(DRIPS);
    await db.prisma.webhookEndpoint.delete({ where: { id: endpointId } });
  });

  it("keeps at most WEBHOOK_MAX_PENDING deliveries waiting per webhook: the oldest beyond are given up", async () => {
    const receiver = await fakeReceiver((response) => response.end("ok"));
    const endpointId = await webhookWithChanges(receiver.url, 5);
    expect((await rowsOf(endpointId)).map((row) => row.status)).toEqual(Array(5).fill("PENDING"));
    await deliveries.sendDueDeliveries();
    const rows = await rowsOf(endpointId);
    expect(rows.map((row) => [row.status, row.attempts, row.lastError])).toEqual([
      ["FAILED", 0, "Dropped: more than 3 deliveries were waiting for this webhook"],
      ["FAILED", 0, "Dropped: more than 3 deliveries were waiting for this webhook"],
      ["DELIVERED", 1, null],
      ["DELIVERED", 1, null],
      ["DELIVERED", 1, null],
    ]);
    // The newest three went out, in order.
    expect(receiver.requests.map((body) => (JSON.parse(body) as { deliveryId: number }).deliveryId)).toEqual(
      rows.slice(2).map((row) => row.id),
    );
    await db.prisma.webhookEndpoint.delete({ where: { id: endpointId } });
  });

  it("measures the outbox at each scrape: the deliveries waiting and the oldest one's age", async () => {
    const metrics = await import("~/infra/prometheus.server");
    metrics.measureOutboxWith(deliveries.outboxBacklog);
    const scrape = async () => parseMetrics((await metrics.metricsText()).body);
    const endpointId = await webhookWithChanges("http://127.0.0.1:9/hook", 2);
    const [oldest] = await db.prisma.webhookDelivery.findMany({
      where: { endpointId },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    });
    vi.useFakeTimers({ toFake: ["Date"], now: oldest!.createdAt.getTime() + 90_500 });
    try {
      const waiting = await scrape();
      expect(valueOf(waiting, "fieldline_webhook_outbox_waiting")).toBe(2);
      expect(valueOf(waiting, "fieldline_webhook_outbox_oldest_age_seconds")).toBe(90.5);
      await db.prisma.webhookDelivery.updateMany({ where: { endpointId }, data: { status: "DELIVERED" } });
      const empty = await scrape();
      expect(valueOf(empty, "fieldline_webhook_outbox_waiting")).toBe(0);
      expect(valueOf(empty, "fieldline_webhook_outbox_oldest_age_seconds")).toBe(0);
    } finally {
      vi.useRealTimers();
      await db.prisma.webhookEndpoint.delete({ where: { id: endpointId } });
    }
    // A database that cannot say leaves the outbox's figures unknown, and the scrape still answers.
    metrics.measureOutboxWith(() => Promise.reject(new Error("SQLITE_BUSY")));
    const unknown = await scrape();
    expect(valueOf(unknown, "fieldline_webhook_outbox_waiting")).toBeNaN();
    expect(valueOf(unknown, "process_resident_memory_bytes")).toBeGreaterThan(0);
    metrics.measureOutboxWith(deliveries.outboxBacklog);
  });
});
