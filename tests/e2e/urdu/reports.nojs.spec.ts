import type { BrowserContext, Page } from "@playwright/test";
import { countRows, expect, signIn, test } from "../support/fixtures";
import { PASSWORD, teamOfficerWithDealers } from "../plans/support";
import { demoPlot } from "../plots/support";
import { gridWorkbook } from "../../support/spreadsheets";
import { TARGET_IMPORT_HEADER } from "~/lib/target-import";
import { newOfficer } from "../targets/support";

// The targets, the reports, the leaderboard, the farmers and the demo plots in Urdu (decision 101), JavaScript off: each page
// right to left, its heading in Urdu, no key shown raw and none of its English headings left.
// The language is this phone's (the fl_lang cookie), set after signing in: a choice posted while
// signed in would be saved for the manager, whom other specs read in English.

const RAW_KEY = /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z]/;

async function readInUrdu(page: Page, context: BrowserContext): Promise<void> {
  const { hostname } = new URL(page.url());
  await context.addCookies([
    {
      name: "fl_lang",
      value: "ur",
      domain: hostname,
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax",
    },
  ]);
}

async function expectUrduPage(page: Page, path: string, heading: string | RegExp, english: string[]): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", "ur");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  // The page's own part (the shell around it is another area's), as read: not its scripts,
  // which carry the messages by their keys for hydration.
  const whole = await (await page.request.get(path)).text();
  const html = (/<main[\s\S]*<\/main>/.exec(whole)?.[0] ?? "").replace(/<script[\s\S]*?<\/script>/g, "");
  expect(html, path).not.toBe("");
  expect(html, path).not.toMatch(RAW_KEY);
  for (const words of english) expect(html, `${path}: ${words}`).not.toContain(words);
}

test("a manager reads the leaderboard, the targets, every report and the farmers import in Urdu", async ({
  page,
  context,
}) => {
  await signIn(page, "manager");
  await readInUrdu(page, context);

  await expectUrduPage(page, "/leaderboard", "کارکردگی لیڈر بورڈ", [
    "Performance Leaderboard",
    "Current Achievement Holders",
    "Performance Calculation",
    ">Rankings<",
    "Achievement:",
  ]);
  await expect(page.locator("title")).toHaveText("کارکردگی لیڈر بورڈ · Fieldline");

  await expectUrduPage(page, "/targets", "ٹارگٹ", ["Copy last period", "Import targets from Excel", "Save targets of"]);
  await expect(page.getByRole("option", { name: /^ربیع \d{4}–\d{2}$/ })).toHaveCount(1);
  await expectUrduPage(page, "/targets/import", "ٹارگٹ امپورٹ کریں", ["Import Targets", "Back to the targets"]);

  const reports = ["Report settings", "Show report", "Download Excel", "Group by"];
  await expectUrduPage(page, "/reports", "رپورٹس", [
    ...reports,
    "Totals by",
    "figures for",
    "previous period",
    ">Total<",
    ">Announcement<",
  ]);
  await expectUrduPage(page, "/reports?view=targets", "رپورٹس", [...reports, "Targets by", "against what was done"]);
  await expectUrduPage(page, "/reports?view=accounts", "رپورٹس", [...reports, "Most overdue dealers", "Accounts by"]);
  await expectUrduPage(page, "/reports?view=farmers", "رپورٹس", [...reports, "Farmers and demo plots by"]);
  await expectUrduPage(page, "/farmers/import", "کسان امپورٹ کریں", ["Import Farmers", "Back to the farmers"]);
});

