import { expect, test, uniqueName } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";
import { addDealerAndReturn, cardWithText } from "./support";

// "Add new dealer" on New Post leads to Add Dealer and back to the post, with the new dealer
// chosen and what was typed kept: in the tab with JavaScript, on the server without it, where
// the attached photo waits too (JavaScript on and off).

test(
  "a dealer added from New Post comes back chosen, with the post as typed, and the post names it",
  { tag: "@js" },
  async ({ page, javaScriptEnabled }) => {
    await registerThroughForm(page);
    const text = uniqueName("Met the new dealer");
    const businessName = uniqueName("Naya Zarai Markaz");
    await page.goto("/new-post?type=DEALER_MEETING");
    await page.getByLabel("Description").fill(text);
    await page.getByRole("button", { name: "Add a new dealer" }).click();
    await addDealerAndReturn(page, javaScriptEnabled, businessName);
    await expect(page.getByLabel("Post type *")).toHaveValue("DEALER_MEETING");
    await expect(page.getByLabel("Description")).toHaveValue(text);

    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page).toHaveURL("/");
    await expect(cardWithText(page, text).getByText(businessName)).toBeVisible();
  },
);
