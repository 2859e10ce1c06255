import type { Page } from "@playwright/test";
import { expect, signIn, test, uniqueName } from "../support/fixtures";
import { reviewScreenshot } from "../support/screenshots";
import { addDealerThroughApi } from "./support";

// The dealer's account on a 360 px phone, with JavaScript on and off: what only a browser knows
// (the section's width), and the screenshots the closing note's review asks for.

async function post(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post("/api/posts", { data: { text: uniqueName("Counter"), ...data } });
  expect(response.status(), await response.text()).toBe(201);
}

test(
  "the dealer's account and its forms fit a 360 px phone, over the limit and after a refusal",
  { tag: ["@browser", "@js"] },
  async ({ page, javaScriptEnabled }) => {
    const mode = javaScriptEnabled ? "js-on" : "js-off";
    await signIn(page, "manager");
    const me = await (await page.request.get("/api/user")).json();
    const dealer = await addDealerThroughApi(page, { teamId: me.team.id });
    await post(page, { type: "SALE", saleProduct: "SSP", saleQty: 40, salePrice: "2450", dealerId: dealer.id });
    await post(page, { type: "RECOVERY", recoveryAmount: "25000", dealerId: dealer.id });
    const terms = await page.request.post(`/dealer-details/${dealer.id}`, {
      form: { intent: "account-terms", creditLimit: "50000", paymentTermsDays: "30" },
      maxRedirects: 0,
    });
    expect(terms.status()).toBe(302);

    await page.goto(`/dealer-details/${dealer.id}`);
    const account = page.getByRole("region", { name: "Account" });
    await expect(account).toContainText("Over the limit by");
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await account.scrollIntoViewIfNeeded();
    await reviewScreenshot(page, `dealer-account-${mode}-360`, { fullPage: true });

    await page.getByText("Adjust balance", { exact: true }).first().click();
    await page.getByLabel("Amount", { exact: true }).fill("1000000000000000");
    await page.getByLabel("Reason for the adjustment").fill("Typed too many zeros");
    await page.getByRole("button", { name: "Adjust balance" }).click();
    await expect(page.getByText("An amount can be at most $1,000,000,000.00.")).toBeVisible();
    expect(await fits()).toBe(true);
    await reviewScreenshot(page, `dealer-account-refused-${mode}-360`, { fullPage: true });
  },
);