test("a manager's refused targets, import rows and report periods read in Urdu, JavaScript off; /api keeps its English", async ({
  page,
  context,
  request,
}) => {
  const officer = await newOfficer(request);
  await signIn(page, "manager");
  await readInUrdu(page, context);

  // The copy form with a percentage out of range: 400, the schema's words in Urdu, nothing copied.
  const copy = { intent: "copy", period: "2041-01", percent: "900" };
  const refused = await page.request.post("/targets", { form: copy, maxRedirects: 0 });
  expect(refused.status()).toBe(400);
  const html = await refused.text();
  expect(html).toContain("فیصد ‎-90 سے 500 تک کا پورا عدد ہونا چاہیے۔");
  expect(html).not.toContain("Percentage must be");

  // A file whose row names nobody: 400 and the row's error in Urdu (the email as it was written).
  const nobody = "nobody-urdu@example.pk";
  const file = {
    name: "targets.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: gridWorkbook([[...TARGET_IMPORT_HEADER], [nobody, "2041-01", 5]]),
  };
  const rows = await page.request.post("/targets/import", { multipart: { file }, maxRedirects: 0 });
  expect(rows.status()).toBe(400);
  const rowsHtml = await rows.text();
  expect(rowsHtml).toContain(`قطار 2: کسی فعال آفیسر کا ای میل ${nobody} نہیں ہے`);
  expect(rowsHtml).not.toContain("Row 2:");

  // A report's period backwards: the page shows this month's, saying in Urdu what it refused.
  const backwards = "from=2026-11-30&to=2026-11-01";
  await page.goto(`/reports?${backwards}`);
  await expect(page.getByRole("alert")).toContainText("’سے‘ کی تاریخ ’تک‘ کی تاریخ سے پہلے یا اسی دن ہونی چاہیے۔");

  // A good file: the notice after it in Urdu.
  const good = {
    ...file,
    buffer: gridWorkbook([[...TARGET_IMPORT_HEADER], [`${officer.username}@example.pk`, "RABI-2042", 5]]),
  };
  const imported = await page.request.post("/targets/import?period=RABI-2042", {
    multipart: { file: good },
    maxRedirects: 0,
  });
  expect(imported.status(), await imported.text()).toBe(302);
  await page.goto(imported.headers().location!);
  await expect(page.getByText("1 آفیسر کے 1 ٹارگٹ کامیابی سے امپورٹ ہو گئے۔")).toBeVisible();

  // The same refusals through /api, read by tools: English, whatever the phone reads.
  const apiReport = await page.request.get(`/api/reports?${backwards}`);
  expect(apiReport.status()).toBe(400);
  expect(((await apiReport.json()) as { error: string }).error).toBe("From must be on or before To");
  const apiCopy = await page.request.post("/api/targets/copy", { data: { period: "2041-01", percent: 900 } });
  expect(apiCopy.status()).toBe(400);
  expect(((await apiCopy.json()) as { error: string }).error).toBe("Percentage must be a whole number from -90 to 500");
  const apiRows = await page.request.post("/api/targets/import", { multipart: { file } });
  expect(apiRows.status()).toBe(422);
  expect(((await apiRows.json()) as { fieldErrors: { file: string[] } }).fieldErrors.file).toEqual([
    `Row 2: No active officer has the email ${nobody}`,
  ]);
});

test("an officer reads the farmers and the demo plots in Urdu", async ({ page, context, request }) => {
  // An officer of their own, with a plot and its farmer: the other specs' officers keep their plots.
  const officer = await teamOfficerWithDealers(request, []);
  const plot = demoPlot({ officerId: officer.id, midDueIn: 30, harvestDueIn: 90 });
  const farmer = countRows("SELECT farmerId AS n FROM DemoPlot WHERE id = ?", plot.id);
  await signIn(page, officer.username, PASSWORD);
  await readInUrdu(page, context);

  await expectUrduPage(page, "/farmers", "کسان", ["Add Farmer", "Import farmers", "No farmers"]);
  await expectUrduPage(page, "/farmers/new", "کسان شامل کریں", ["Dealer they buy from", "Main crops", ">Save<"]);
  await expectUrduPage(page, `/farmers/${farmer}/edit`, "کسان میں ترمیم", ["Dealer they buy from", ">Cancel<"]);
  await expectUrduPage(page, `/farmers/${farmer}`, plot.farmerName, ["Back to Farmers", "Tehsil", "Meetings"]);
  await expectUrduPage(page, "/plots", "ڈیمو پلاٹ", ["Every stage", "sown ", "No demo plots"]);
  await expectUrduPage(page, `/plots/${plot.id}`, /ڈیمو پلاٹ · /, [
    "Back to Demo Plots",
    "Timeline",
    "Control plot area",
  ]);
});

