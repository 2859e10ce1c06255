import crypto from "node:crypto";
import type { APIRequestContext, APIResponse, PlaywrightWorkerArgs } from "@playwright/test";
import { countRows, expect, test, uniqueClientAddress, uniqueName } from "../e2e/support/fixtures";

// A dealer's account through /api (issue 48, decision 80): its figures, its ledger's pages, and the
// entries a manager or an admin writes (adjustments, opening balances, reversals, credit terms).
// The e2e database has one team, led by `manager`, with officer1 in it: a dealer put in that team
// is theirs; a dealer of no team is the admin's alone (another team's, for them). The two-team
// rows are the access matrix's (tests/resilience/access-matrix.test.ts).

type Entry = { id: number; kind: string; amount: string; balanceAfter: string; reversesId: number | null };

async function as(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, username: string) {
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
  });
  const signedIn = await context.post("/api/login", { data: { username, password: "fieldline" } });
  expect(signedIn.status()).toBe(200);
  return context;
}

async function expectError(response: APIResponse, status: number, error: string) {
  expect([response.status(), ((await response.json()) as { error?: string }).error]).toEqual([status, error]);
}

const NOT_YOURS = "You can only see the accounts of the dealers of your own team or of the teams you lead.";
const NOT_MANAGED = "Only the managers of the dealer's team and admins can change its account.";
const FORBIDDEN = "You don't have permission to access this page.";

const theTeam = () => countRows("SELECT id AS n FROM Team ORDER BY id LIMIT 1");
const entriesOf = (dealerId: number) => countRows("SELECT COUNT(*) AS n FROM LedgerEntry WHERE dealerId = ?", dealerId);

/** A new dealer, of the one team (`teamId`) or of none. */
async function newDealer(admin: APIRequestContext, teamId: number | null): Promise<number> {
  const response = await admin.post("/api/dealers", {
    data: {
      businessName: uniqueName("Ledger Api Traders"),
      ownerFirstName: "Tariq",
      phone: "+92 300 1112233",
      street: "Shop 3, Grain Market",
      city: "Okara",
      state: "Punjab",
      lat: 30.8138,
      lng: 73.4534,
      ...(teamId === null ? {} : { teamId }),
    },
  });
  expect(response.status()).toBe(201);
  const dealer = (await response.json()) as { id: number; team: { id: number } | null };
  expect(dealer.team?.id ?? null).toBe(teamId);
  return dealer.id;
}

test("signed out, every account call answers 401", async ({ request }) => {
  for (const [method, path] of [
    ["get", "/api/dealers/1/account"],
    ["get", "/api/dealers/1/ledger"],
    ["post", "/api/dealers/1/adjustments"],
    ["post", "/api/dealers/1/opening-balance"],
    ["post", "/api/ledger/1/reversal"],
    ["put", "/api/dealers/1/credit-terms"],
  ] as const) {
    const response = await request[method](path);
    expect(response.status(), `${method} ${path}`).toBe(401);
  }
});

test("an opening balance, a sale post and an adjustment make the account, and the ledger pages back newest first", async ({
  playwright,
  baseURL,
}) => {
  const admin = await as(playwright, baseURL, "admin");
  const manager = await as(playwright, baseURL, "manager");
  const officer = await as(playwright, baseURL, "officer1");
  const dealerId = await newDealer(admin, theTeam());

  const opened = await admin.post(`/api/dealers/${dealerId}/opening-balance`, {
    data: { amount: "1000.00", reason: "Ledger of 2026" },
  });
  expect(opened.status()).toBe(201);
  expect(await opened.json()).toMatchObject({ dealerId, kind: "OPENING", amount: "1000.00", balanceAfter: "1000.00" });
  await expectError(
    await admin.post(`/api/dealers/${dealerId}/opening-balance`, { data: { amount: "5.00" } }),
    409,
    "This dealer already has an opening balance: reverse it first to set another.",
  );

  const sale = await officer.post("/api/posts", {
    data: {
      type: "SALE",
      text: uniqueName("Credit sale"),
      saleProduct: "SSP",
      saleQty: 2,
      salePrice: "250.00",
      dealerId,
    },
  });
  expect(sale.status()).toBe(201);
  const adjusted = await manager.post(`/api/dealers/${dealerId}/adjustments`, {
    data: { amount: "-100.00", reason: "Two torn bags returned" },
  });
  expect(adjusted.status()).toBe(201);
  expect(await adjusted.json()).toMatchObject({
    kind: "ADJUSTMENT",
    amount: "-100.00",
    balanceAfter: "1400.00",
    reason: "Two torn bags returned",
    createdBy: { name: expect.any(String) },
  });

  const account = await officer.get(`/api/dealers/${dealerId}/account`);
  expect(account.status()).toBe(200);
  expect(await account.json()).toMatchObject({
    dealerId,
    balance: "1400.00",
    outstanding: "1400.00",
    overdue: "0.00",
    ageing: { days0to30: "1400.00", days31to60: "0.00", days61to90: "0.00", over90: "0.00" },
    creditLimit: null,
    paymentTermsDays: 30,
  });

  const first = await officer.get(`/api/dealers/${dealerId}/ledger?limit=2`);
  expect(first.status()).toBe(200);
  const page = (await first.json()) as { entries: Entry[]; next: string | null };
  expect(page.entries.map((entry) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
    ["ADJUSTMENT", "-100.00", "1400.00"],
    ["SALE", "500.00", "1500.00"],
  ]);
  expect(page.next).not.toBeNull();
  const rest = (await (await officer.get(`/api/dealers/${dealerId}/ledger?before=${page.next}`)).json()) as {
    entries: Entry[];
    next: string | null;
  };
  expect(rest).toMatchObject({ entries: [{ kind: "OPENING", balanceAfter: "1000.00" }], next: null });

  await expectError(
    await officer.get(`/api/dealers/${dealerId}/ledger?before=yesterday`),
    400,
    "before must be the next value of an earlier answer",
  );
  await expectError(
    await officer.get(`/api/dealers/${dealerId}/ledger?limit=1000`),
    400,
    "limit must be a whole number from 1 to 100",
  );
});

