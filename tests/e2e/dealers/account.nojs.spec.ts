import type { APIRequestContext, Page } from "@playwright/test";
import { countRows, expect, signIn, test, uniqueName } from "../support/fixtures";
import { addDealerThroughApi } from "./support";

// A dealer's account on their page (issue 48): the figures, the newest entries and the forms of
// whoever manages the account, all plain HTML. Server decisions: JavaScript off.

const US_DATE = /[A-Z][a-z]{2} \d{1,2}, \d{4}/;

/** A dealer of the signed-in user's own team (the e2e database's one team), set by hand. */
async function teamDealer(page: Page) {
  const me = await (await page.request.get("/api/user")).json();
  return addDealerThroughApi(page, { teamId: me.team.id });
}

async function post(page: Page, data: Record<string, unknown>): Promise<number> {
  const response = await page.request.post("/api/posts", { data: { text: uniqueName("Counter"), ...data } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

const ledgerRows = (dealerId: number) =>
  countRows("SELECT COUNT(*) AS n FROM LedgerEntry WHERE dealerId = ?", dealerId);

/** Opens one of the account's forms (a <details>) and fills it. */
async function fillAccountForm(page: Page, summary: string, fields: Record<string, string>) {
  await page.getByText(summary, { exact: true }).first().click();
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

test("the account shows its figures, when they were read and its newest entries with their posts", async ({ page }) => {
  await signIn(page, "officer1");
  const dealer = await teamDealer(page);
  const sale = await post(page, {
    type: "SALE",
    saleProduct: "SSP",
    saleQty: 4,
    salePrice: "250",
    dealerId: dealer.id,
  });
  const recovery = await post(page, { type: "RECOVERY", recoveryAmount: "300", dealerId: dealer.id });

  await page.goto(`/dealer-details/${dealer.id}`);
  const account = page.getByRole("region", { name: "Account" });
  await expect(account.getByRole("definition").first()).toHaveText("$700.00");
  await expect(account).toContainText("Overdue$0.00");
  await expect(account).toContainText("Credit limitNo limit");
  await expect(account).toContainText("Payment terms30 days");
  await expect(account).toContainText("0–30 days$700.00");
  await expect(account).toContainText("Over 90 days$0.00");
  await expect(page.getByTestId("account-updated")).toHaveText(
    new RegExp(`^Updated ${US_DATE.source}, \\d{1,2}:\\d{2} [AP]M$`),
  );

  const entries = page.getByRole("list", { name: "Recent entries" }).getByRole("listitem");
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText("Recovery");
  await expect(entries.first()).toContainText("-$300.00");
  await expect(entries.first()).toContainText("Balance $700.00");
  await expect(entries.first()).toContainText(US_DATE);
  await expect(entries.first().getByRole("link", { name: "View post" })).toHaveAttribute("href", `/posts/${recovery}`);
  await expect(entries.nth(1)).toContainText("Sale");
  await expect(entries.nth(1)).toContainText("Balance $1,000.00");
  await expect(entries.nth(1).getByRole("link", { name: "View post" })).toHaveAttribute("href", `/posts/${sale}`);
  // An officer reads the account but changes nothing of it.
  await expect(page.getByText("Adjust balance")).toHaveCount(0);
  await expect(page.getByText("Reverse", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Full statement" })).toHaveAttribute(
    "href",
    `/dealer-details/${dealer.id}/statement`,
  );
});

test("a manager adjusts, reverses and sets credit terms without JavaScript; a resend writes nothing twice", async ({
  page,
}) => {
  await signIn(page, "manager");
  const dealer = await teamDealer(page);
  await page.goto(`/dealer-details/${dealer.id}`);

  await fillAccountForm(page, "Adjust balance", { Amount: "1,250.50", "Reason for the adjustment": "Old invoice 114" });
  await page.getByRole("button", { name: "Adjust balance" }).click();
  await expect(page.getByText("Balance adjusted successfully!")).toBeVisible();
  const entries = page.getByRole("list", { name: "Recent entries" }).getByRole("listitem");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("Adjustment");
  await expect(entries.first()).toContainText("$1,250.50");
  await expect(entries.first()).toContainText("Old invoice 114");
  expect(ledgerRows(dealer.id)).toBe(1);

  await fillAccountForm(page, "Credit terms", { "Credit limit": "1000", "Payment terms (days)": "45" });
  await page.getByRole("button", { name: "Save credit terms" }).click();
  await expect(page.getByText("Credit terms updated successfully!")).toBeVisible();
  const account = page.getByRole("region", { name: "Account" });
  await expect(account).toContainText("Credit limit$1,000.00");
  await expect(account).toContainText("Over the limit by$250.50");
  await expect(account).toContainText("Payment terms45 days");

  await fillAccountForm(page, "Reverse", { "Reason for the reversal": "Typed twice" });
  // The same form sent again (its answer lost on the way) answers the first reversal.
  const sent = async (name: string) =>
    (await page.locator(`form[id^="reverse-"] input[name="${name}"]`).getAttribute("value")) ?? "";
  const body = new URLSearchParams({
    intent: "account-reverse",
    entry: await sent("entry"),
    idempotencyKey: await sent("idempotencyKey"),
    reason: "Typed twice",
  });
  await page.getByRole("button", { name: "Reverse entry" }).click();
  await expect(page.getByText("Entry reversed successfully!")).toBeVisible();
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText("Reversal");
  await expect(entries.first()).toContainText("Typed twice");
  await expect(entries.nth(1)).toContainText("Reversed");
  await expect(account).toContainText("Outstanding$0.00");
  const resend = await page.request.post(`/dealer-details/${dealer.id}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: body.toString(),
    maxRedirects: 0,
  });
  expect(resend.status()).toBe(302);
  expect(ledgerRows(dealer.id)).toBe(2);
});

test("an admin sets the opening balance once; a second waits for the first's reversal", async ({ page }) => {
  await signIn(page, "admin");
  const dealer = await addDealerThroughApi(page);
  await page.goto(`/dealer-details/${dealer.id}`);
  await fillAccountForm(page, "Opening balance", { "Opening balance": "5000", Note: "From the 2025 books" });
  await page.getByRole("button", { name: "Set opening balance" }).click();
  await expect(page.getByText("Opening balance set successfully!")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent entries" })).toContainText("Opening balance");
  await expect(page.getByRole("region", { name: "Account" })).toContainText("Outstanding$5,000.00");

  await fillAccountForm(page, "Opening balance", { "Opening balance": "10", Note: "" });
  await page.getByRole("button", { name: "Set opening balance" }).click();
  await expect(
    page.getByText("This dealer already has an opening balance: reverse it first to set another."),
  ).toBeVisible();
  expect(ledgerRows(dealer.id)).toBe(1);
});

/** Sends one of the account's forms as a browser without JavaScript would: the page's answer and its text. */
async function sendForm(page: Page | APIRequestContext, dealerId: number, fields: Record<string, string>) {
  const client = "request" in page ? page.request : page;
  const response = await client.post(`/dealer-details/${dealerId}`, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: new URLSearchParams(fields).toString(),
    maxRedirects: 0,
  });
  const html = await response.text();
  return { status: response.status(), text: html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&") };
}

test("bad input to the account's forms is refused with its message and writes nothing", async ({ page }) => {
  await signIn(page, "manager");
  const dealer = await teamDealer(page);
  await sendForm(page, dealer.id, { intent: "account-adjust", amount: "100", reason: "Start" });
  const before = ledgerRows(dealer.id);
  const refusals: Array<[Record<string, string>, number, string]> = [
    [
      { intent: "account-adjust", amount: "1000000000000000", reason: "Absurd" },
      400,
      "An amount can be at most $1,000,000,000.00.",
    ],
    [
      { intent: "account-adjust", amount: "1000000000.01", reason: "Too much" },
      400,
      "An amount can be at most $1,000,000,000.00.",
    ],
    [{ intent: "account-adjust", amount: "-0", reason: "Nothing" }, 400, "Enter an amount other than zero."],
    [{ intent: "account-adjust", amount: "12.345", reason: "Fractions" }, 400, "Enter an amount in dollars"],
    [{ intent: "account-adjust", amount: "50", reason: "   " }, 400, "Say why (at most 200 characters)."],
    [
      { intent: "account-terms", creditLimit: "1000000000000000", paymentTermsDays: "30" },
      400,
      "An amount can be at most $1,000,000,000.00.",
    ],
    [{ intent: "account-terms", creditLimit: "-5", paymentTermsDays: "30" }, 400, "Enter an amount in dollars"],
    [
      { intent: "account-terms", creditLimit: "500", paymentTermsDays: "400" },
      400,
      "Payment terms are whole days from 0 to 365.",
    ],
    [{ intent: "account-reverse", entry: "abc", reason: "No such" }, 404, "Ledger entry not found."],
    [{ intent: "account-reverse", entry: "999999999", reason: "No such" }, 404, "Ledger entry not found."],
    // A manager opens no account: an admin's opening balance.
    [{ intent: "account-open", amount: "100" }, 403, "You don't have permission to access this page."],
  ];
  for (const [fields, status, message] of refusals) {
    const answer = await sendForm(page, dealer.id, fields);
    expect(answer.status, JSON.stringify(fields)).toBe(status);
    expect(answer.text, JSON.stringify(fields)).toContain(message);
  }
  expect(ledgerRows(dealer.id)).toBe(before);
  const account = page.getByRole("region", { name: "Account" });
  await page.goto(`/dealer-details/${dealer.id}`);
  await expect(account).toContainText("Credit limitNo limit");
});

test("a reversal is never reversed, nor an entry reversed twice", async ({ page }) => {
  await signIn(page, "manager");
  const dealer = await teamDealer(page);
  await sendForm(page, dealer.id, { intent: "account-adjust", amount: "80", reason: "Freight" });
  await page.goto(`/dealer-details/${dealer.id}`);
  // The entry's Reverse link opens its form: `?reverse=<id>`.
  const link = await page.getByRole("link", { name: "Reverse", exact: true }).getAttribute("href");
  const adjustment = /reverse=(\d+)/.exec(link ?? "")?.[1];
  const reverse = (entry: string) => sendForm(page, dealer.id, { intent: "account-reverse", entry, reason: "Undo" });
  expect((await reverse(adjustment!)).status).toBe(302);
  const twice = await reverse(adjustment!);
  expect(twice.status).toBe(409);
  expect(twice.text).toContain("This entry has already been reversed.");

  await page.goto(`/dealer-details/${dealer.id}`);
  // Neither the reversed entry nor its reversal offers a Reverse link; sent anyway, a reversal is refused.
  await expect(page.getByRole("link", { name: "Reverse", exact: true })).toHaveCount(0);
  // The reversal's id, from the database (countRows answers the first row's `n`).
  const reversal = String(countRows("SELECT id AS n FROM LedgerEntry WHERE reversesId = ?", Number(adjustment)));
  const ofReversal = await reverse(reversal);
  expect(ofReversal.status).toBe(422);
  expect(ofReversal.text).toContain("A reversal cannot be reversed: make an adjustment instead.");
  expect(ledgerRows(dealer.id)).toBe(2);
});

test("only the managers of the dealer's team and admins change an account; others' accounts stay unread", async ({
  page,
  request,
}) => {
  await signIn(page, "officer2");
  const dealer = await teamDealer(page);
  const adjust = { intent: "account-adjust", amount: "-40", reason: "Discount" };
  const officer = await sendForm(page, dealer.id, adjust);
  expect(officer.status).toBe(403);
  expect(officer.text).toContain("Only the managers of the dealer's team and admins can change its account.");
  const terms = await sendForm(page, dealer.id, { intent: "account-terms", creditLimit: "10", paymentTermsDays: "" });
  expect(terms.status).toBe(403);

  // A dealer of no team is in nobody's territory: the admins' alone, its account unseen by the team.
  const nobodys = await addDealerThroughApi(page);
  await page.goto(`/dealer-details/${nobodys.id}`);
  await expect(page.getByRole("heading", { name: nobodys.businessName })).toBeVisible();
  await expect(page.getByRole("region", { name: "Account" })).toHaveCount(0);
  const signedIn = await request.post("/api/login", { data: { username: "manager", password: "fieldline" } });
  expect(signedIn.status()).toBe(200);
  const manager = await sendForm(request, nobodys.id, adjust);
  expect(manager.status).toBe(403);
  expect(manager.text).toContain("Only the managers of the dealer's team and admins can change its account.");
  expect(ledgerRows(dealer.id) + ledgerRows(nobodys.id)).toBe(0);
});