test("the report page's download reads in the phone's language; a tool calling /api gets English columns", async ({
  page,
  context,
}) => {
  await signIn(page, "manager");
  await readInUrdu(page, context);
  const path = "/api/reports?groupBy=officer&period=last-90-days&format=csv";
  // The page's link, followed by the browser.
  const followed = await page.request.get(path, { headers: { "Sec-Fetch-Mode": "navigate" } });
  expect(followed.status()).toBe(200);
  const file = await followed.text();
  console.log(file.split("\n").slice(0, 4).join("\n"));
  expect(file).toContain("سیل");
  expect(file).toContain("ریکوری");
  expect(file).not.toContain("Sales");
  // The same call from a tool.
  const called = await page.request.get(path);
  expect(called.status()).toBe(200);
  expect(await called.text()).toContain("Sales");
});

// The English of the views' tables that the reports' keys now say (columns, pace words, the rows
// of no group): none is a name, a product or a number.
const TABLE_ENGLISH = [
  "Reached",
  "On pace",
  "Behind",
  "Missed",
  "Not started",
  "No team",
  "No officer",
  "No dealer",
  "Unknown province",
  "Dealers owing",
  "Outstanding",
  "Overdue",
  "Recovered this month",
  "days",
  "Measure",
  "target",
  "actual",
  "Pace",
  "Dealer visits",
  "Demo plots",
  "Farmers reached",
  "Repeat farmers",
  "Head count",
  "Named attendees",
  "Plots sown",
  "Plots harvested",
  "Average yield gain",
  "Plots with yields",
];

test("the targets, accounts and farmers tables read in Urdu by each grouping, and the files' titles too", async ({
  page,
  context,
}) => {
  await signIn(page, "manager");
  await readInUrdu(page, context);
  // Each view by each grouping, with a column its table says in Urdu.
  const views = [
    ...["officer", "team", "measure", "period"].map((groupBy) => [`/reports?view=targets&groupBy=${groupBy}`, "ٹارگٹ"]),
    ...["dealer", "officer", "team", "province"].map((groupBy) => [
      `/reports?view=accounts&groupBy=${groupBy}`,
      "واجب الادا",
    ]),
    ...["officer", "team", "season"].map((groupBy) => [`/reports?view=farmers&groupBy=${groupBy}`, "کسانوں تک رسائی"]),
    ["/reports?view=farmers&groupBy=product", "پیداوار والے پلاٹ"],
  ];
  for (const [path = "", column = ""] of views) {
    const whole = await (await page.request.get(path)).text();
    const main = (/<main[\s\S]*<\/main>/.exec(whole)?.[0] ?? "").replace(/<script[\s\S]*?<\/script>/g, "");
    const text = main.replace(/<[^>]*>/g, " ");
    expect(text, path).toContain(column);
    for (const words of TABLE_ENGLISH) expect(text, `${path}: ${words}`).not.toMatch(new RegExp(`\\b${words}\\b`, "i"));
  }

  // The page's download links, followed by the browser: the title row in Urdu.
  const files = [
    ["/api/reports?groupBy=officer&period=last-90-days&format=csv", "Fieldline رپورٹ، "],
    ["/api/targets/report?groupBy=measure&format=csv", "Fieldline ٹارگٹ، "],
    ["/api/farmers/report?groupBy=team&format=csv", "Fieldline کسان اور ڈیمو پلاٹ، "],
    ["/api/accounts?groupBy=officer&format=csv", "Fieldline ڈیلر کھاتے "],
  ] as const;
  for (const [path, title] of files) {
    const followed = await page.request.get(path, { headers: { "Sec-Fetch-Mode": "navigate" } });
    expect(followed.status(), path).toBe(200);
    const [first = ""] = (await followed.text()).split("\r\n");
    expect(first.replace(/^"/, ""), path).toMatch(new RegExp(`^${title}`));
    expect(first, path).toContain("بلحاظ");
  }
});
