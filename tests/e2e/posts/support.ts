// Steps the post specs share, written as an officer would do them.
import Database from "better-sqlite3";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { e2eDatabasePath, expect } from "../support/fixtures";

/** A small JPEG made for the test (no binary fixtures in the repository). */
export async function photo(name: string, color: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 96, height: 64, channels: 3, background: color } }).jpeg({ quality: 80 }).toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** A dealer of the seeded directory, straight from the e2e database. */
export function someDealer(offset = 0): { id: number; businessName: string; city: string } {
  const db = new Database(e2eDatabasePath(), { readonly: true });
  try {
    return db.prepare("SELECT id, businessName, city FROM Dealer ORDER BY id LIMIT 1 OFFSET ?").get(offset) as { id: number; businessName: string; city: string };
  } finally {
    db.close();
  }
}

/** Attaches photos: with JavaScript they upload at once (progress bars), without they go with the form. */
export async function attachPhotos(page: Page, javaScriptEnabled: boolean, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
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
 * The post is on the feed's first page (the 20 newest): other tests running at the same time
 * may have posted just after it, so "first" would not hold, but "among the newest" does.
 */
export async function expectNearTop(page: Page, text: string) {
  await expect(page.getByTestId("post-card")).toHaveCount(20);
  await expect(cardWithText(page, text)).toBeVisible();
}
