import crypto from "node:crypto";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type AppServer, createAppServer, signIn } from "./support/app-server";
import { setUpTwoTeams, type TwoTeams } from "./support/teams";

// Issue 48's load proof: 50 sales and recoveries on one dealer at once through the production
// server (POST /api/posts with an Idempotency-Key), by four officers of the dealer's team, each one
// sent a second time with the same key at the same moment, as an offline phone's queue replays
// what it is not sure was received, and once more after all have answered. The dealer's ledger
// must end exactly where the 50 distinct posts put it: one entry per post, none lost, none doubled.

const WRITES = 50;
const OFFICERS = ["officer1", "officer2", "officer3", "officer4"];

let server: AppServer;
let teams: TwoTeams;

beforeAll(async () => {
  server = await createAppServer("ledger-load");
  teams = await setUpTwoTeams(server);
});

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

type Write = { officer: string; key: string; body: Record<string, unknown>; cents: bigint };

/** The nth write: sales (a debit of qty × price) and recoveries (a credit) in turn, of varied amounts. */
function write(n: number, dealerId: number): Write {
  const officer = OFFICERS[n % OFFICERS.length]!;
  const key = `ledger-load-${n}-${crypto.randomUUID()}`;
  if (n % 2 === 0) {
    const qty = 1 + (n % 7);
    const priceCents = 150_000n + BigInt(n * 101);
    return {
      officer,
      key,
      body: {
        type: "SALE",
        text: `Load sale ${n}`,
        saleProduct: "SSP",
        saleQty: qty,
        salePrice: dollars(priceCents),
        dealerId,
      },
      cents: BigInt(qty) * priceCents,
    };
  }
  const amountCents = 20_000n + BigInt(n * 1_237);
  return {
    officer,
    key,
    body: { type: "RECOVERY", text: `Load recovery ${n}`, recoveryAmount: dollars(amountCents), dealerId },
    cents: -amountCents,
  };
}

function dollars(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
}

type Ledger = { balance: bigint; entries: number };

function ledgerOf(dealerId: number): Ledger {
  return server.query((db) => {
    const row = db
      .prepare(
        'SELECT COALESCE(SUM("amountCents"), 0) AS balance, COUNT(*) AS entries FROM "LedgerEntry" WHERE "dealerId" = ?',
      )
      .safeIntegers()
      .get(dealerId) as { balance: bigint; entries: bigint };
    return { balance: row.balance, entries: Number(row.entries) };
  });
}

test("50 concurrent sales and recoveries on one dealer, each replayed with its key at once: the exact balance, one entry per post", async () => {
  const dealerId = server.query(
    (db) =>
      (
        db.prepare('SELECT "id" FROM "Dealer" WHERE "teamId" = ? ORDER BY "id" LIMIT 1').get(teams.teamA) as {
          id: number;
        }
      ).id,
  );
  const cookies = new Map<string, string>([["officer1", teams.cookies.officerA]]);
  for (const username of OFFICERS.slice(1)) cookies.set(username, await signIn(server.baseUrl, username));
  const before = ledgerOf(dealerId);

  const writes = Array.from({ length: WRITES }, (_, n) => write(n, dealerId));
  const send = ({ officer, key, body }: Write) =>
    fetch(`${server.baseUrl}/api/posts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookies.get(officer)!, "Idempotency-Key": key },
      body: JSON.stringify(body),
    }).then(async (response) => ({
      status: response.status,
      replayed: response.headers.get("Idempotent-Replayed") === "true",
      id: ((await response.json()) as { id: number }).id,
    }));
  // Every write and its replay in flight together.
  const answers = await Promise.all(writes.map((one) => Promise.all([send(one), send(one)])));

  for (const [first, replay] of answers) {
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.id).toBe(first.id);
    expect([first.replayed, replay.replayed].sort()).toEqual([false, true]);
  }
  const postIds = answers.map(([first]) => first.id);
  expect(new Set(postIds).size).toBe(WRITES);
  // The phone's queue sends everything once more when it is back online: each answers its first post.
  const late = await Promise.all(writes.map(send));
  expect(late.map((answer) => [answer.status, answer.replayed, answer.id])).toEqual(
    postIds.map((id) => [201, true, id]),
  );

  // One entry per post, of the post's own amount, on this dealer.
  const entries = server.query((db) =>
    db
      .prepare(
        `SELECT "postId", "dealerId", "kind", "amountCents" FROM "LedgerEntry" WHERE "postId" IN (${postIds.map(() => "?").join(", ")}) ORDER BY "postId"`,
      )
      .safeIntegers()
      .all(...postIds),
  ) as Array<{ postId: bigint; dealerId: bigint; kind: string; amountCents: bigint }>;
  expect(entries.map((entry) => Number(entry.postId))).toEqual([...postIds].sort((a, b) => a - b));
  const byPost = new Map(entries.map((entry) => [Number(entry.postId), entry]));
  for (const [n, one] of writes.entries()) {
    expect(byPost.get(postIds[n]!)).toEqual({
      postId: BigInt(postIds[n]!),
      dealerId: BigInt(dealerId),
      kind: one.body.type === "SALE" ? "SALE" : "RECOVERY",
      amountCents: one.cents,
    });
  }

  const after = ledgerOf(dealerId);
  expect(after.entries - before.entries).toBe(WRITES);
  expect(after.balance - before.balance).toBe(writes.reduce((sum, one) => sum + one.cents, 0n));
});
