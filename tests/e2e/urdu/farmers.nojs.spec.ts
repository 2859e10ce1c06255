import { countRows, expect, readInUrdu, signIn, test, uniqueName } from "../support/fixtures";
import { gridWorkbook } from "../../support/spreadsheets";
import { PASSWORD, teamOfficerWithDealers } from "../plans/support";
import { demoPlot } from "../plots/support";
import { FARMER_IMPORT_HEADER } from "~/lib/farmer-import";

// The farmers' and demo plots' rules in Urdu (decision 101), JavaScript off: a refused form and an
// import's row errors read in Urdu, /api answers the same refusal in English, the import's help
// names its columns as the file has them, and an erased farmer is named in Urdu. The pages' own
// words are read in Urdu by tests/e2e/urdu/reports.nojs.spec.ts.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;
const LAND_INVALID = "Land must be from 0.01 to 10,000 acres, with at most two decimals";

test("an officer's refused farmer reads in Urdu, and /api refuses it in English", async ({ page }) => {
  const name = uniqueName("Urdu Farmer");
  await signIn(page, "officer1");
  await readInUrdu(page);
  const fields = { name, tehsil: "Sahiwal", district: "Sahiwal", landAcres: "20000" };

  const refused = await page.request.post("/farmers/new", { form: fields });
  expect(refused.status()).toBe(400);
  const html = await refused.text();
  expect(html).toMatch(/<html[^>]*\blang="ur"[^>]*\bdir="rtl"/);
  expect(html).toContain("زمین 0.01 سے 10,000 ایکڑ تک ہو، اعشاریہ کے بعد زیادہ سے زیادہ دو ہندسے۔");
  expect(html).not.toContain(LAND_INVALID);
  expect(html).not.toMatch(RAW_KEY);

  const api = await page.request.post("/api/farmers", { data: { ...fields, landAcres: 20_000 } });
  expect(api.status()).toBe(400);
  expect(((await api.json()) as { error: string }).error).toBe(LAND_INVALID);
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ?", name)).toBe(0);
});

test("a manager's import names its columns as the file has them and says its row errors in Urdu; an erased farmer is named in Urdu", async ({
  page,
  request,
}) => {
  const officer = await teamOfficerWithDealers(request, []);
  const plot = demoPlot({ officerId: officer.id, midDueIn: 30, harvestDueIn: 90 });
  await signIn(page, "manager");
  await readInUrdu(page);

  await page.goto("/farmers/import");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("کسان امپورٹ کریں");
  const form = await (await page.request.get("/farmers/import")).text();
  expect(form).toContain('<code dir="ltr">Land (acres)</code>');
  expect(form).not.toContain("separated by commas");

  const prefix = uniqueName("Urdu Import");
  const phone = `0306${String(Date.now()).slice(-7)}`;
  const file = {
    name: "farmers.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: gridWorkbook([
      [...FARMER_IMPORT_HEADER],
      [`${prefix} Rasool`, phone, "Chak 45", "Sahiwal", "Sahiwal", 12.5, null, null],
      [`${prefix} Ditta`, phone, "Chak 9", "Okara", "Okara", 3, null, null],
      [`${prefix} Bashir`, null, "Chak 7", "Okara", "Okara", 99_999, null, null],
    ]),
  };
  const refused = await page.request.post("/farmers/import", { multipart: { file } });
  expect(refused.status()).toBe(400);
  const answer = await refused.text();
  expect(answer).toContain("3 میں سے 2 قطاروں میں غلطیاں ہیں۔");
  expect(answer).toContain(`قطار 3: فون \u2066+92${phone.slice(1)}\u2069 قطار 2 میں بھی ہے`);
  expect(answer).toContain("قطار 4: زمین 0.01 سے 10,000 ایکڑ تک ہو");
  expect(answer).not.toMatch(/Row \d|rows have errors/);
  // /api reads the same file in English.
  const api = await page.request.post("/api/farmers/import", { multipart: { file } });
  expect(api.status()).toBe(422);
  expect(((await api.json()) as { fieldErrors: { file: string[] } }).fieldErrors.file).toEqual([
    `Row 3: The phone +92${phone.slice(1)} is also in row 2`,
    `Row 4: ${LAND_INVALID}`,
  ]);
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name LIKE ?", `${prefix}%`)).toBe(0);

  const farmer = countRows("SELECT farmerId AS n FROM DemoPlot WHERE id = ?", plot.id);
  expect((await page.request.post(`/farmers/${farmer}/erase`, { maxRedirects: 0 })).status()).toBe(302);
  await page.goto(`/farmers/${farmer}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("مٹایا گیا کسان");
  await page.goto(`/plots/${plot.id}`);
  await expect(page.getByRole("link", { name: "مٹایا گیا کسان" })).toBeVisible();
  // As read: not the scripts, whose data carry the stored name for hydration.
  const shown = (await (await page.request.get(`/plots/${plot.id}`)).text()).replace(/<script[\s\S]*?<\/script>/g, "");
  expect(shown).not.toContain("Erased farmer");
});

test("an officer's plot visits due read in Urdu on their plan", async ({ page, request }) => {
  const officer = await teamOfficerWithDealers(request, []);
  const overdue = demoPlot({ officerId: officer.id, stage: "MID_SEASON", midDueIn: -40, harvestDueIn: -8 });
  await signIn(page, officer.username, PASSWORD);
  await readInUrdu(page);
  await page.goto("/plan");
  const list = page.getByRole("list", { name: "واجب پلاٹ وزٹ" }).locator(":scope > li");
  await expect(list).toHaveCount(1);
  await expect(list.nth(0)).toContainText(`کٹائی · ${overdue.farmerName}`);
  await expect(list.nth(0)).toContainText("واجب تاریخ سے 8 دن اوپر · تاخیر شدہ");
  await expect(page.getByRole("link", { name: `وزٹ درج کریں: کٹائی، ${overdue.farmerName}` })).toBeVisible();
  const html = (await (await page.request.get("/plan")).text()).replace(/<script[\s\S]*?<\/script>/g, "");
  expect(html).not.toMatch(/days past due|Overdue|Open plot|Record visit/);
});
