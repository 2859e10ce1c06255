// New Post at the counter (issue 48, decision 82), through the production server without
// JavaScript and through /api: a sale past the dealer's credit limit comes back with the warning
// and "Post anyway", everything kept; confirmed, it posts and the manager of the dealer's team is
// told; the company's setting makes the limit refuse instead; what was paid at the counter is never
// more than the sale. Here, on a server and database of its own, because the setting is the
// company's and the dealer's team must be one the officer and the manager belong to.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LIMIT_BLOCKS_SALE } from "~/lib/ledger";
import { PAID_OVER_TOTAL } from "~/models/post.rules";
import { english } from "../support/english";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

let server: AppServer;
let teams: TwoTeams;
/** A dealer of team A with a $1,000.00 credit limit that owes $600.00. */
let dealerId: number;
const DEALER = "Counter Test Traders";
const WARNING =
  "This dealer owes $600.00. Credit limit: $1,000.00. This sale takes the balance to $1,100.00, past the limit.";

beforeAll(async () => {
  server = await createAppServer("credit-at-the-counter");
  teams = await setUpTwoTeams(server);
  const made = await send("officerA", "POST", "/api/dealers", {
    businessName: DEALER,
    street: "Main Bazaar 4",
    city: "Okara",
    state: "Punjab",
    lat: 30.81,
    lng: 73.45,
  });
  expect(made.status).toBe(201);
  dealerId = (made.json as { id: number }).id;
  server.query((db) => db.prepare("UPDATE Dealer SET creditLimitCents = 100000 WHERE id = ?").run(dealerId), {
    readonly: false,
  });
  const owes = await send("officerA", "POST", "/api/posts", sale({ saleQty: "6" }));
  expect(owes.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

async function send(role: Role, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(teams.cookies[role] ? { Cookie: teams.cookies[role] } : {}),
      ...(body instanceof FormData || body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: response.status, json, text, location: response.headers.get("location") };
}

/** A sale of bags at $100.00 to the dealer, as /api and the form name its fields. */
function sale(fields: Record<string, string> = {}): Record<string, string> {
  return {
    type: "SALE",
    text: "Sold at the counter",
    saleProduct: "SSP",
    saleQty: "5",
    salePrice: "100",
    dealerId: String(dealerId),
    ...fields,
  };
}

/** New Post's form as a browser without JavaScript sends it (multipart), with a fresh submission key. */
function postForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  form.set("idempotencyKey", crypto.randomUUID());
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const count = (sql: string, ...values: unknown[]) =>
  server.query((db) => (db.prepare(sql).get(...values) as { n: number }).n);
const salesOfDealer = () => count("SELECT COUNT(*) AS n FROM Post WHERE dealerId = ?", dealerId);
const entriesOfDealer = () => count("SELECT COUNT(*) AS n FROM LedgerEntry WHERE dealerId = ?", dealerId);
const creditNotices = () =>
  count("SELECT COUNT(*) AS n FROM Notification WHERE type = 'CREDIT_SALE' AND messageValues LIKE ?", `%${DEALER}%`);

/** The HTML's text as a reader sees it (entities of apostrophes and ampersands read back). */
const readable = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

async function setLimitBlocks(blocks: boolean) {
  const form = new FormData();
  form.set("intent", "save-credit");
  form.set("defaultTermsDays", "30");
  if (blocks) form.set("limitBlocks", "yes");
  const saved = await send("admin", "POST", "/admin", form);
  expect(saved.status).toBe(302);
}

describe("without JavaScript", () => {
  test("the picker shows the dealer's account at a glance, and when it was read", async () => {
    const page = await getAs(server, teams.cookies.officerA, `/new-post?dealerQuery=${encodeURIComponent(DEALER)}`);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(new RegExp(`${DEALER} \\(Okara, [\\d.]+ km\\) · owes \\$600\\.00, limit \\$1,000\\.00<`));
    expect(page.text).toMatch(/Balances as of \w{3} \d{1,2}, \d{4}/);
    // Another team's officer does not see it.
    const other = await getAs(server, teams.cookies.officerB, `/new-post?dealerQuery=${encodeURIComponent(DEALER)}`);
    expect(other.text).toContain(`${DEALER} (Okara`);
    expect(other.text).not.toContain("owes $600.00");
  });

  test("a sale past the limit comes back warned with everything kept; Post anyway posts it and tells the manager", async () => {
    const [sales, notices] = [salesOfDealer(), creditNotices()];
    const text = `Past the limit ${crypto.randomUUID()}`;
    const warned = await send("officerA", "POST", "/new-post", postForm(sale({ text })));
    expect(warned.status).toBe(409);
    expect(readable(warned.text)).toContain(WARNING);
    expect(warned.text).toContain("Post anyway");
    expect(warned.text).toContain(text);
    expect(salesOfDealer()).toBe(sales);

    const posted = await send("officerA", "POST", "/new-post", postForm(sale({ text, confirmCredit: "yes" })));
    expect(posted.status).toBe(302);
    expect(salesOfDealer()).toBe(sales + 1);
    expect(creditNotices()).toBe(notices + 1);
    const managerId = server.query(
      (db) => (db.prepare("SELECT id FROM User WHERE username = 'manager'").get() as { id: number }).id,
    );
    expect(
      count(
        "SELECT COUNT(*) AS n FROM Notification WHERE type = 'CREDIT_SALE' AND userId = ? AND messageValues LIKE ?",
        managerId,
        `%${DEALER}%`,
      ),
    ).toBeGreaterThan(0);
  });

  test("paid at the counter more than the sale's total is refused, and nothing is written", async () => {
    const [sales, entries] = [salesOfDealer(), entriesOfDealer()];
    const refused = await send("officerA", "POST", "/new-post", postForm(sale({ saleQty: "1", salePaid: "100.01" })));
    expect(refused.status).toBe(400);
    expect(readable(refused.text)).toContain(english(PAID_OVER_TOTAL));
    expect([salesOfDealer(), entriesOfDealer()]).toEqual([sales, entries]);
  });

  test("with the limit blocking, a sale past it is refused even confirmed, and nothing is written", async () => {
    await setLimitBlocks(true);
    try {
      const [sales, entries, notices] = [salesOfDealer(), entriesOfDealer(), creditNotices()];
      const refused = await send(
        "officerA",
        "POST",
        "/new-post",
        postForm(sale({ saleQty: "50", confirmCredit: "yes" })),
      );
      expect(refused.status).toBe(422);
      expect(readable(refused.text)).toContain(LIMIT_BLOCKS_SALE);
      expect([salesOfDealer(), entriesOfDealer(), creditNotices()]).toEqual([sales, entries, notices]);
    } finally {
      await setLimitBlocks(false);
    }
  });
});

test("a recovery's post page shows the dealer's balance after it to its team, not to another team", async () => {
  const made = await send("officerA", "POST", "/api/posts", {
    type: "RECOVERY",
    text: "Collected at the shop",
    recoveryAmount: "25",
    dealerId: String(dealerId),
  });
  expect(made.status).toBe(201);
  const { id, dealerBalanceAfter } = made.json as { id: number; dealerBalanceAfter: string };
  expect(dealerBalanceAfter).toMatch(/^\d+\.\d{2}$/);
  const own = await getAs(server, teams.cookies.officerA, `/posts/${id}`);
  expect(own.text).toContain("Balance after");
  expect(readable(own.text)).toContain(
    `$${Number(dealerBalanceAfter).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
  );
  const other = await getAs(server, teams.cookies.officerB, `/posts/${id}`);
  expect(other.status).toBe(200);
  expect(other.text).not.toContain("Balance after");
});

describe("/api", () => {
  test("a sale past the limit posts (a tool cannot confirm) and the manager is told; with the limit blocking, 422", async () => {
    const notices = creditNotices();
    const posted = await send("officerA", "POST", "/api/posts", sale({ saleQty: "1", salePaid: "40" }));
    expect(posted.status).toBe(201);
    expect(posted.json).toMatchObject({ saleTotal: "100.00", salePaid: "40.00" });
    expect(creditNotices()).toBe(notices + 1);

    await setLimitBlocks(true);
    try {
      const [sales, entries] = [salesOfDealer(), entriesOfDealer()];
      const refused = await send("officerA", "POST", "/api/posts", sale({ saleQty: "50" }));
      expect(refused.status).toBe(422);
      expect((refused.json as { error: string }).error).toContain(LIMIT_BLOCKS_SALE);
      expect([salesOfDealer(), entriesOfDealer()]).toEqual([sales, entries]);
    } finally {
      await setLimitBlocks(false);
    }
  });

  test("a bad amount paid is a 400 with its message, and nothing is written", async () => {
    const [sales, entries] = [salesOfDealer(), entriesOfDealer()];
    for (const salePaid of ["-5", "1000000000000000", "ten"]) {
      const refused = await send("officerA", "POST", "/api/posts", sale({ salePaid }));
      expect(refused.status, salePaid).toBe(400);
      expect(JSON.stringify(refused.json)).toContain("Paid at the counter must be an amount like 1250.00");
    }
    const over = await send("officerA", "POST", "/api/posts", sale({ saleQty: "1", salePaid: "500" }));
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.json)).toContain(english(PAID_OVER_TOTAL));
    expect([salesOfDealer(), entriesOfDealer()]).toEqual([sales, entries]);
  });

  test("the admin's credit settings refuse absurd terms with their message, and a non-admin is refused", async () => {
    const form = new FormData();
    form.set("intent", "save-credit");
    form.set("defaultTermsDays", "100000");
    const refused = await send("admin", "POST", "/admin", form);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Payment terms are whole days from 0 to 365.");
    const other = new FormData();
    other.set("intent", "save-credit");
    other.set("defaultTermsDays", "10");
    expect((await send("managerA", "POST", "/admin", other)).status).toBe(403);
    expect(count("SELECT COUNT(*) AS n FROM Setting WHERE key = 'creditDefaultTermsDays' AND value = '10'")).toBe(0);
  });
});
