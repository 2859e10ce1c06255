import { createHmac } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { countRows, expect, test, uniqueName } from "../e2e/support/fixtures";
import { karachiDate } from "../e2e/support/days";

// A dealer's statement through /api (issue 48, item 4; decision 83): the JSON statement, share
// links and the page a link opens without an account, and their refusals.

async function signIn(request: APIRequestContext, username: string) {
  expect((await request.post("/api/login", { data: { username, password: "fieldline" } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, error: string) {
  expect(response.status(), await response.text()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toBe(error);
}

/** A dealer of the officer's team (or, `teamId: null`, of none: an admin's alone to read). */
async function addDealer(request: APIRequestContext, teamId?: number | null): Promise<{ id: number; name: string }> {
  const me = (await (await request.get("/api/user")).json()) as { teamId: number };
  const name = uniqueName("Statement Traders");
  const response = await request.post("/api/dealers", {
    data: {
      businessName: name,
      street: "Main Bazaar 4",
      city: "Okara",
      state: "Punjab",
      lat: 30.81,
      lng: 73.45,
      teamId: teamId === undefined ? me.teamId : teamId,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, name };
}

async function post(request: APIRequestContext, data: Record<string, unknown>): Promise<number> {
  const response = await request.post("/api/posts", { data: { text: uniqueName("Counter"), ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

type StatementAnswer = {
  dealer: { id: number; businessName: string };
  period: { from: string; to: string };
  openingBalance: string;
  entries: { kind: string; amount: string; balanceAfter: string; post: { id: number; type: string; bags: number } }[];
  closingBalance: string;
  totals: { debits: string; credits: string };
};

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

test("a dealer's statement: opening balance, the period's entries with their posts, totals and closing balance", async ({
  request,
  playwright,
  baseURL,
}) => {
  await signIn(request, "officer5");
  const dealer = await addDealer(request);
  const sale = await post(request, {
    type: "SALE",
    saleProduct: "SSP",
    saleQty: 4,
    salePrice: "1250.00",
    dealerId: dealer.id,
  });
  const recovery = await post(request, { type: "RECOVERY", recoveryAmount: "1800.50", dealerId: dealer.id });

  const today = karachiDate();
  const answer = (await (await request.get(`/api/dealers/${dealer.id}/statement`)).json()) as StatementAnswer;
  expect(answer.dealer).toMatchObject({ id: dealer.id, businessName: dealer.name });
  expect(answer.period).toEqual({ from: `${today.slice(0, 8)}01`, to: today });
  expect(answer.entries.map((entry) => [entry.kind, entry.amount, entry.balanceAfter, entry.post?.id])).toEqual([
    ["SALE", "5000.00", "5000.00", sale],
    ["RECOVERY", "-1800.50", "3199.50", recovery],
  ]);
  expect(answer.entries[0]!.post).toMatchObject({ type: "SALE", product: "SSP", bags: 4, price: "1250.00" });
  expect(answer).toMatchObject({
    openingBalance: "0.00",
    totals: { debits: "5000.00", credits: "1800.50" },
    closingBalance: "3199.50",
  });
  const sum = answer.entries.reduce((total, entry) => total + cents(entry.amount), cents(answer.openingBalance));
  expect(sum).toBe(cents(answer.closingBalance));

  // A period after the entries: they are all in its opening balance, none in it.
  const tomorrow = karachiDate(-1);
  const later = (await (
    await request.get(`/api/dealers/${dealer.id}/statement?from=${tomorrow}&to=${tomorrow}`)
  ).json()) as StatementAnswer;
  expect(later).toMatchObject({ openingBalance: "3199.50", entries: [], closingBalance: "3199.50" });

  // Whoever may read the account: the manager who leads the team, an admin.
  for (const username of ["manager", "admin"]) {
    const context = await playwright.request.newContext({ baseURL });
    await signIn(context, username);
    const seen = (await (await context.get(`/api/dealers/${dealer.id}/statement`)).json()) as StatementAnswer;
    expect(seen.closingBalance).toBe("3199.50");
    await context.dispose();
  }
});

test("bad input to a statement answers 4xx with its message and reads nothing", async ({ request }) => {
  expect((await request.get("/api/dealers/1/statement")).status()).toBe(401);
  await signIn(request, "officer5");
  const dealer = await addDealer(request);
  const path = `/api/dealers/${dealer.id}/statement`;
  await expectError(
    await request.get(`${path}?from=2026-11-30&to=2026-11-01`),
    400,
    "The statement's period ends before it starts.",
  );
  await expectError(
    await request.get(`${path}?from=9999-01-01&to=9999-01-31`),
    400,
    "from must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd",
  );
  await expectError(
    await request.get(`${path}?from=2020-01-01&to=2026-11-01`),
    400,
    "A statement covers at most 3 years.",
  );
  await expectError(await request.get("/api/dealers/999999/statement"), 404, "Dealer not found.");
  await expectError(await request.get("/api/dealers/abc/statement"), 404, "Dealer not found.");
  // A dealer in nobody's territory: an admin's alone.
  const noTeam = await addDealer(request, null);
  const refused = await request.get(`/api/dealers/${noTeam.id}/statement`);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toMatch(/account/i);
  expect((await request.post(`/api/dealers/${noTeam.id}/statement-links`, { data: {} })).status()).toBe(403);
  await expectError(
    await request.post(`${path}-links`, { data: { from: "2026-11-30", to: "2026-11-01" } }),
    400,
    "The statement's period ends before it starts.",
  );
  expect((await request.post(`${path}-links`, { data: { from: "2026-11-01", dealerId: 1 } })).status()).toBe(400);
});

test("a share link opens that one statement signed out; changed it is 404, expired 410, each with its message", async ({
  request,
  playwright,
  baseURL,
}) => {
  await signIn(request, "officer5");
  const dealer = await addDealer(request);
  const other = await addDealer(request);
  await post(request, { type: "SALE", saleProduct: "ORGANIC", saleQty: 2, salePrice: "700.00", dealerId: dealer.id });
  await post(request, { type: "SALE", saleProduct: "SULFUR", saleQty: 9, salePrice: "999.00", dealerId: other.id });
  // Other specs post beside this one: the dealer's own entries.
  const entries = () => countRows('SELECT COUNT(*) AS n FROM "LedgerEntry" WHERE "dealerId" = ?', dealer.id);
  const entriesBefore = entries();

  const made = await request.post(`/api/dealers/${dealer.id}/statement-links`, { data: {} });
  expect(made.status()).toBe(201);
  const link = (await made.json()) as { url: string; expiresAt: string };
  const days = (Date.parse(link.expiresAt) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.99);
  expect(days).toBeLessThanOrEqual(7);
  const path = new URL(link.url).pathname;
  expect(entries()).toBe(entriesBefore);

  const signedOut = await playwright.request.newContext({ baseURL });
  try {
    const page = await signedOut.get(path);
    expect(page.status()).toBe(200);
    expect(page.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.headers()["cache-control"]).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(dealer.name);
    expect(html).toContain("Organic Fertilizer, 2 bags at $700.00");
    expect(html).toContain("$1,400.00");
    expect(html).not.toContain(other.name);
    expect(html).not.toContain('href="/posts/');
    expect(html).toContain('name="robots" content="noindex, nofollow"');

    // Another dealer's id, another period or another signature in the link: no statement at all.
    const [, token] = /^\/statement\/(.+)$/.exec(path)!;
    const [dealerId, from, to, expires, signature] = token!.split(".");
    for (const changed of [
      [other.id, from, to, expires, signature],
      [dealerId, "20000101", to, expires, signature],
      [dealerId, from, to, expires, signature!.replace(/^./, (c) => (c === "A" ? "B" : "A"))],
    ]) {
      const answer = await signedOut.get(`/statement/${changed.join(".")}`);
      expect(answer.status()).toBe(404);
      const text = await answer.text();
      expect(text).toContain("This statement link is not valid. Ask for a new link.");
      expect(text).not.toContain(other.name);
    }

    // The same link as the server signs it, a week and a second ago: expired.
    const secret = process.env.SESSION_SECRET ?? "e2e-session-secret-0123456789-abcdefghijklmnop";
    const past = String(Math.floor(Date.now() / 1000) - 1);
    const payload = [dealerId, from, to, past].join(".");
    const expired = `${payload}.${createHmac("sha256", secret).update(`statement:${payload}`).digest("base64url")}`;
    const gone = await signedOut.get(`/statement/${expired}`);
    expect(gone.status()).toBe(410);
    expect(await gone.text()).toContain("This statement link has expired: a link lasts 7 days. Ask for a new link.");
  } finally {
    await signedOut.dispose();
  }
});
