// What the people tests share: the notice a redirect carries to the next page (the server's toast
// cookie), signing in again after "session expired", and a clean tab between tests.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, expect } from "vitest";
import type { Toast } from "~/lib/toast";
import { renderApp, type RenderedApp } from "../support/app";
import type { FakeServer } from "../support/network";

afterEach(() => {
  // The notice on screen is the app's module state, and a draft is kept in the tab: neither may
  // reach the next test.
  const close = screen.queryByRole("button", { name: "Close notice" });
  if (close) fireEvent.click(close);
  sessionStorage.clear();
});

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

/** Waits for the notice on screen to say `text` (a notice before it may still be there). */
export async function expectNotice(...texts: string[]): Promise<void> {
  await waitFor(() => {
    for (const text of texts) expect(screen.getByTestId("notice")).toHaveTextContent(text);
  });
}

/** The sign-in page's address that comes back to `path`. */
export const signInFor = (path: string) => `/login?${new URLSearchParams({ redirectTo: path })}`;

/**
 * After "session expired": the app went to sign in, asked to come back to `path`; the officer signs
 * in and the sign-in page sends them there (a new page load, as the real sign-in's redirect is).
 */
export async function signInAgain(app: RenderedApp, server: FakeServer, path: string): Promise<RenderedApp> {
  await waitFor(() => expect(app.address()).toBe(signInFor(path)));
  expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument();
  server.signIn();
  cleanup();
  return renderApp(path, server, { fakeTimers: true });
}