test("bad amounts, limits and terms answer 400 with the field's message and write nothing", async ({
  playwright,
  baseURL,
}) => {
  const admin = await as(playwright, baseURL, "admin");
  const manager = await as(playwright, baseURL, "manager");
  const dealerId = await newDealer(admin, theTeam());
  const adjust = (data: object) => manager.post(`/api/dealers/${dealerId}/adjustments`, { data });

  const tooLarge = "An amount can be at most $1,000,000,000.00.";
  const unreadable = "Enter an amount in dollars, with at most 2 decimals.";
  for (const [data, message] of [
    [{ amount: "1000000000.01", reason: "Absurd" }, tooLarge],
    [{ amount: "-1000000001", reason: "Absurd" }, tooLarge],
    [{ amount: 1e15, reason: "Absurd" }, tooLarge],
    [{ amount: "12.345", reason: "Three decimals" }, unreadable],
    [{ amount: "--5", reason: "Twice negative" }, unreadable],
    [{ amount: "0.00", reason: "Nothing" }, "Enter an amount other than zero."],
    [{ amount: "50.00" }, "Say why (at most 200 characters)."],
    [{ amount: "50.00", reason: "x".repeat(201) }, "Say why (at most 200 characters)."],
  ] as const) {
    const response = await adjust(data);
    expect(response.status(), JSON.stringify(data)).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);
  }
  await expectError(
    await admin.post(`/api/dealers/${dealerId}/opening-balance`, { data: { amount: "-1000000000000000" } }),
    400,
    tooLarge,
  );
  expect(entriesOf(dealerId)).toBe(0);

  const terms = (data: object) => manager.put(`/api/dealers/${dealerId}/credit-terms`, { data });
  await expectError(await terms({ creditLimit: "1000000000000000" }), 400, tooLarge);
  await expectError(await terms({ creditLimit: 1e15 }), 400, tooLarge);
  await expectError(await terms({ creditLimit: "10000000000" }), 400, tooLarge);
  await expectError(await terms({ creditLimit: "-500.00" }), 400, unreadable);
  await expectError(await terms({ paymentTermsDays: 400 }), 400, "Payment terms are whole days from 0 to 365.");
  await expectError(await terms({ paymentTermsDays: "ten" }), 400, "Payment terms are whole days from 0 to 365.");
  expect(
    countRows(
      "SELECT COUNT(*) AS n FROM Dealer WHERE id = ? AND creditLimitCents IS NULL AND paymentTermsDays IS NULL",
      dealerId,
    ),
  ).toBe(1);

  const set = await terms({ creditLimit: "5000.00", paymentTermsDays: 45 });
  expect(set.status()).toBe(200);
  expect(await set.json()).toMatchObject({ dealerId, creditLimit: "5000.00", paymentTermsDays: 45, balance: "0.00" });
  const cleared = await terms({ creditLimit: null });
  expect(await cleared.json()).toMatchObject({ creditLimit: null, paymentTermsDays: 30 });
});

