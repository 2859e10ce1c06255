import type { Page } from "@playwright/test";
import { expect, readInUrdu, signIn, test, uniqueName } from "./support/fixtures";
import { axeViolations, controlsUnder24, controlsUnder44 } from "./support/page-checks";
import { someDealer } from "./posts/support";

// Officers read their phones outdoors and tap them with a thumb. Every page, one walk per role at
// 360 px with JavaScript on, is checked once for all of it on the screen it has (support/page-checks.ts):
// axe-core's rules (WCAG A and AA, text at 4.5:1 contrast among them, and WCAG 2.2's target size),
// every control at least 44 px square (a link in a sentence excepted), and none under the 24 px floor,
// links in sentences included. The same sizes without JavaScript: tap-targets.nojs.spec.ts.
// axe takes 2-13 s a page on a busy 2-core machine (the directory's rows the longest): a walk gets
// two minutes.
// The walks share only the seeded database, and change nothing another reads (the admin's sends
// officer8 a password reset, as before): they run side by side.
test.describe.configure({ mode: "parallel", timeout: 120_000 });

type Stop = {
  path: string;
  /** What the failure lines call the page: its path unless a state of it is checked. */
  label?: string;
  /** Brings the page into the state to check, once it is on screen. */
  prepare?: (page: Page) => Promise<void>;
  /** The checks of this stop, where it is not held to all three. */
  checks?: Check[];
};

type Check = (page: Page, label: string) => Promise<string[]>;

const ALL_CHECKS: Check[] = [axeViolations, controlsUnder44, controlsUnder24];

/** Every check's failures on each stop, one line each; a stop already on screen is checked as it is. */
async function walk(page: Page, stops: (string | Stop)[], extraChecks: Check[] = []): Promise<string> {
  const found: string[] = [];
  for (const stop of stops.map((s) => (typeof s === "string" ? { path: s } : s))) {
    const onScreen = new URL(page.url());
    if (onScreen.pathname + onScreen.search !== stop.path) {
      await page.goto(stop.path);
      await expect(page.locator("main, body").first()).toBeVisible();
    }
    await stop.prepare?.(page);
    const label = stop.label ?? stop.path;
    for (const check of [...(stop.checks ?? ALL_CHECKS), ...extraChecks]) found.push(...(await check(page, label)));
  }
  return found.join("\n");
}

const mapReady: Stop["prepare"] = async (page) => {
  await expect(page.locator(".leaflet-control-zoom-in")).toBeVisible();
};
const routesReady: Stop["prepare"] = async (page) => {
  await expect(page.locator(".checkin-marker").first()).toBeVisible();
};

test("the signed-out pages have no accessibility violations, and every control is at least 44 px square (24 px in a sentence)", async ({
  page,
}) => {
  expect(
    await walk(page, [
      "/",
      "/login",
      "/register",
      "/forgot-password",
      "/reset-password",
      "/reset-password?token=not-a-token",
      "/no-such-page",
      "/offline",
    ]),
  ).toBe("");
});

test("an officer's feed, post, plan, rankings, reports and own pages have no accessibility violations, and every control is at least 44 px square (24 px in a sentence)", async ({
  page,
}) => {
  await signIn(page, "officer1");
  const post = await page.locator("[data-post-id]").first().getAttribute("data-post-id");
  expect(
    await walk(page, [
      "/",
      {
        path: "/",
        label: "/ with its notifications open",
        prepare: async () => {
          await page.getByRole("link", { name: /^Notifications/ }).click();
          await expect(page.getByRole("dialog")).toBeVisible();
        },
      },
      "/?rankings=all",
      `/posts/${post}`,
      "/new-post",
      "/plan",
      "/leaderboard",
      "/reports",
      "/notifications",
      "/profile",
      "/profile/tokens",
      "/location-setup",
    ]),
  ).toBe("");
});

test("an officer's dealer and map pages have no accessibility violations, and every control is at least 44 px square (24 px in a sentence)", async ({
  page,
}) => {
  await signIn(page, "officer1");
  const dealer = someDealer().id;
  expect(
    await walk(page, [
      "/dealers",
      `/dealer-details/${dealer}`,
      `/dealer-details/${dealer}?edit=true`,
      "/add-dealer",
      "/dealers/import",
      { path: "/dealer-map", prepare: mapReady },
      { path: "/dealer-map?f=1&routes=on", prepare: routesReady },
    ]),
  ).toBe("");
});

test("a manager's day, team, plans, reports, map and a dealer's account have no accessibility violations, and every control is at least 44 px square (24 px in a sentence)", async ({
  page,
}) => {
  await signIn(page, "manager");
  const officerPlan = await page.locator('a[href*="?user="]').first().getAttribute("href");
  const accountPage = await dealerWithAccount(page);
  expect(
    await walk(page, [
      "/",
      "/team",
      "/targets",
      "/targets/import",
      "/farmers/import",
      officerPlan ?? "/plan",
      "/reports",
      "/leaderboard",
      "/notifications",
      { path: "/dealer-map?f=1&routes=on", prepare: routesReady },
      "/location-quality",
      { path: accountPage, label: `${accountPage} (the account's forms open)`, prepare: openAccountForms },
    ]),
  ).toBe("");
});

