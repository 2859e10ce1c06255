import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, uniqueName } from "../support/fixtures";

/** A small photo made on the fly. */
export async function photo(
  color: { r: number; g: number; b: number },
  format: "png" | "jpeg" = "png",
): Promise<Buffer> {
  const image = sharp({ create: { width: 80, height: 60, channels: 3, background: color } });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

export type NewDealer = { businessName: string; phone: string; city: string };

/**
 * Adds a dealer through /add-dealer: with JavaScript by tapping the map (the fake geocoder's
 * address fills street, city and state), without it by typing coordinates.
 */
export async function addDealerThroughForm(page: Page, javaScriptEnabled: boolean): Promise<NewDealer> {
  const businessName = uniqueName("Zarai Markaz");
  const phone = `+92 301 ${String(Date.now() % 10_000_000).padStart(7, "0")}`;
  await page.goto("/dealers");
  await page.getByRole("link", { name: "Add Dealer" }).click();
  await expect(page.getByRole("heading", { name: "Add New Dealer" })).toBeVisible();
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Owner first name").fill("Ghulam");
  await page.getByLabel("Owner last name").fill("Rasool");
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Email").fill("ghulam.rasool@example.pk");
  await page.getByLabel("Postal code").fill("54000");
  let city = "Okara";
  if (javaScriptEnabled) {
    await page.locator(".leaflet-container").click({ position: { x: 140, y: 120 } });
    await expect(page.getByText(/^\d+\.\d{6}, \d+\.\d{6}$/)).toBeVisible();
    // The comma rule: "Fake Street 12, Model Town, Lahore, Punjab, Pakistan".
    await expect(page.getByLabel("Street")).toHaveValue("Fake Street 12, Model Town");
    await expect(page.getByLabel("City")).toHaveValue("Lahore");
    await expect(page.getByLabel("State")).toHaveValue("Punjab");
    city = "Lahore";
  } else {
    await page.getByLabel("Street").fill("Shop 12, Depalpur Road");
    await page.getByLabel("City").fill("Okara");
    await page.getByLabel("State").selectOption("Punjab");
    await page.getByLabel("Latitude").fill("30.8138");
    await page.getByLabel("Longitude").fill("73.4534");
  }
  await page.getByLabel("Notes").fill("Pays on time.");
  if (javaScriptEnabled) await expect(page.getByText("13 / 500")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  // Back to the directory, as the spec says, found by its name rather than lost in the A–Z list.
  await expect(page).toHaveURL(`/dealers?${new URLSearchParams({ query: businessName })}`);
  await expect(page.getByText("Dealer added successfully!")).toBeVisible();
  const cards = page.getByRole("list", { name: "Dealers" }).getByRole("listitem");
  await expect(cards.getByRole("heading", { name: businessName })).toBeVisible();
  return { businessName, phone, city };
}

/**
 * Adds a dealer through POST /api/dealers with the signed-in page's session, for tests about what
 * comes after adding one (the form itself is `addDealerThroughForm`'s test).
 */
export async function addDealerThroughApi(
  page: Page,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; businessName: string }> {
  const businessName = uniqueName("Kisan Traders");
  const response = await page.request.post("/api/dealers", {
    data: { businessName, street: "Main Bazaar 4", city: "Okara", state: "Punjab", lat: 30.81, lng: 73.45, ...fields },
  });
  expect(response.status()).toBe(201);
  return { id: (await response.json()).id, businessName };
}

/** Searches the directory and waits for the page of this search (not the one before it, which may also have a query). */
export async function searchDealers(page: Page, text: string, javaScriptEnabled: boolean): Promise<void> {
  const box = page.getByRole("searchbox", { name: "Search dealers" });
  await box.fill(text);
  if (!javaScriptEnabled) await box.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("query") === text);
}
