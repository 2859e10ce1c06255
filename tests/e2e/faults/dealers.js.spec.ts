import type { Locator } from "@playwright/test";
import { countRows, expect, test, uniqueName, untilHydrated } from "../support/fixtures";
import { registerOfficer } from "../support/flows";
import { photo } from "../dealers/support";
import { formPost, inject, meet, notice } from "./support";

// The dealer actions on a flaky network (issue 15) in a real browser: one representative per fault
// class and control kind (decision 72), so a break in the real wiring (single fetch's encoding of a
// form and of a multipart upload, the route's .data URL) still shows. Every action meeting every
// fault is at the component level: tests/components/dealers/. Here too: what only a browser proves,
// a lazy chunk of code that cannot come (the browser's module loader).

test.use({ geolocation: { latitude: 31.5204, longitude: 74.3587 }, permissions: ["geolocation"] });

let dealerId: number;

test.describe.configure({ mode: "parallel" });

test.beforeEach(async ({ page }) => {
  await registerOfficer(page.request);
  const created = await page.request.post("/api/dealers", {
    data: {
      businessName: uniqueName("Faults Agro"),
      street: "Shop 3, Grain Market",
      city: "Okara",
      state: "Punjab",
      lat: 30.8138,
      lng: 73.4534,
    },
  });
  expect(created.status()).toBe(201);
  dealerId = ((await created.json()) as { id: number }).id;
});

async function chosenFiles(input: Locator): Promise<number> {
  return input.evaluate((element) => (element as HTMLInputElement).files?.length ?? 0);
}

test("add dealer, aborted: the form stays with what was typed and says so; one more tap adds it once", async ({
  page,
}) => {
  const name = uniqueName("Dealer through aborted");
  await page.goto("/add-dealer");
  await page.getByRole("button", { name: "Use Current Location" }).click();
  await expect(page.getByText("31.520400, 74.358700")).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("Lahore");
  await page.getByLabel("Business name").fill(name);
  await page.getByLabel("Notes").fill("Pays on time.");
  const injected = await inject(page, "aborted", formPost("/add-dealer"));
  await page.getByRole("button", { name: "Save" }).click();
  await meet(page, "aborted", injected);
  await expect(notice(page)).toContainText("Failed to add dealer. Please try again.");
  await injected.end();
  await expect(page.getByRole("heading", { name: "Add New Dealer", exact: true })).toBeVisible();
  await expect(page.getByLabel("Business name")).toHaveValue(name);
  await expect(page.getByLabel("Notes")).toHaveValue("Pays on time.");
  await expect(page.getByText("31.520400, 74.358700")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/dealers\?query=/);
  await expect(notice(page)).toContainText("Dealer added successfully!");
  expect(countRows("SELECT COUNT(*) AS n FROM Dealer WHERE businessName = ?", name)).toBe(1);
});

test("Add a photo, 500 with JSON: the chosen photo stays and it says so; one more tap uploads it once", async ({
  page,
}) => {
  const galleryCount = () => countRows("SELECT COUNT(*) AS n FROM DealerImage WHERE dealerId = ?", dealerId);
  await page.goto(`/dealer-details/${dealerId}?edit=true`);
  const form = page.locator("form", { has: page.locator('input[name="intent"][value="gallery-add"]') });
  const file = { name: "shop.jpg", mimeType: "image/jpeg", buffer: await photo({ r: 40, g: 90, b: 200 }, "jpeg") };
  await form.getByLabel("Add a photo").setInputFiles(file);
  const injected = await inject(page, "500 with JSON", formPost(`/dealer-details/${dealerId}`));
  await form.getByRole("button", { name: "Add to Gallery" }).click();
  await meet(page, "500 with JSON", injected);
  await expect(notice(page)).toContainText("Failed to add image to gallery");
  await injected.end();
  await expect(page.getByRole("heading", { name: "Edit Dealer", exact: true })).toBeVisible();
  expect(await chosenFiles(form.getByLabel("Add a photo"))).toBe(1);
  expect(galleryCount()).toBe(0);
  await form.getByRole("button", { name: "Add to Gallery" }).click();
  await expect(notice(page)).toContainText("Image added to gallery successfully!");
  expect(galleryCount()).toBe(1);
  await expect(page.getByRole("img", { name: "Gallery 1" })).toBeVisible();
});

test("add dealer: when the map's code cannot come, the form stays with what was typed, says so, and Use Current Location still places the dealer", async ({
  page,
}) => {
  await page.route(/\/assets\/location-map\.client-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
  await page.goto("/add-dealer");
  await untilHydrated(page);
  await page.getByLabel("Business name *").fill("Map-less Agro");
  const failure = page.getByRole("alert").filter({ hasText: "Map Error" });
  await expect(failure).toContainText("Failed to load dealer map: ");
  await page.getByRole("button", { name: "Use Current Location" }).click();
  await expect(page.getByText("Selected coordinates: 31.520400, 74.358700")).toBeVisible();
  await expect(page.getByLabel("Business name *")).toHaveValue("Map-less Agro");
});

test("import dialog: when its code cannot come (a dropped request), Import opens the import page instead", async ({
  page,
}) => {
  await page.route(/\/assets\/import-dialog-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
  await page.goto("/dealers");
  await untilHydrated(page);
  await page.getByRole("link", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/dealers\/import$/);
  await expect(page.getByRole("heading", { name: "Import Dealers" })).toBeVisible();
});
