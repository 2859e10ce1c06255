import { expect, signIn, test } from "../support/fixtures";
import { reviewScreenshot } from "../support/screenshots";
import { newOfficer } from "../targets/support";
import { seasonOfFieldWork } from "./farmer-rows";

// The review's screenshots of the season report of farmers and demo plots at 360 px (written only
// with SCREENSHOTS_DIR), in Chromium with JavaScript off (js-off, @browser) and on
// (js-on-enhanced, @js): by officer with its chart, and by product and crop.

test(
  "the season report at 360 px: by officer, and by product and crop",
  { tag: ["@browser", "@js"] },
  async ({ page, request }) => {
    const officer = await newOfficer(request);
    seasonOfFieldWork(officer.id);
    const js = test.info().project.name.startsWith("js-on") ? "js-on" : "js-off";
    await signIn(page, "manager");
    await page.goto("/reports?view=farmers");
    await expect(page.getByRole("heading", { name: "Farmers and demo plots by officer" })).toBeVisible();
    await reviewScreenshot(page, `farmers-report-${js}`, { fullPage: true });
    await page.goto("/reports?view=farmers&groupBy=product");
    await expect(page.getByRole("heading", { name: "Farmers and demo plots by product and crop" })).toBeVisible();
    await reviewScreenshot(page, `farmers-report-by-product-${js}`, { fullPage: true });
  },
);
