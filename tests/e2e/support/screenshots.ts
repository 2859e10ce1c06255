import type { Page } from "@playwright/test";

/**
 * A screenshot for a closing note's review (360 px pages), written only when SCREENSHOTS_DIR names
 * a folder: they are looked at, never kept in the repository or compared.
 */
export async function reviewScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const folder = process.env.SCREENSHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, ...options });
}
