import { expect, signIn, test } from "../support/fixtures";

// The admin import page lists its row errors as the spec says: the first 5, then "... and N more
// errors" (a second import of the sample is 76 rows already in the directory).
test("a second import of the sample lists its first 5 skipped rows, then how many more", async ({ page }) => {
  await signIn(page, "admin");
  for (let run = 0; run < 2; run++) {
    await page.goto("/admin/import");
    await page.getByRole("button", { name: "Import 76 Dealers" }).click();
    await expect(page).toHaveURL(/\/admin\/import\?result=\d+/);
  }
  await expect(page.getByTestId("import-failed")).toHaveText("76");
  const lines = page.getByRole("list", { name: "Import errors" }).getByRole("listitem");
  await expect(lines).toHaveCount(6);
  await expect(lines.first()).toHaveText("Row 2: already in the directory (same business name and phone), skipped");
  await expect(lines.last()).toHaveText("... and 71 more errors");
});
