import { expect, test } from "./support/fixtures";

test("the landing page welcomes a signed-out visitor", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to Fieldline" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Account" })).toBeVisible();
});

test("GET /healthz answers ok with how late the event loop has been running since the last check", async ({
  request,
}) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const health = (await response.json()) as { status: string; eventLoopDelayMs: Record<string, number> };
  expect(health.status).toBe("ok");
  expect(Object.keys(health.eventLoopDelayMs)).toEqual(["p50", "p99", "max"]);
  for (const value of Object.values(health.eventLoopDelayMs)) expect(Number.isInteger(value) && value >= 0).toBe(true);
});
