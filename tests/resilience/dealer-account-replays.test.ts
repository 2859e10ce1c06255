// A dealer's account under load through /api (issue 48, item 6): 50 writers at once on one dealer,
// sales and recoveries posted by officers and adjustments by the admin, every request sent again
// with its Idempotency-Key while the first is still in flight (a phone's offline replay). The
// account then holds each entry once: nothing lost, nothing doubled.
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, createAppServer, signIn } from "./support/app-server";

let server: AppServer;
let admin: string;
let officers: string[];

beforeAll(async () => {
  server = await createAppServer("dealer-account-replays");
  await server.start();
  admin = await signIn(server.baseUrl, "admin");
  officers = await Promise.all([1, 2, 3, 4, 5].map((n) => signIn(server.baseUrl, `officer${n}`)));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

async function post(cookie: string, path: string, body: unknown, key: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { id: number } };
}

it("50 concurrent sales, recoveries and adjustments on one dealer, each replayed with its key, leave the exact balance", async () => {
  const dealerId = server.query((db) => (db.prepare("SELECT MIN(id) AS id FROM Dealer").get() as { id: number }).id);
  // What the seed gave the dealer, if anything: the writers add to it.
  const before = entriesOf(dealerId);
  let expectedCents = 0;
  const writers = Array.from({ length: 50 }, (_, n) => {
    const key = crypto.randomUUID();
    const [cookie, path, body, cents] =
      n % 5 === 4
        ? [
            admin,
            `/api/dealers/${dealerId}/adjustments`,
            { amount: `-${n}.25`, reason: `Replay ${n}` },
            -(n * 100 + 25),
          ]
        : n % 2 === 0
          ? [officers[n % 5]!, "/api/posts", sale(n, dealerId), 3 * (1000 + n) * 100]
          : [officers[n % 5]!, "/api/posts", recovery(n, dealerId), -(500 + n) * 100];
    expectedCents += cents;
    // The first send and its replays race: one writes, the others answer it.
    return Promise.all([0, 1, 2].map(() => post(cookie, path, body, key)));
  });
  const answers = await Promise.all(writers);
  for (const sent of answers) {
    expect(sent.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(sent.map((answer) => answer.json.id)).size).toBe(1);
  }

  const account = await fetch(`${server.baseUrl}/api/dealers/${dealerId}/account`, { headers: { Cookie: admin } });
  const { balance } = (await account.json()) as { balance: string };
  const after = entriesOf(dealerId);
  expect({ n: after.n - before.n, cents: after.cents - before.cents }).toEqual({ n: 50, cents: expectedCents });
  expect(balance).toBe((after.cents / 100).toFixed(2));
});

function entriesOf(dealerId: number): { n: number; cents: number } {
  return server.query(
    (db) =>
      db
        .prepare("SELECT COUNT(*) AS n, COALESCE(SUM(amountCents), 0) AS cents FROM LedgerEntry WHERE dealerId = ?")
        .get(dealerId) as { n: number; cents: number },
  );
}

function sale(n: number, dealerId: number) {
  return {
    type: "SALE",
    text: `Replayed sale ${n}`,
    saleProduct: "SSP",
    saleQty: 3,
    salePrice: `${1000 + n}.00`,
    dealerId,
  };
}

function recovery(n: number, dealerId: number) {
  return { type: "RECOVERY", text: `Replayed recovery ${n}`, recoveryAmount: `${500 + n}.00`, dealerId };
}
