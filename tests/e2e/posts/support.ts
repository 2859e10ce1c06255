// Steps the post specs share, written as an officer would do them.
import Database from "better-sqlite3";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { FEED_PAGE_SIZE } from "../../../app/models/post.schema";
import { e2eDatabasePath, expect } from "../support/fixtures";

/** A small JPEG made for the test (no binary fixtures in the repository). */
export async function photo(name: string, color: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 96, height: 64, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** A dealer of the seeded directory, straight from the e2e database. */
export function someDealer(offset = 0): { id: number; businessName: string; city: string } {
  const db = new Database(e2eDatabasePath(), { readonly: true });
  try {
    return db.prepare("SELECT id, businessName, city FROM Dealer ORDER BY id LIMIT 1 OFFSET ?").get(offset) as {
      id: number;
      businessName: string;
      city: string;
    };
  } finally {
    db.close();
  }
}

/** Attaches photos: with JavaScript they upload at once (progress bars), without they go with the form. */
export async function attachPhotos(
  page: Page,
  javaScriptEnabled: boolean,
  files: Array<{ name: string; mimeType: string; buffer: Buffer }>,
) {
  await page.locator("#post-files").setInputFiles(files);
  if (javaScriptEnabled) {
    const attached = page.getByTestId("attached-file");
    await expect(attached).toHaveCount(files.length);
    for (const file of files) {
      await expect(page.getByRole("progressbar", { name: `Upload of ${file.name}` })).toHaveAttribute("value", "100");
    }
  }
}

/** Without JavaScript the place is typed in; with it, it is captured (the test's geolocation). */
export async function givePlace(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    await expect(page.getByLabel("Latitude")).toHaveValue("31.520400");
    await expect(page.getByLabel("Longitude")).toHaveValue("74.358700");
    await expect(page.getByLabel("Address")).toHaveValue(/Fake Street 12/);
  } else {
    await page.getByLabel("Latitude").fill("31.5204");
    await page.getByLabel("Longitude").fill("74.3587");
  }
}

/** The card of the post with this text on the current page. */
export function cardWithText(page: Page, text: string) {
  return page.getByTestId("post-card").filter({ hasText: text });
}

/**
 * The post is on the feed's first page (the FEED_PAGE_SIZE newest): other tests running at the same time
 * may have posted just after it, so "first" would not hold, but "among the newest" does.
 */
export async function expectNearTop(page: Page, text: string) {
  await expect(page.getByTestId("post-card")).toHaveCount(FEED_PAGE_SIZE);
  await expect(cardWithText(page, text)).toBeVisible();
}

/**
 * On Add Dealer reached from New Post: adds a dealer and comes back to the post with it chosen.
 * With JavaScript the tab keeps the draft; without it the server does, and the URL names it.
 */
export async function addDealerAndReturn(page: Page, javaScriptEnabled: boolean, businessName: string) {
  await expect(page.getByRole("heading", { name: "Add New Dealer" })).toBeVisible();
  // With JavaScript the tab keeps the draft; without it the server does, and the URL names it.
  await expect(page).toHaveURL(
    javaScriptEnabled
      ? /\/add-dealer\?returnTo=%2Fnew-post%3Ftype%3DDEALER_MEETING$/
      : /\/add-dealer\?returnTo=%2Fnew-post%3Fdraft%3D[a-f0-9]{32}$/,
  );
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Street").fill("Shop 3, Grain Market");
  await page.getByLabel("City").fill("Vehari");
  await page.getByLabel("State").selectOption("Punjab");
  if (!javaScriptEnabled) {
    await page.getByLabel("Latitude").fill("30.0452");
    await page.getByLabel("Longitude").fill("72.3489");
  } else {
    await page.locator(".leaflet-container").click({ position: { x: 140, y: 120 } });
    await expect(page.getByText(/^\d+\.\d{6}, \d+\.\d{6}$/)).toBeVisible();
  }
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Dealer added successfully!")).toBeVisible();
  await expect(page).toHaveURL(
    javaScriptEnabled ? /\/new-post\?type=DEALER_MEETING&dealer=\d+$/ : /\/new-post\?draft=[a-f0-9]{32}&dealer=\d+$/,
  );
  await expect(page.getByLabel(/^Dealer/).locator("option:checked")).toHaveText(new RegExp(`^${businessName}`));
}