test("only the dealer's team reads its account and only its managers and admins change it", async ({
  playwright,
  baseURL,
}) => {
  const admin = await as(playwright, baseURL, "admin");
  const manager = await as(playwright, baseURL, "manager");
  const officer = await as(playwright, baseURL, "officer1");
  const ours = await newDealer(admin, theTeam());
  const noTeam = await newDealer(admin, null);

  // An officer reads their team's dealer's account but changes nothing.
  expect((await officer.get(`/api/dealers/${ours}/account`)).status()).toBe(200);
  await expectError(
    await officer.post(`/api/dealers/${ours}/adjustments`, { data: { amount: "10.00", reason: "Mine" } }),
    403,
    NOT_MANAGED,
  );
  await expectError(
    await officer.put(`/api/dealers/${ours}/credit-terms`, { data: { creditLimit: "1.00" } }),
    403,
    NOT_MANAGED,
  );
  await expectError(
    await manager.post(`/api/dealers/${ours}/opening-balance`, { data: { amount: "10.00" } }),
    403,
    FORBIDDEN,
  );
  // A dealer of no team the manager leads is another team's: neither read nor changed.
  for (const response of [
    await officer.get(`/api/dealers/${noTeam}/account`),
    await officer.get(`/api/dealers/${noTeam}/ledger`),
    await manager.get(`/api/dealers/${noTeam}/account`),
  ])
    await expectError(response, 403, NOT_YOURS);
  for (const response of [
    await manager.post(`/api/dealers/${noTeam}/adjustments`, { data: { amount: "10.00", reason: "Not mine" } }),
    await manager.put(`/api/dealers/${noTeam}/credit-terms`, { data: { creditLimit: "1.00" } }),
  ])
    await expectError(response, 403, NOT_MANAGED);
  expect(entriesOf(ours) + entriesOf(noTeam)).toBe(0);
  expect((await admin.get(`/api/dealers/${noTeam}/account`)).status()).toBe(200);

  for (const path of ["/api/dealers/999999/account", "/api/dealers/abc/ledger"])
    await expectError(await admin.get(path), 404, "Dealer not found.");
  await expectError(
    await admin.post("/api/dealers/999999/adjustments", { data: { amount: "1.00", reason: "Nobody" } }),
    404,
    "Dealer not found.",
  );
});

test("an entry is reversed once, exactly; a reversal is never reversed", async ({ playwright, baseURL }) => {
  const admin = await as(playwright, baseURL, "admin");
  const manager = await as(playwright, baseURL, "manager");
  const officer = await as(playwright, baseURL, "officer1");
  const dealerId = await newDealer(admin, theTeam());
  const adjustment = (await (
    await manager.post(`/api/dealers/${dealerId}/adjustments`, { data: { amount: "250.00", reason: "Freight" } })
  ).json()) as Entry;

  await expectError(
    await officer.post(`/api/ledger/${adjustment.id}/reversal`, { data: { reason: "Mine" } }),
    403,
    NOT_MANAGED,
  );
  await expectError(
    await manager.post(`/api/ledger/${adjustment.id}/reversal`, { data: {} }),
    400,
    "Say why (at most 200 characters).",
  );
  const reversal = await manager.post(`/api/ledger/${adjustment.id}/reversal`, { data: { reason: "Entered twice" } });
  expect(reversal.status()).toBe(201);
  const reversed = (await reversal.json()) as Entry;
  expect(reversed).toMatchObject({
    kind: "REVERSAL",
    amount: "-250.00",
    balanceAfter: "0.00",
    reversesId: adjustment.id,
  });

  await expectError(
    await manager.post(`/api/ledger/${adjustment.id}/reversal`, { data: { reason: "Again" } }),
    409,
    "This entry has already been reversed.",
  );
  await expectError(
    await admin.post(`/api/ledger/${reversed.id}/reversal`, { data: { reason: "Undo the undo" } }),
    422,
    "A reversal cannot be reversed: make an adjustment instead.",
  );
  await expectError(
    await admin.post("/api/ledger/999999/reversal", { data: { reason: "None" } }),
    404,
    "Ledger entry not found.",
  );
  expect(entriesOf(dealerId)).toBe(2);
});

test("a replayed Idempotency-Key answers the first entry and writes nothing; the key with another body answers 422", async ({
  playwright,
  baseURL,
}) => {
  const admin = await as(playwright, baseURL, "admin");
  const manager = await as(playwright, baseURL, "manager");
  const dealerId = await newDealer(admin, theTeam());
  const key = crypto.randomUUID();
  const send = (amount: string) =>
    manager.post(`/api/dealers/${dealerId}/adjustments`, {
      headers: { "Idempotency-Key": key },
      data: { amount, reason: "Offline replay" },
    });

  const answers = await Promise.all([send("75.00"), send("75.00"), send("75.00")]);
  expect(answers.map((answer) => answer.status())).toEqual([201, 201, 201]);
  const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Entry[];
  expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
  expect(answers.map((answer) => answer.headers()["idempotent-replayed"] ?? "first").sort()).toEqual([
    "first",
    "true",
    "true",
  ]);
  await expectError(await send("76.00"), 422, "Idempotency-Key was already used for a different request");
  expect(entriesOf(dealerId)).toBe(1);

  const opening = () =>
    admin.post(`/api/dealers/${dealerId}/opening-balance`, {
      headers: { "Idempotency-Key": key },
      data: { amount: "10.00" },
    });
  const [firstOpening, again] = [await opening(), await opening()];
  expect([firstOpening.status(), again.status(), again.headers()["idempotent-replayed"]]).toEqual([201, 201, "true"]);
  expect((await again.json()).id).toBe((await firstOpening.json()).id);
  expect(entriesOf(dealerId)).toBe(2);
});
