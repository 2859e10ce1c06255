// The change feed and webhooks against the production server (decision 50): 50 writers at once
// while a reader follows GET /api/changes, every change counted exactly once in commit order; a
// webhook receiver on the loopback that is down, then up (and refuses one event once), gets every
// event exactly once, in order, each signature checked.
import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/common.mjs";
import { type ApiClient, typedApiClient } from "../api/support/openapi-client";
import { type AppServer, createAppServer, signIn } from "./support/app-server";

type Change = { seq: number; entity: string; id: number; op: string; at: string; data: Record<string, unknown> };

let server: AppServer;
let admin: string;
/** The change feed is read through a client generated from /api/openapi.json. */
let feed: ApiClient;
let officers: string[];

beforeAll(async () => {
  server = await createAppServer("changes-webhooks", {
    WEBHOOK_PRIVATE_HOSTS: "127.0.0.1",
    WEBHOOK_RETRY_MS: "150,300",
    WEBHOOK_POLL_MS: "50",
  });
  await server.start();
  admin = await signIn(server.baseUrl, "admin");
  feed = typedApiClient(server.baseUrl, { Cookie: admin });
  officers = await Promise.all([1, 2, 3, 4, 5].map((n) => signIn(server.baseUrl, `officer${n}`)));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function changesAfter(since: string, limit = 50) {
  const { data, error, response } = await feed.GET("/api/changes", {
    params: { query: { since, limit: String(limit) } },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return { ...data!, items: data!.items as Change[] };
}

/** Reads the feed from `since` until it has nothing more; answers the items and the last cursor. */
async function readToTheEnd(since: string, limit = 50) {
  const items: Change[] = [];
  let cursor = since;
  for (;;) {
    const page = await changesAfter(cursor, limit);
    items.push(...page.items);
    cursor = page.next;
    if (!page.hasMore) return { items, cursor };
  }
}

const checkIn = (n: number) => ({ type: "CHECK_IN", lat: 31.5 + n / 1000, lng: 74.3, address: `Stop ${n}` });
const dealer = (n: number) => ({
  businessName: `Feed Traders ${n}`,
  street: "Grain Market",
  city: "Okara",
  state: "Punjab",
  lat: 30.8,
  lng: 73.45,
  formattedAddress: "Grain Market, Okara",
});

describe("GET /api/changes", () => {
  it("under 50 concurrent writers, a reader following the cursor sees every change once, in commit order", async () => {
    const start = (await readToTheEnd("0", 200)).cursor;
    const made = { checkins: [] as number[], dealers: [] as number[], updated: [] as number[] };
    let writing = true;
    const writers = Array.from({ length: 50 }, async (_, n) => {
      const cookie = officers[n % officers.length]!;
      for (const k of [0, 1]) {
        const answer = await call(cookie, "POST", "/api/checkins", checkIn(n * 10 + k));
        expect(answer.status).toBe(201);
        made.checkins.push(answer.json.id as number);
      }
      const created = await call(cookie, "POST", "/api/dealers", dealer(n));
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      made.dealers.push(created.json.id as number);
      const updated = await call(cookie, "PUT", `/api/dealers/${created.json.id}`, { ...dealer(n), notes: "Seen" });
      expect(updated.status, JSON.stringify(updated.json)).toBe(200);
      made.updated.push(created.json.id as number);
    });
    // The reader follows the feed while the writers write, in small pages.
    const seen: Change[] = [];
    const reader = (async () => {
      let cursor = start;
      let reads = 0;
      for (;;) {
        const done = !writing;
        const page = await changesAfter(cursor, 7);
        reads++;
        seen.push(...page.items);
        cursor = page.next;
        if (done && !page.hasMore) return reads;
      }
    })();
    await Promise.all(writers);
    writing = false;
    const reads = await reader;
    expect(reads).toBeGreaterThan(3);

    const seqs = seen.map((change) => change.seq);
    expect(new Set(seqs).size, "no change repeated").toBe(seqs.length);
    expect(seqs, "in commit order").toEqual([...seqs].sort((a, b) => a - b));
    const logged = server.query(
      (db) => (db.prepare("SELECT COUNT(*) AS n FROM Change WHERE seq > ?").get(Number(start)) as { n: number }).n,
    );
    expect(seen.length, "no change skipped").toBe(logged);
    const ids = (entity: string, op: string) =>
      seen
        .filter((change) => change.entity === entity && change.op === op)
        .map((change) => change.id)
        .sort((a, b) => a - b);
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(ids("checkin", "created")).toEqual(sorted(made.checkins));
    expect(ids("dealer", "created")).toEqual(sorted(made.dealers));
    expect(ids("dealer", "updated")).toEqual(sorted(made.updated));
    expect(seen.length).toBe(50 * 4);
    // Each item carries the row as its own call answered it when read (after the update, for an update).
    const aDealer = seen.find((change) => change.entity === "dealer" && change.op === "updated")!;
    expect(aDealer.data).toMatchObject({ id: aDealer.id, notes: "Seen", city: "Okara" });
  });

  it("shows a row deleted by any writer with only its id, and a user's account without secrets", async () => {
    const { cursor } = await readToTheEnd("0", 200);
    const dealerId = server.query((db) => (db.prepare("SELECT MAX(id) AS id FROM Dealer").get() as { id: number }).id);
    server.query((db) => db.prepare("DELETE FROM Dealer WHERE id = ?").run(dealerId), { readonly: false });
    const renamed = server.query(
      (db) => {
        db.prepare("UPDATE User SET firstName = 'Renamed' WHERE username = 'officer2'").run();
        return (db.prepare("SELECT id FROM User WHERE username = 'officer2'").get() as { id: number }).id;
      },
      { readonly: false },
    );
    const { items } = await readToTheEnd(cursor);
    expect(items.find((change) => change.entity === "dealer" && change.op === "deleted")).toMatchObject({
      id: dealerId,
      data: { deleted: true },
    });
    const user = items.find((change) => change.entity === "user")!;
    expect(user).toMatchObject({ id: renamed, op: "updated", data: { id: renamed, firstName: "Renamed" } });
    expect(Object.keys(user.data)).not.toContain("passwordHash");
    expect(JSON.stringify(user.data)).not.toMatch(/argon2|\$2[aby]\$/);
  });

  it("refuses a malformed cursor, limit or entity with a message, and everyone but an admin", async () => {
    for (const [query, message] of [
      [{ since: "abc" }, "since must be a cursor from an earlier answer's next (or 0 for the beginning)"],
      [{ since: "-1" }, "since must be a cursor from an earlier answer's next (or 0 for the beginning)"],
      [{ limit: "0" }, "limit must be a whole number from 1 to 200"],
      [{ limit: "201" }, "limit must be a whole number from 1 to 200"],
      [
        { entity: "comment" as "post" },
        "entity must be one of post, dealer, checkin, user, ledger_entry, target, farmer, plot",
      ],
    ] as const) {
      const { error, response } = await feed.GET("/api/changes", { params: { query } });
      expect([response.status, error?.error], JSON.stringify(query)).toEqual([400, message]);
    }
    expect((await call("", "GET", "/api/changes")).status).toBe(401);
    expect((await call(officers[0]!, "GET", "/api/changes")).status).toBe(403);
    expect((await call(await signIn(server.baseUrl, "manager"), "GET", "/api/changes")).status).toBe(403);
    const { data } = await feed.GET("/api/changes", { params: { query: { entity: "checkin", limit: "5" } } });
    expect(data?.items.length).toBe(5);
    expect(data?.items.every((change) => change.entity === "checkin")).toBe(true);
  });
});

type Received = { deliveryId: number; seq: number; event: string; status: number };

/** A receiver on the loopback that checks each signature and refuses `refuseOnce` the first time. */
function receiver(secret: string, refuseOnce: number) {
  const accepted: Received[] = [];
  const requests: Received[] = [];
  const badSignatures: string[] = [];
  let refused = false;
  const listener = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const header = String(request.headers["fieldline-signature"] ?? "");
      const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=") as [string, string]));
      const expected = crypto.createHmac("sha256", secret).update(`${t}.${body}`).digest();
      const given = Buffer.from(v1 ?? "", "hex");
      const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300;
      if (!fresh || given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
        badSignatures.push(header);
      const event = JSON.parse(body) as { deliveryId: number; seq: number; event: string };
      const status = event.seq === refuseOnce && !refused ? 503 : 200;
      if (status === 503) refused = true;
      const entry = { deliveryId: event.deliveryId, seq: event.seq, event: event.event, status };
      requests.push(entry);
      if (status === 200) accepted.push(entry);
      response.writeHead(status).end();
    });
  });
  return { listener, accepted, requests, badSignatures };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("webhooks", () => {
  it("a receiver down, then up, gets every event once, in order, signed; the writes never wait for it", async () => {
    const port = await freePort();
    const created = await call(admin, "POST", "/api/admin/webhooks", {
      url: `http://127.0.0.1:${port}/hook`,
      events: ["checkin.created"],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const secret = created.json.secret as string;
    const webhookId = (created.json.webhook as { id: number }).id;
    const webhook = async () =>
      ((await call(admin, "GET", "/api/admin/webhooks")).json as unknown as Array<Record<string, unknown>>).find(
        (hook) => hook.id === webhookId,
      ) as { pending: number; lastDelivery: { status: string; attempts: number; lastError: string | null } | null };

    // The receiver is down: the check-ins are answered all the same.
    const checkIns: number[] = [];
    for (let n = 0; n < 5; n++) {
      const answer = await call(officers[n]!, "POST", "/api/checkins", checkIn(900 + n));
      expect(answer.status).toBe(201);
      checkIns.push(answer.json.id as number);
    }
    await until(async () => ((await webhook()).lastDelivery?.attempts ?? 0) >= 2, "two failed attempts");
    const down = await webhook();
    expect(down.pending).toBe(5);
    expect(down.lastDelivery).toMatchObject({ status: "PENDING" });
    expect(down.lastDelivery?.lastError).toMatch(/ECONNREFUSED/);

    const seqs = server.query((db) =>
      (
        db.prepare("SELECT changeSeq FROM WebhookDelivery WHERE endpointId = ? ORDER BY id").all(webhookId) as Array<{
          changeSeq: number;
        }>
      ).map((row) => row.changeSeq),
    );
    const target = receiver(secret, seqs[2]!);
    await new Promise<void>((resolve) => target.listener.listen(port, "127.0.0.1", resolve));
    try {
      await until(async () => (await webhook()).pending === 0, "every delivery");
      expect(target.badSignatures).toEqual([]);
      expect(target.accepted.map((entry) => entry.seq)).toEqual(seqs);
      expect(new Set(target.accepted.map((entry) => entry.deliveryId)).size).toBe(5);
      expect(target.accepted.every((entry) => entry.event === "checkin.created")).toBe(true);
      // The refused event was retried before the next one went out.
      expect(target.requests.map((entry) => [entry.seq, entry.status])).toEqual([
        [seqs[0], 200],
        [seqs[1], 200],
        [seqs[2], 503],
        [seqs[2], 200],
        [seqs[3], 200],
        [seqs[4], 200],
      ]);
      expect((await webhook()).lastDelivery).toMatchObject({ status: "DELIVERED" });
      const ids = server.query((db) =>
        (
          db
            .prepare(
              "SELECT entityId FROM Change WHERE seq IN (SELECT changeSeq FROM WebhookDelivery WHERE endpointId = ?)",
            )
            .all(webhookId) as Array<{ entityId: number }>
        ).map((row) => row.entityId),
      );
      expect(ids.sort()).toEqual([...checkIns].sort());
    } finally {
      await new Promise((resolve) => target.listener.close(resolve));
    }
  });

  it("refuses bad URLs and events with a message, private addresses, and everyone but an admin", async () => {
    for (const [body, message] of [
      [{ url: "ftp://example.com/x", events: ["post.created"] }, "Webhook URL must be an http:// or https:// address"],
      [{ url: "", events: ["post.created"] }, "Webhook URL is required"],
      [{ url: "https://example.com/x", events: [] }, "Choose at least one event"],
      [{ url: "https://example.com/x", events: ["post.liked"] }, expect.stringMatching(/^Events must be among/)],
      [
        { url: "http://10.0.0.8/hook", events: ["post.created"] },
        "Webhook URL must be a public internet address, not a local or private one",
      ],
      [
        { url: "http://localhost:8080/hook", events: ["post.created"] },
        "Webhook URL must be a public internet address, not a local or private one",
      ],
      [
        { url: "http://169.254.169.254/latest", events: ["post.created"] },
        "Webhook URL must be a public internet address, not a local or private one",
      ],
    ] as const) {
      const { status, json } = await call(admin, "POST", "/api/admin/webhooks", body);
      expect([status, json.error], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await call(admin, "DELETE", "/api/admin/webhooks/999999")).status).toBe(404);
    for (const cookie of ["", officers[0]!, await signIn(server.baseUrl, "manager")]) {
      const expected = cookie === "" ? 401 : 403;
      expect((await call(cookie, "GET", "/api/admin/webhooks")).status).toBe(expected);
      expect(
        (await call(cookie, "POST", "/api/admin/webhooks", { url: "https://example.com", events: ["post.created"] }))
          .status,
      ).toBe(expected);
      expect((await call(cookie, "DELETE", "/api/admin/webhooks/1")).status).toBe(expected);
    }
  });
});

describe("a dealer's ledger in the feed and webhooks", () => {
  it("a sale post's entry and an adjustment appear as ledger_entry created, with their data, and reach an admin's webhook", async () => {
    const port = await freePort();
    const made = await call(admin, "POST", "/api/admin/webhooks", {
      url: `http://127.0.0.1:${port}/hook`,
      events: ["ledger_entry.created"],
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const target = receiver(made.json.secret as string, -1);
    await new Promise<void>((resolve) => target.listener.listen(port, "127.0.0.1", resolve));
    try {
      const { cursor } = await readToTheEnd("0", 200);
      const dealerId = server.query(
        (db) => (db.prepare("SELECT MIN(id) AS id FROM Dealer").get() as { id: number }).id,
      );
      const sale = await call(officers[0]!, "POST", "/api/posts", {
        type: "SALE",
        text: "Feed credit sale",
        saleProduct: "SULFUR",
        saleQty: 2,
        salePrice: "150.00",
        dealerId,
      });
      expect(sale.status, JSON.stringify(sale.json)).toBe(201);
      const adjusted = await call(admin, "POST", `/api/dealers/${dealerId}/adjustments`, {
        amount: "-50.00",
        reason: "Feed test discount",
      });
      expect(adjusted.status, JSON.stringify(adjusted.json)).toBe(201);

      const entries = (await readToTheEnd(cursor)).items.filter((change) => change.entity === "ledger_entry");
      expect(entries).toMatchObject([
        { op: "created", data: { dealerId, kind: "SALE", amount: "300.00", postId: sale.json.id, reason: null } },
        {
          op: "created",
          id: adjusted.json.id,
          data: { kind: "ADJUSTMENT", amount: "-50.00", reason: "Feed test discount" },
        },
      ]);
      // The entity filter reads the ledger alone.
      const { data } = await feed.GET("/api/changes", { params: { query: { since: cursor, entity: "ledger_entry" } } });
      expect(data?.items.map((change) => change.seq)).toEqual(entries.map((change) => change.seq));

      await until(() => target.accepted.length >= 2, "both ledger deliveries");
      expect(target.badSignatures).toEqual([]);
      expect(target.accepted.map((entry) => [entry.event, entry.seq])).toEqual(
        entries.map((change) => ["ledger_entry.created", change.seq]),
      );
    } finally {
      await call(admin, "DELETE", `/api/admin/webhooks/${(made.json.webhook as { id: number }).id}`);
      await new Promise((resolve) => target.listener.close(resolve));
    }
  });
});
