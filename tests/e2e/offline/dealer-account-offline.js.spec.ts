import { expect, signIn, test, underServiceWorker, uniqueName, untilTrueInPage } from "../support/fixtures";
import { addDealerThroughApi } from "../dealers/support";

// At the counter without signal (issue 48, decision 81): the dealer's page opened before comes
// from the phone's saved copy with the account as it was then, and says when its figures were read.

test.use({ serviceWorkers: "allow" });

test("offline, a dealer's saved page shows the account as it was saved and when it was updated", async ({
  page,
  context,
}) => {
  await signIn(page, "officer4");
  await underServiceWorker(page);
  const me = await (await page.request.get("/api/user")).json();
  const dealer = await addDealerThroughApi(page, { teamId: me.team.id });
  const sale = (qty: number) =>
    page.request.post("/api/posts", {
      data: {
        type: "SALE",
        text: uniqueName("Counter"),
        saleProduct: "SSP",
        saleQty: qty,
        salePrice: "100",
        dealerId: dealer.id,
      },
    });
  expect((await sale(3)).status()).toBe(201);

  const path = `/dealer-details/${dealer.id}`;
  await page.goto(path);
  const account = page.getByRole("region", { name: "Account" });
  await expect(account).toContainText("Outstanding$300.00");
  const updated = (await page.getByTestId("account-updated").textContent()) ?? "";
  expect(updated).toMatch(/^Updated [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
  await untilTrueInPage(page, async (saved) => Boolean(await caches.match(saved)), path);

  // The dealer buys more while the officer has no signal: the saved copy still says $300.00, and when.
  expect((await sale(2)).status()).toBe(201);
  await context.setOffline(true);
  await page.goto(path);
  await expect(page.getByText(/^Offline: this page was saved at /)).toBeVisible();
  await expect(account).toContainText("Outstanding$300.00");
  await expect(page.getByTestId("account-updated")).toHaveText(updated);

  await context.setOffline(false);
  await page.goto(path);
  await expect(account).toContainText("Outstanding$500.00");
});
