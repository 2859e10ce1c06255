import type { Page } from "@playwright/test";
import { expect, signIn, test } from "../support/fixtures";

// The chart is an SVG scaled to the card's width: its words are read at the size they are drawn
// at 360 px, not the size the drawing names. Officers and managers read them outdoors: 12 px at least.

/** Each chart label's drawn size in CSS px, under its words. */
async function labelSizes(page: Page): Promise<Array<{ label: string; px: number }>> {
  const chart = page.getByTestId("report-chart");
  await expect(chart).toBeVisible();
  return chart.evaluate((svg: SVGSVGElement) => {
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return Array.from(svg.querySelectorAll("text")).map((text) => ({
      label: text.textContent ?? "",
      px: Math.round(Number.parseFloat(getComputedStyle(text).fontSize) * scale * 10) / 10,
    }));
  });
}

test("the report chart's labels are drawn at least 12 px tall at 360 px, bars and columns", async ({ page }) => {
  await signIn(page, "manager");
  const small: string[] = [];
  for (const path of ["/reports?groupBy=officer&period=last-90-days", "/reports?groupBy=week&period=last-90-days"]) {
    await page.goto(path);
    const sizes = await labelSizes(page);
    expect(sizes.length, path).toBeGreaterThan(0);
    small.push(...sizes.filter((size) => size.px < 12).map((size) => `${path}: "${size.label}" ${size.px} px`));
  }
  expect(small.join("\n")).toBe("");
});
