import { countRows, expect, signIn, test } from "../support/fixtures";
import { karachiDate } from "../support/days";
import { newOfficer } from "./support";

// Setting targets (decision 84): a manager sets the targets of the officers of the teams they lead,
// one plain form per officer, and copies last period's with a percentage. Plain form posts and
// redirects: the same with JavaScript on and off. Another team's officer (403) is the access
// matrix's and the model's: this level shares one team with every other spec.

const targetsOf = (userId: number) => countRows("SELECT COUNT(*) AS n FROM Target WHERE userId = ?", userId);

test("a manager sets an officer's month, sees it again and empties a measure", async ({ page, request }) => {
  const officer = await newOfficer(request);
  await signIn(page, "manager");
  await page.goto("/targets");
  await expect(page.getByRole("heading", { name: "Targets" })).toBeVisible();
  const form = page.getByRole("form", { name: `Targets of ${officer.name}` });
  await form.getByLabel("SSP Fertilizer (bags)").fill("300");
  await form.getByLabel("Sales").fill("250,000.50");
  await form.getByLabel("Demo plots").fill("4");
  await form.getByRole("button", { name: `Save targets of ${officer.name}` }).click();
  await expect(page.getByText("Targets saved")).toBeVisible();
  const month = karachiDate().slice(0, 7);
  await expect(page).toHaveURL(new RegExp(`/targets\\?period=${month}$`));

  const saved = page.getByRole("form", { name: `Targets of ${officer.name}` });
  await expect(saved.getByLabel("SSP Fertilizer (bags)")).toHaveValue("300");
  await expect(saved.getByLabel("Sales")).toHaveValue("250000.50");
  const progress = page.getByRole("list", { name: `Progress of ${officer.name}` });
  await expect(progress.locator('[data-measure="sspBags"]')).toContainText("0 %");
  await expect(progress.locator('[data-measure="salesAmount"]')).toContainText("$0.00 of $250,000.50");
  expect(targetsOf(officer.id)).toBe(3);

  await saved.getByLabel("Demo plots").fill("");
  await saved.getByRole("button", { name: `Save targets of ${officer.name}` }).click();
  await expect(page.getByText("Targets saved")).toBeVisible();
  expect(targetsOf(officer.id)).toBe(2);
});

test("officers with the same name are told apart by their usernames, and each form sets its own officer's targets", async ({
  page,
  request,
}) => {
  const first = await newOfficer(request);
  const namesake = await newOfficer(request, first.name);
  await signIn(page, "manager");
  await page.goto("/targets");
  for (const officer of [first, namesake]) {
    const label = `${officer.name} (@${officer.username})`;
    await expect(page.getByRole("heading", { name: label })).toBeVisible();
    await expect(page.getByRole("form", { name: `Targets of ${label}`, exact: true })).toHaveCount(1);
  }
  const namesakeLabel = `${namesake.name} (@${namesake.username})`;
  const form = page.getByRole("form", { name: `Targets of ${namesakeLabel}` });
  await form.getByLabel("Demo plots").fill("3");
  await form.getByRole("button", { name: `Save targets of ${namesakeLabel}` }).click();
  await expect(page.getByText("Targets saved")).toBeVisible();
  await expect(page.getByRole("list", { name: `Progress of ${namesakeLabel}` })).toContainText("Demo plots");
  expect(targetsOf(namesake.id)).toBe(1);
  expect(targetsOf(first.id)).toBe(0);
});

test("a bad target is refused in place with what was typed, and nothing is written", async ({ page, request }) => {
  const officer = await newOfficer(request);
  await signIn(page, "manager");
  await page.goto("/targets");
  const form = page.getByRole("form", { name: `Targets of ${officer.name}` });
  await form.getByLabel("SSP Fertilizer (bags)").fill("-5");
  await form.getByLabel("Farmer meetings").fill("12");
  await form.getByRole("button", { name: `Save targets of ${officer.name}` }).click();
  const refused = page.getByRole("form", { name: `Targets of ${officer.name}` });
  await expect(refused.getByRole("alert")).toHaveText(
    "SSP Fertilizer (bags) must be a whole number from 1 to 1,000,000, or empty for no target",
  );
  await expect(refused.getByLabel("SSP Fertilizer (bags)")).toHaveValue("-5");
  await expect(refused.getByLabel("Farmer meetings")).toHaveValue("12");
  expect(targetsOf(officer.id)).toBe(0);
});

