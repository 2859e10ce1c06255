import type { Locator, Page } from "@playwright/test";
import { expect } from "../support/fixtures";

/** The header badge "x of y dealers" as numbers. */
export async function badge(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await page.getByTestId("dealer-badge").textContent()) ?? "";
  const match = /^(\d+) of (\d+) dealers$/.exec(text.trim());
  expect(match, text).not.toBeNull();
  return { shown: Number(match?.[1]), total: Number(match?.[2]) };
}

export function legend(page: Page): Locator {
  return page.getByRole("list", { name: "Agent legend" }).locator(":scope > li");
}

/** The numbers and labels of an agent's stops in the server-rendered list. */
export async function stopsOf(page: Page, agentName: string): Promise<{ number: number; label: string | null }[]> {
  const items = page.getByRole("list", { name: `Stops of ${agentName}` }).locator(":scope > li");
  const count = await items.count();
  const stops = [];
  for (let i = 0; i < count; i++) {
    const text = (await items.nth(i).textContent()) ?? "";
    const number = Number(await items.nth(i).locator(":scope > span").first().textContent());
    const label = /(Start|Stop|Latest)/.exec(text)?.[1] ?? null;
    stops.push({ number, label });
  }
  return stops;
}

/** Opens the filter sheet under the map (closed on a first visit, open once a filter was applied). */
export async function openFilters(page: Page): Promise<void> {
  const sheet = page.getByTestId("map-filters");
  if (!(await sheet.evaluate((element) => (element as HTMLDetailsElement).open)))
    await sheet.locator("summary").click();
  await expect(sheet.getByRole("button", { name: "Apply" })).toBeVisible();
}
