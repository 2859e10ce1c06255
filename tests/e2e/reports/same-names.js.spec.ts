import { expect, signIn, test } from "../support/fixtures";
import { registerOfficer } from "../support/flows";

// Two officers may share a name (there are many a Muhammad Ali): the table is still one row a
// group, and changing the report in place leaves no row of the last one behind.
test("officers who share a name: switching the report in place leaves no row of the last table", async ({
  page,
  playwright,
  baseURL,
}) => {
  for (let i = 0; i < 2; i++) {
    const officer = await playwright.request.newContext({ baseURL });
    await registerOfficer(officer);
    expect((await officer.post("/api/posts", { data: { type: "FIELD_VISIT", text: "At the chak" } })).status()).toBe(
      201,
    );
    await officer.dispose();
  }
  await signIn(page, "manager");
  await page.goto("/reports?period=this-month&groupBy=officer");
  const rows = page.getByRole("region", { name: "Report table" }).getByRole("rowheader");
  await expect(rows.filter({ hasText: "Hamza Iqbal" }).nth(1)).toBeVisible();

  await page.getByLabel("Period").selectOption("");
  await page.getByLabel("From", { exact: true }).fill("2026-11-01");
  await page.getByLabel("To", { exact: true }).fill("2026-11-07");
  await page.getByLabel("Group by").selectOption("day");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page.getByText("for Nov 1, 2026 – Nov 7, 2026, against Oct 25, 2026 – Oct 31, 2026.")).toBeVisible();
  await expect(rows).toHaveText([
    "Nov 1, 2026",
    "Nov 2, 2026",
    "Nov 3, 2026",
    "Nov 4, 2026",
    "Nov 5, 2026",
    "Nov 6, 2026",
    "Nov 7, 2026",
    "Total",
  ]);
});