test("the page answers bad posts with a clear 4xx and writes nothing", async ({ page, request }) => {
  const officer = await newOfficer(request);
  await signIn(page, "manager");
  const month = karachiDate().slice(0, 7);
  const post = (form: Record<string, string>) => page.request.post("/targets", { form, maxRedirects: 0 });
  const set = (fields: Record<string, string>) =>
    post({ intent: "set", officerId: String(officer.id), period: month, ...fields });

  const cases: Array<[Record<string, string>, number, string]> = [
    [{ sspBags: "-1" }, 400, "SSP Fertilizer (bags) must be a whole number from 1 to 1,000,000"],
    [{ sspBags: "99999999" }, 400, "SSP Fertilizer (bags) must be a whole number from 1 to 1,000,000"],
    [{ salesAmount: "1e9" }, 400, "Sales must be an amount from 0.01 to 100,000,000"],
    [{ ureaBags: "10" }, 400, "Unknown field"],
    [{ period: "9999-01", sspBags: "10" }, 400, "Period must be a month like 2026-11 or a season like RABI-2026"],
    [{ period: "2026-13", sspBags: "10" }, 400, "Period must be a month like 2026-11 or a season like RABI-2026"],
    [{ officerId: "abc", sspBags: "10" }, 400, "Please select a valid officer."],
    [{ officerId: "999999999", sspBags: "10" }, 404, "Officer not found."],
  ];
  for (const [fields, status, message] of cases) {
    const answer = await set(fields);
    expect(answer.status(), JSON.stringify(fields)).toBe(status);
    expect(await answer.text(), JSON.stringify(fields)).toContain(message);
  }
  const copy = await post({ intent: "copy", period: month, percent: "5000" });
  expect(copy.status()).toBe(400);
  expect(await copy.text()).toContain("Percentage must be a whole number from -90 to 500");
  const copyOf9999 = await post({ intent: "copy", period: "9999-01", percent: "10" });
  expect(copyOf9999.status()).toBe(400);
  expect(await copyOf9999.text()).toContain("Period must be a month like 2026-11 or a season like RABI-2026");
  expect((await post({ intent: "delete-all" })).status()).toBe(400);
  expect(targetsOf(officer.id)).toBe(0);
  expect((await page.request.get("/targets?period=9999-01", { maxRedirects: 0 })).status()).toBe(400);
});

test("a manager copies last period's targets with a percentage", async ({ page, request }) => {
  const officer = await newOfficer(request);
  await signIn(page, "manager");
  const season = "KHARIF-2030";
  const before = await page.request.post("/targets", {
    form: { intent: "set", officerId: String(officer.id), period: "RABI-2029", dealerVisits: "100" },
    maxRedirects: 0,
  });
  expect(before.status()).toBe(302);
  await page.goto(`/targets?period=${season}`);
  await page.getByLabel("Percentage").fill("10");
  await page.getByRole("button", { name: "Copy targets" }).click();
  await expect(page.getByText("Targets copied")).toBeVisible();
  const copied = page.getByRole("form", { name: `Targets of ${officer.name}` });
  await expect(copied.getByLabel("Dealer visits")).toHaveValue("110");
});

test("an officer cannot open the targets page, nor set targets with its form", async ({ page, request }) => {
  const officer = await newOfficer(request);
  await signIn(page, "officer1");
  const answer = await page.request.get("/targets", { maxRedirects: 0 });
  expect(answer.status()).toBe(403);
  const month = karachiDate().slice(0, 7);
  const set = await page.request.post("/targets", {
    form: { intent: "set", officerId: String(officer.id), period: month, sspBags: "10" },
    maxRedirects: 0,
  });
  expect(set.status()).toBe(403);
  expect(targetsOf(officer.id)).toBe(0);
});
