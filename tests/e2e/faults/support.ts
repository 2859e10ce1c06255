// Fault injection in Chromium for the representatives of the fault matrix (tests/e2e/faults/*.js.spec.ts;
// the whole matrix is at the component level, tests/components): an action's request meets one of the
// network's usual failures, and the page must stay, say the action's failure message, keep what
// the officer typed, and succeed on one more tap.
import { request as apiRequest, type Page, type Request, type Route } from "@playwright/test";
import { expect, untilHydrated } from "../support/fixtures";
import { PAST_PATIENCE_MS, PROXY_PAGE, type Fault } from "../../support/faults";

/** The POST a form makes with JavaScript: React Router's `{path}.data`. */
export function formPost(path: string | RegExp): (request: Request) => boolean {
  return (request) => {
    if (request.method() !== "POST") return false;
    const { pathname } = new URL(request.url());
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return typeof path === "string" ? page === path : path.test(page);
  };
}

export type Injected = {
  /** Resolves once the matched request has met its fault (for "no answer in time": once the server has answered it, unseen). */
  met: Promise<void>;
  /** Lets the held request go (its late answer is dropped by the page) and removes the fault. */
  end: () => Promise<void>;
};

/**
 * Makes the next request that `matches` meet `fault`. "no answer in time" lets the request reach
 * the server (so a create really happens there) and holds its answer; the test then moves the
 * page's clock past its patience (`page.clock.install()` must have run before the page loaded).
 * "session expired" drops the session cookie, so the server answers with the way to sign in.
 */
export async function inject(page: Page, fault: Fault, matches: (request: Request) => boolean): Promise<Injected> {
  if (fault === "session expired") {
    await page.context().clearCookies();
    return { met: Promise.resolve(), end: async () => undefined };
  }
  let reached: () => void = () => undefined;
  const met = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const held: Route[] = [];
  let used = false;
  const handler = async (route: Route) => {
    if (used || !matches(route.request())) return route.fallback();
    used = true;
    switch (fault) {
      case "aborted":
        await route.abort("connectionreset");
        break;
      case "500 with JSON":
        await route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ error: "Internal Server Error" }),
        });
        break;
      case "502 from the edge":
        await route.fulfill({ status: 502, contentType: "text/html", body: PROXY_PAGE });
        break;
      case "no answer in time":
        await reachServerUnseen(route.request());
        held.push(route);
        break;
    }
    reached();
  };
  await page.route("**/*", handler);
  return {
    met,
    end: async () => {
      // Aborted while still routed: once unrouted, a held request would be sent on to the server.
      for (const route of held) await route.abort().catch(() => undefined);
      await page.unroute("**/*", handler);
    },
  };
}

/**
 * Sends the page's request to the server from outside the browser, so nothing of the answer
 * reaches the page, not even its cookies (Playwright's `route.fetch` would store them in the
 * browser's jar).
 */
async function reachServerUnseen(request: Request): Promise<void> {
  const outside = await apiRequest.newContext();
  try {
    await outside.fetch(request.url(), {
      method: request.method(),
      headers: await request.allHeaders(),
      data: request.postDataBuffer() ?? undefined,
      maxRedirects: 0,
    });
  } finally {
    await outside.dispose();
  }
}

/** Waits for the fault to be met; for "no answer in time", also moves the page's clock past its patience. */
export async function meet(page: Page, fault: Fault, injected: Injected): Promise<void> {
  await injected.met;
  if (fault === "no answer in time") await page.clock.fastForward(PAST_PATIENCE_MS);
}

/** After "session expired": the sign-in page, asked to come back to `path`; signs in again and checks it did. */
export async function signInAgain(page: Page, path: string, username: string, password: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === path);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
  await untilHydrated(page);
}

/** The one notice on screen. */
export function notice(page: Page) {
  return page.getByTestId("notice");
}
