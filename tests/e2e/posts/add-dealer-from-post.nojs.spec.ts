import { countRows, expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { addDealerAndReturn, cardWithText, photo } from "./support";

// Without JavaScript, choosing "+ Add new dealer" in New Post's list and sending the form goes to
// Add Dealer too (it used to end in "Please select a dealer."), with everything kept on the server.

test("without JavaScript, '+ Add new dealer' chosen in the list keeps the post, its place and its photo for after", async ({
  page,
}) => {
  await registerThroughForm(page);
  const text = uniqueName("Sold to the new dealer");
  const businessName = uniqueName("Kisan Beej Ghar");
  await page.goto("/new-post?type=DEALER_MEETING");
  await page.getByLabel("Description").fill(text);
  await page.getByLabel("Latitude").fill("30.0452");
  await page.getByLabel("Longitude").fill("72.3489");
  await page.locator("#post-files").setInputFiles([await photo("counter.jpg", "#2a7")]);
  await page.getByLabel(/^Dealer/).selectOption("new");
  await page.getByRole("button", { name: "Post", exact: true }).click();
  await addDealerAndReturn(page, false, businessName);
  const draft = new URL(page.url()).searchParams.get("draft");
  await expect(page.getByLabel("Description")).toHaveValue(text);
  await expect(page.getByLabel("Latitude")).toHaveValue("30.0452");
  await expect(page.getByTestId("attached-file")).toHaveText(/counter\.jpg/);

  await page.getByRole("button", { name: "Post", exact: true }).click();
  await expect(page).toHaveURL("/");
  const card = cardWithText(page, text);
  await expect(card.getByText(businessName)).toBeVisible();
  await expect(card.getByRole("link", { name: "Open photo 1 of 1 full size" })).toBeVisible();
  // The draft is used up with its post.
  expect(countRows("SELECT COUNT(*) AS n FROM PostDraft WHERE id = ?", draft)).toBe(0);
});
