import { countRows, expect, signIn, test, uniqueName } from "../support/fixtures";

// The farmer register's pages without JavaScript (decision 94): add a farmer (with the dealer they
// buy from, chosen from the list), find them with the
// phone masked in the list, see them whole on their page, edit them, and (a manager) erase their
// personal data; bad input answers 400 in place with what was typed and writes nothing. Another
// team's farmer is the model's, the access matrix's and tests/resilience/farmers-scoping.test.ts's:
// this level shares one team with every other spec.

/** A mobile no other run of the suite has used. */
const uniquePhone = () => `0304${String(Date.now()).slice(-7)}`;

test("an officer adds, finds and edits a farmer; the manager erases them and no page shows their name or phone", async ({
  page,
  browser,
}) => {
  const name = uniqueName("Farmer");
  const phone = uniquePhone();
  await signIn(page, "officer1");
  await page.goto("/farmers");
  await page.getByRole("link", { name: "Add Farmer" }).click();
  await page.getByLabel("Name *").fill(name);
  await page.getByLabel("Phone").fill(phone);
  await page.getByLabel("Village").fill("Chak 45");
  await page.getByLabel("Tehsil *").fill("Sahiwal");
  await page.getByLabel("District *").fill("Sahiwal");
  await page.getByLabel("Land (acres) *").fill("20000");
  await page.getByLabel("Wheat").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(
    page.getByText("Land must be from 0.01 to 10,000 acres, with at most two decimals").first(),
  ).toBeVisible();
  expect(await page.getByLabel("Name *").inputValue()).toBe(name);
  const sent = { name, tehsil: "Sahiwal", district: "Sahiwal", landAcres: "1", mainCrops: "opium" };
  expect((await page.request.post("/farmers/new", { form: sent })).status()).toBe(400);
  // A phone of no digits is a phone that is no mobile, not a phone left out.
  const noDigits = await page.request.post("/farmers/new", { form: { ...sent, mainCrops: "wheat", phone: "abc" } });
  expect(noDigits.status()).toBe(400);
  expect(await noDigits.text()).toContain("Phone must be a Pakistani mobile number, such as 0300 1234567");
  // A third decimal is refused, not rounded away; an exponent is no way to type acres.
  for (const landAcres of ["1.005", "1e3"]) {
    const refused = await page.request.post("/farmers/new", { form: { ...sent, mainCrops: "wheat", landAcres } });
    expect(refused.status(), landAcres).toBe(400);
  }
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ?", name)).toBe(0);
  // A save sent twice (its first answer lost on the way) adds the farmer once: the form carries its key.
  const twice = uniqueName("Farmer");
  const keyed = { ...sent, name: twice, mainCrops: "wheat", idempotencyKey: `twice-${twice.replace(/\W/g, "")}` };
  for (let send = 0; send < 2; send++)
    expect((await page.request.post("/farmers/new", { form: keyed, maxRedirects: 0 })).status()).toBe(302);
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ?", twice)).toBe(1);

  await page.getByLabel("Land (acres) *").fill("12.5");
  // The dealers offered are those nearest the officer, wherever other specs last placed them;
  // the first offered will do.
  const dealerChoice = page.getByLabel("Dealer they buy from");
  const dealerId = Number(await dealerChoice.locator("option:not([value=''])").first().getAttribute("value"));
  await dealerChoice.selectOption(String(dealerId));
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText(`+92 ${phone.slice(1, 4)} ${phone.slice(4)}`)).toBeVisible();
  await expect(page.getByText("12.5 acres")).toBeVisible();
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ? AND dealerId = ?", name, dealerId)).toBe(1);
  await expect(page.getByRole("link", { name: "Erase personal data" })).toHaveCount(0);

  await page.goto(`/farmers?${new URLSearchParams({ query: name })}`);
  await expect(page.getByText(`•••• ${phone.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(phone.slice(4))).toHaveCount(0);
  await page.getByRole("link", { name }).click();
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Village").fill("Chak 46");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Chak 46")).toBeVisible();
  const farmerUrl = new URL(page.url()).pathname;

  const manager = await (await browser.newContext()).newPage();
  await signIn(manager, "manager");
  await manager.goto(farmerUrl);
  await manager.getByRole("link", { name: "Erase personal data" }).click();
  await manager.getByRole("button", { name: "Erase" }).click();
  await expect(manager.getByRole("heading", { name: "Erased farmer", level: 1 })).toBeVisible();
  expect(
    countRows(
      "SELECT COUNT(*) AS n FROM Farmer WHERE erasedAt IS NOT NULL AND name = 'Erased farmer' AND phone IS NULL AND id = ?",
      Number(farmerUrl.split("/").pop()),
    ),
  ).toBe(1);

  for (const url of [
    farmerUrl,
    `/farmers?${new URLSearchParams({ query: name })}`,
    "/farmers",
    `/farmers?query=${phone.slice(4)}`,
  ]) {
    await page.goto(url);
    for (const trace of [name, phone.slice(4), "Chak 46"])
      await expect(page.getByText(trace), `${url} shows ${trace}`).toHaveCount(0);
  }
  expect((await manager.request.get(`${farmerUrl}/erase`)).status()).toBe(409);
});
