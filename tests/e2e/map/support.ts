import type { Locator, Page } from "@playwright/test";
import { expect } from "../support/fixtures";
import { registerThroughForm } from "../support/flows";

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

/**
 * A new officer (signed in on `page`) whose day today has a leg no drive makes: three check-ins,
 * the last 270 km from the second within seconds, a leg left out as faster than 130 km/h.
 */
export async function officerWithAJump(page: Page): Promise<{ id: number; name: string; username: string }> {
  await registerThroughForm(page);
  for (const place of [
    { lat: 30.1575, lng: 71.5249, source: "GPS", accuracy: 12 },
    { lat: 30.162, lng: 71.5249 },
    { lat: 31.5204, lng: 74.3587, source: "GPS", accuracy: 30 },
  ]) {
    expect((await page.request.post("/api/checkins", { data: place })).status()).toBe(201);
  }
  const me = (await (await page.request.get("/api/me")).json()) as {
    id: number;
    username: string;
    firstName: string | null;
    lastName: string | null;
  };
  return {
    id: me.id,
    name: [me.firstName, me.lastName].filter(Boolean).join(" ") || me.username,
    username: me.username,
  };
}
