// Stored XSS: markup and script saved through posts, comments, dealer fields, addresses and the
// cells of an imported spreadsheet must come back as plain text. Each page is opened in
// Chromium with JavaScript; the test fails if a payload ran (window.__xss, a dialog), if the
// browser had to block one (a CSP violation would mean markup got through), or if the payload
// became an element instead of text.
import type { APIRequestContext, Page } from "@playwright/test";
import { dealerRow, dealerWorkbook } from "../../support/spreadsheets";
import { expect, signIn, test, uniqueName } from "../support/fixtures";

const PAYLOADS = [
  `<img src=x onerror="window.__xss=1;alert(1)">`,
  `<script>window.__xss=1;alert(1)</script>`,
  `"><svg onload="window.__xss=1">`,
  `javascript:window.__xss=1`,
];

/** "tag <payload> <payload> …": unique per test, so the page can be searched for it. */
function hostileText(tag: string, ...payloads: string[]): string {
  return [tag, ...payloads].join(" ");
}

type Watch = { dialogs: string[] };

async function watch(page: Page): Promise<Watch> {
  const state: Watch = { dialogs: [] };
  page.on("dialog", (dialog) => {
    state.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    // Inline script and event handlers are what stored markup would add. (Zod's one-off probe
    // for `new Function`, blocked as "eval", is the app's own and harmless.)
    document.addEventListener("securitypolicyviolation", (event) => {
      if (event.blockedURI === "inline") violations.push(`${event.violatedDirective}: ${event.sample}`);
    });
  });
  return state;
}

/** The page shows every text literally and nothing from them ran or became markup. */
async function expectInert(page: Page, state: Watch, texts: string[]): Promise<void> {
  for (const text of texts) await expect(page.getByText(text).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  expect(state.dialogs).toEqual([]);
  await expect(page.locator('img[src="x"], [onerror], [onload], a[href^="javascript:"]')).toHaveCount(0);
}

async function json<T>(response: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

test("post text, its address and a comment show as text on the post and the feed", async ({ page }) => {
  const state = await watch(page);
  await signIn(page, "officer2");
  const text = hostileText(uniqueName("xss-post"), ...PAYLOADS);
  const address = hostileText(uniqueName("xss-address"), PAYLOADS[0]!);
  const comment = hostileText(uniqueName("xss-comment"), PAYLOADS[1]!, PAYLOADS[2]!);
  const post = await json<{ id: number }>(
    await page.request.post("/api/posts", { data: { type: "FIELD_VISIT", text, lat: 31.52, lng: 74.35, address } }),
  );
  await json(await page.request.post(`/api/posts/${post.id}/comments`, { data: { text: comment } }));

  await page.goto(`/posts/${post.id}`);
  await expectInert(page, state, [text, address, comment]);
  await page.goto("/");
  await expectInert(page, state, [text]);
});

test("dealer name, owner, address and about show as text in the directory and on the details and edit pages", async ({
  page,
}) => {
  const state = await watch(page);
  await signIn(page, "officer2");
  const businessName = hostileText(uniqueName("xss-dealer"), PAYLOADS[0]!);
  const street = hostileText("Street", PAYLOADS[1]!);
  const about = hostileText("About", ...PAYLOADS);
  const dealer = await json<{ id: number }>(
    await page.request.post("/api/dealers", {
      data: {
        businessName,
        ownerFirstName: PAYLOADS[2],
        street,
        city: "Okara",
        state: "Punjab",
        lat: "30.81",
        lng: "73.45",
        formattedAddress: hostileText("Formatted", PAYLOADS[3]!),
        email: "xss@example.pk",
      },
    }),
  );
  expect(
    (await page.request.put(`/api/dealers/${dealer.id}/about`, { data: { aboutDescription: about } })).status(),
  ).toBe(200);

  await page.goto(`/dealer-details/${dealer.id}`);
  await expectInert(page, state, [businessName, street, about]);
  await page.goto(`/dealers?query=${encodeURIComponent(businessName.split(" ")[0]!)}`);
  await expectInert(page, state, [businessName]);
  await page.goto(`/dealer-details/${dealer.id}?edit=true`);
  await expect(page.getByRole("textbox", { name: /business name/i })).toHaveValue(businessName);
  await expectInert(page, state, []);
});

test("home and warehouse addresses show as text on the profile", async ({ page }) => {
  const state = await watch(page);
  const username = uniqueName("xss.user").replaceAll("-", ".");
  await json(
    await page.request.post("/api/register", {
      data: { username, email: `${username}@example.pk`, password: "field-pass-1" },
    }),
  );
  const homeAddress = hostileText(uniqueName("xss-home"), PAYLOADS[0]!);
  const warehouseAddress = hostileText(uniqueName("xss-warehouse"), PAYLOADS[1]!);
  const saved = await page.request.put("/api/me", {
    data: { homeLat: 31.5, homeLng: 74.3, homeAddress, warehouseLat: 31.6, warehouseLng: 74.4, warehouseAddress },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto("/profile");
  await expectInert(page, state, [homeAddress, warehouseAddress]);
});

test("cells of an imported spreadsheet show as text in the import result and the dealer's page", async ({ page }) => {
  const state = await watch(page);
  await signIn(page, "officer2");
  const tag = uniqueName("xss-import");
  const businessName = hostileText(tag, PAYLOADS[0]!);
  const workbook = dealerWorkbook([
    dealerRow(Date.now() % 10_000_000, "Xss", {
      business_name: businessName,
      owner_first_name: PAYLOADS[1]!,
      street: hostileText("Street", PAYLOADS[2]!),
      formatted_address: PAYLOADS[3]!,
    }),
    // A refused row: its error message quotes the cell.
    dealerRow(1, "Xss", { business_name: hostileText(`${tag}-bad`, PAYLOADS[0]!), street: "" }),
  ]);
  const imported = await page.request.post("/dealers/import", {
    multipart: {
      file: {
        name: "dealers.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: workbook,
      },
    },
    maxRedirects: 0,
  });
  expect(imported.status()).toBe(302);
  await page.goto(imported.headers()["location"]!);
  await expectInert(page, state, []);

  await page.goto(`/dealers?query=${encodeURIComponent(tag)}`);
  await expectInert(page, state, [businessName]);
  await page.getByRole("link", { name: new RegExp(`^View Details of .*${tag}`) }).click();
  await expectInert(page, state, [businessName, hostileText("Street", PAYLOADS[2]!)]);
});