/** A dealer of the manager's team with a sale on account: its page shows the account and its forms. */
async function dealerWithAccount(page: Page): Promise<string> {
  const me = await (await page.request.get("/api/user")).json();
  const dealer = await page.request.post("/api/dealers", {
    data: {
      businessName: uniqueName("Walk Traders"),
      street: "Main Bazaar 4",
      city: "Okara",
      state: "Punjab",
      lat: 30.81,
      lng: 73.45,
      teamId: me.team.id,
    },
  });
  const { id } = await dealer.json();
  const sale = { type: "SALE", text: "On account", saleProduct: "SSP", saleQty: 2, salePrice: "100", dealerId: id };
  expect((await page.request.post("/api/posts", { data: sale })).status()).toBe(201);
  return `/dealer-details/${id}`;
}

const openAccountForms: Stop["prepare"] = async (page) => {
  for (const summary of ["Adjust balance", "Credit terms"])
    await page.locator("summary").filter({ hasText: summary }).first().click();
  await page.getByRole("link", { name: "Reverse", exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Reverse entry" })).toBeVisible();
};

test("an admin's pages have no accessibility violations, and every control is at least 44 px square (24 px in a sentence and on the teams list)", async ({
  page,
}) => {
  await signIn(page, "admin");
  await page.goto("/admin/teams");
  const team = await page.locator('a[href^="/admin/teams/"]').first().getAttribute("href");
  // A dealer's statement (an admin reads every dealer's account) and the page its share link opens.
  const dealer = someDealer().id;
  const link = (await (await page.request.post(`/api/dealers/${dealer}/statement-links`, { data: {} })).json()) as {
    url: string;
  };
  expect(
    await walk(page, [
      // The teams' names are links 24 px tall: held to the 24 px floor only, as before.
      { path: "/admin/teams", checks: [axeViolations, controlsUnder24] },
      team ?? "/admin/teams/1",
      "/admin",
      "/admin?add=user",
      "/admin/import",
      "/admin/opening-balances",
      "/admin/outbox",
      "/location-quality",
      "/reports?groupBy=dealer&period=last-90-days",
      "/dealers/import",
      "/leaderboard",
      `/dealer-details/${dealer}/statement`,
      new URL(link.url).pathname,
      {
        path: "/admin?query=officer8",
        label: "/admin?query=officer8 with a notice",
        prepare: async () => {
          await page.getByRole("button", { name: "Reset Password" }).click();
          await expect(page.getByTestId("notice")).toContainText("Password reset email sent successfully!");
        },
      },
    ]),
  ).toBe("");
});

// The same checks on the Urdu pages (decision 101): right to left, set in the phone's Nastaliq,
// with the words of another length. One walk per role over the pages each uses most; the English
// walks above cover every state.
test.describe("in Urdu", () => {
  const readsInUrdu: Check = async (page, label) => {
    const html = page.locator("html");
    const [lang, dir] = [await html.getAttribute("lang"), await html.getAttribute("dir")];
    return lang === "ur" && dir === "rtl" ? [] : [`${label}: read as lang="${lang}" dir="${dir}"`];
  };

  test("the signed-out pages have no accessibility violations, and every control is at least 44 px square (24 px in a sentence)", async ({
    page,
  }) => {
    await readInUrdu(page);
    expect(await walk(page, ["/login", "/register", "/forgot-password", "/no-such-page"], [readsInUrdu])).toBe("");
  });

  test("an officer's feed, post, New Post, plan, rankings, reports, dealers and map have no accessibility violations, and every control is at least 44 px square (24 px in a sentence)", async ({
    page,
  }) => {
    await signIn(page, "officer1");
    await readInUrdu(page);
    await page.goto("/");
    const post = await page.locator("[data-post-id]").first().getAttribute("data-post-id");
    expect(
      await walk(
        page,
        [
          "/",
          `/posts/${post}`,
          "/new-post",
          "/plan",
          "/leaderboard",
          "/reports",
          "/notifications",
          "/profile",
          "/dealers",
          `/dealer-details/${someDealer().id}`,
          { path: "/dealer-map", prepare: mapReady },
        ],
        [readsInUrdu],
      ),
    ).toBe("");
  });

  test("a manager's team, targets, imports, farmers and a dealer's account have no accessibility violations, and every control is at least 44 px square (24 px in a sentence)", async ({
    page,
  }) => {
    await signIn(page, "manager");
    await readInUrdu(page);
    const accountPage = await dealerWithAccount(page);
    expect(
      await walk(
        page,
        [
          "/team",
          "/targets",
          "/targets/import",
          "/farmers",
          "/farmers/import",
          "/plots",
          "/location-quality",
          accountPage,
        ],
        [readsInUrdu],
      ),
    ).toBe("");
  });

  test("an admin's pages and a dealer's statement have no accessibility violations, and every control is at least 44 px square (24 px in a sentence and on the teams list)", async ({
    page,
  }) => {
    await signIn(page, "admin");
    await readInUrdu(page);
    const dealer = someDealer().id;
    const link = (await (await page.request.post(`/api/dealers/${dealer}/statement-links`, { data: {} })).json()) as {
      url: string;
    };
    expect(
      await walk(
        page,
        [
          { path: "/admin/teams", checks: [axeViolations, controlsUnder24] },
          "/admin",
          "/admin/import",
          "/admin/opening-balances",
          "/admin/outbox",
          "/admin/webhooks",
          `/dealer-details/${dealer}/statement`,
          new URL(link.url).pathname,
        ],
        [readsInUrdu],
      ),
    ).toBe("");
  });
});
