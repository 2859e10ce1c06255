import type { Page } from "@playwright/test";
import { expect, signIn, test } from "../support/fixtures";
import { karachiDate, seededDay } from "../support/days";
import { officerWithAJump } from "../map/support";

// The map and the plans in Urdu (decision 101), with JavaScript off: each page right to left, its
// heading in Urdu, no raw key and none of its English headings left. Urdu is this phone's choice
// (its `fl_lang` cookie), so the shared users' saved language is left alone for other specs.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;
const ENGLISH_HEADINGS = [
  "Dealer Locations",
  "Agent Routes",
  "Filters",
  "Your visit plan",
  "Visit plan",
  "Stops",
  "Add dealers",
  "Previous day",
  "Location quality",
  "Median accuracy",
];

/** This phone reads Urdu: its `fl_lang` cookie, beside the session's (whose domain and path it takes). */
async function readInUrdu(page: Page): Promise<void> {
  const [session] = await page.context().cookies();
  if (!session) throw new Error("Sign in first");
  await page.context().addCookies([{ ...session, name: "fl_lang", value: "ur" }]);
}

async function expectUrduPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  // What the page shows: the loaders' data in its scripts names every key of its catalogs.
  const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  expect(html, path).not.toMatch(RAW_KEY);
  for (const english of ENGLISH_HEADINGS) expect(html, `${path}: ${english}`).not.toContain(`>${english}<`);
}

test("an officer's map, its lists, and their visit plan read in Urdu, right to left", async ({ page }) => {
  await signIn(page, "officer5");
  await readInUrdu(page);
  await expectUrduPage(page, `/dealer-map?date=${seededDay()}`, "ڈیلرز کے مقامات");
  await expect(page.getByRole("heading", { name: /^آفیسرز کے روٹس · / })).toBeVisible();
  await expect(page.getByRole("list", { name: "آفیسرز کی فہرست" }).locator(":scope > li").first()).toContainText(
    /\d+ اسٹاپ · \d+\.\d کلومیٹر · \d+\.\d گھنٹے/,
  );
  // Each route's first check-in is tagged "Start", in Urdu.
  expect(await page.getByText("آغاز", { exact: true }).count()).toBeGreaterThan(0);
  // The demo plots' list by stage, and the routes' check-in types and places, in Urdu too.
  await expect(page.getByRole("heading", { name: /^ڈیمو پلاٹ \(\d+\)$/ })).toBeVisible();
  const mapHtml = (await (await page.request.get(`/dealer-map?date=${seededDay()}`)).text()).replace(
    /<script\b[^>]*>[\s\S]*?<\/script>/g,
    "",
  );
  for (const english of ["Sown", "Mid-season", "Harvested", "Day Start", "Check In", "Typed", "From the map", "Open"])
    expect(mapHtml, english).not.toMatch(new RegExp(`>[^<]*\\b${english}\\b`));
  // A date that is no date is refused in Urdu, and the map shows today.
  await page.goto("/dealer-map?date=2026-02-30");
  await expect(page.locator("#map-date-error")).toHaveText(
    "تاریخ (date) 2000-01-01 سے 2100-12-31 تک کی کوئی اصل تاریخ ہونی چاہیے، yyyy-MM-dd کی شکل میں۔ آج کا دن دکھایا جا رہا ہے۔",
  );
  await expectUrduPage(page, "/plan", "وزٹ پلان");
  await expect(page.getByTestId("plan-whose")).toHaveText("آپ کا پلان · آج");
  await expectUrduPage(page, `/plan/${seededDay(3)}`, "وزٹ پلان");

  // The location picker without JavaScript, on another area's page: its fields in Urdu, its numbers left to right.
  await page.goto("/add-dealer");
  await expect(page.getByLabel("عرض بلد")).toHaveAttribute("dir", "ltr");
  await expect(page.getByLabel("طول بلد")).toHaveAttribute("dir", "ltr");
  await expect(page.getByLabel("پتہ", { exact: true })).toBeVisible();
});

test("a manager's day of location quality reads in Urdu, right to left", async ({ page }) => {
  // A day with a leg left out of its own: the seeded days have one only when the seed squeezed
  // today's working hours into a morning (a run before 19:30 in Karachi), and other specs' are theirs.
  await officerWithAJump(page);
  await page.context().clearCookies();
  await signIn(page, "manager");
  await readInUrdu(page);
  await expectUrduPage(page, `/location-quality?date=${karachiDate()}`, "مقام کا معیار");
  // The day's leg left out is worded in Urdu.
  const quality = await (await page.request.get(`/location-quality?date=${karachiDate()}`)).text();
  expect(quality).toMatch(/\d+ فاصل[ہے] شمار نہیں ہو/);
  expect(quality).not.toMatch(/legs? not counted|too fast|poor fix|repeated point/);
  await expectUrduPage(page, "/dealer-map", "ڈیلرز کے مقامات");
});

test("a refused plan form says why in Urdu, and /api refuses the same in English", async ({ page }) => {
  await signIn(page, "officer5");
  await readInUrdu(page);
  const tooFar = karachiDate(-20);
  const refusals: Array<[string, Record<string, string>, number, string]> = [
    ["/plan", { intent: "add", dealerId: "abc" }, 400, "براہ کرم درست ڈیلر منتخب کریں۔"],
    ["/plan", { intent: "add", dealerId: "1", lat: "31.5" }, 400, "عرض بلد اور طول بلد دونوں بھیجیں"],
    // A model's refusal with its values (the horizon's days).
    [`/plan/${tooFar}`, { intent: "add", dealerId: "1" }, 400, "پلان زیادہ سے زیادہ 14 دن آگے تک کا بن سکتا ہے۔"],
  ];
  for (const [path, form, status, message] of refusals) {
    const answer = await page.request.post(path, { form });
    expect(answer.status(), path).toBe(status);
    expect(await answer.text(), path).toContain(message);
  }
  // A day in the address that is no date.
  const noDay = await page.request.get("/plan/2026-02-30");
  expect(noDay.status()).toBe(400);
  expect(await noDay.text()).toContain("دن 2000-01-01 سے 2100-12-31 تک کی کوئی اصل تاریخ ہونی چاہیے");
  // Nothing was planned that far ahead.
  const plan = await page.request.get(`/api/plans/${tooFar}`);
  expect(((await plan.json()) as { stops: unknown[] }).stops).toEqual([]);

  // /api answers its callers in English whatever the phone reads.
  const api = await page.request.put(`/api/plans/${tooFar}`, { data: { dealerIds: [] } });
  expect(api.status()).toBe(400);
  expect(((await api.json()) as { error: string }).error).toBe("A plan can be made at most 14 days ahead.");
});
