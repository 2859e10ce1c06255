// What the people tests share: the notice a redirect carries to the next page (the server's toast
// cookie) and signing in again after "session expired".
import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type { Toast } from "~/lib/toast";
import type { loader } from "~/routes/profile/profile";
import { englishMessages, OFFICER, renderApp, type RenderedApp } from "../support/app";
import type { FakeServer } from "../support/network";

/** The notice the server's next page carries (a redirect with a toast), shown once. */
export class ServerNotices {
  #next: Toast | null = null;

  /** The page after this answer carries `toast`. */
  carry(toast: { title: string; description?: string; type?: Toast["type"] }): void {
    this.#next = { type: "success", ...toast };
  }

  /** The root's notice for the page being loaded (then none). */
  take(): Toast | null {
    const toast = this.#next;
    this.#next = null;
    return toast;
  }
}

/** The sign-in page's address that comes back to `path`. */
export const signInFor = (path: string) => `/login?${new URLSearchParams({ redirectTo: path })}`;

/**
 * After "session expired": the app went to sign in, asked to come back to `path`; the officer signs
 * in and the sign-in page sends them there (a new page load, as the real sign-in's redirect is).
 */
export async function signInAgain(app: RenderedApp, server: FakeServer, path: string): Promise<RenderedApp> {
  await waitFor(() => expect(app.address()).toBe(signInFor(path)));
  await screen.findByRole("heading", { name: "Sign In" });
  server.signIn();
  return renderApp(path, server);
}

export type ProfilePage = Awaited<ReturnType<typeof loader>>;
export type Panel = NonNullable<ProfilePage["panel"]>;

const PERIOD = {
  posts: 0,
  visits: 0,
  sales: "0.00",
  recovery: "0.00",
  distance: "0.0",
  hours: "0.0",
  dealers: 0,
  legsLeftOut: { tooFast: 0, poorFix: 0, repeatedPoint: 0 },
};

/** The officer's profile as its loader answers it, with `panel` open. */
export function profilePage(panel: Panel | null, saved: Partial<ProfilePage["user"]>): ProfilePage {
  return {
    user: {
      ...OFFICER,
      email: "officer7@example.com",
      phone: null,
      homeLat: null,
      homeLng: null,
      homeAddress: null,
      warehouseLat: null,
      warehouseLng: null,
      warehouseAddress: null,
      currentPerformanceScore: null,
      performanceRank: null,
      approval: "APPROVED",
      language: null,
      teamId: null,
      team: null,
      ...saved,
    },
    panel,
    period: "today",
    stats: {
      today: PERIOD,
      week: PERIOD,
      month: PERIOD,
      all: PERIOD,
      currentPerformanceScore: null,
      performanceRank: null,
    },
    approximate: { home: false, warehouse: false },
    // The component level's root sends every English message.
    messages: englishMessages(),
  };
}
