// The app as the component level renders it: every route of app/routes.ts with its own module (the
// page, its clientAction and clientLoader, the shell around it), in a browser router over happy-dom's
// window, so what the app reads from `window.location` and history is what the officer would see.
// Only the root's document (<html>, scripts) is left out: its notices and outlet are kept. Each
// route's server half is the FakeServer (tests/components/support/network.ts).
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { cleanup, render, screen, waitFor, type RenderResult } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { Suspense, useEffect } from "react";
import { expect, vi } from "vitest";
import {
  createBrowserRouter,
  Outlet,
  RouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  useLocation,
  type RouteObject,
} from "react-router";
import routeConfig from "~/routes";
import { markPageHydrated } from "~/browser/hydrated";
import { MessagesProvider, setMessageSource } from "~/browser/i18n";
import { useNotice } from "~/browser/notices";
import { useRootData, type RootData } from "~/browser/root-data";
import { Toaster } from "~/components/toaster";
import { PUBLIC_ENV_DEFAULTS } from "~/lib/public-env";
import { namespaceMessages } from "~/locales/catalogs.server";
import { type MessagesRef, type Namespace, NAMESPACES } from "~/locales/namespaces";
import { FakeServer, type ServerAnswer } from "./network";

type RouteModule = {
  default?: Parameters<typeof withComponentProps>[0];
  ErrorBoundary?: Parameters<typeof withErrorBoundaryProps>[0];
  clientAction?: (args: object) => unknown;
  clientLoader?: (args: object) => unknown;
  loader?: unknown;
  action?: unknown;
};

const modules = import.meta.glob<RouteModule>("/app/routes/**/*.{ts,tsx}");

/** The signed-in officer the pages are rendered for, unless a test names another. */
export const OFFICER: NonNullable<RootData["user"]> = {
  id: 7,
  username: "officer7",
  firstName: "Ayesha",
  lastName: "Khan",
  role: "FIELD_OFFICER",
  selectedAvatar: "default",
  currentBadge: null,
};

/** An admin, for the pages only an admin sees (/admin, /admin/import; recalculating the rankings). */
export const ADMIN: NonNullable<RootData["user"]> = {
  id: 1,
  username: "admin",
  firstName: "Admin",
  lastName: "User",
  role: "ADMIN",
  selectedAvatar: "default",
  currentBadge: null,
};

// A component under test reads its words from the catalogs themselves, as the server does: no
// file of them is fetched.
setMessageSource(namespaceMessages);

/** Every English namespace, as a loader names the words of its page. */
export function englishMessages(...namespaces: Namespace[]): MessagesRef {
  return { language: "en", namespaces: namespaces.length ? namespaces : NAMESPACES, version: "test" };
}

/** What the root loader answers every page: the officer signed in, no notice, unless `overrides` say otherwise. */
export function rootData(overrides: Partial<RootData> = {}): RootData {
  return {
    user: OFFICER,
    unreadCount: 0,
    toast: null,
    env: { ...PUBLIC_ENV_DEFAULTS, MAP_TILES: "url" },
    lite: false,
    language: "en",
    messages: englishMessages(),
    requestId: "",
    ...overrides,
  };
}

/**
 * The server behind the app: `routes` answer for their route ids; the root answers `root` (the
 * officer, signed in until a "session expired" fault; a function is asked on each load, e.g. for
 * the notice a redirect carries) and the shell its nothing.
 */
export function fakeServer(
  routes: Record<string, ServerAnswer>,
  root: RootData | (() => RootData) = rootData(),
): FakeServer {
  const server: FakeServer = new FakeServer({
    root: () => (server.signedOut ? rootData({ user: null }) : typeof root === "function" ? root() : root),
    ...routes,
  });
  return server;
}

/** The sign-in page's stand-in: the page itself is tested at the request handler's level (and its form's checks with `signInPage`). */
function SignIn() {
  return <h1>Sign In</h1>;
}

/** The root without its document: the notice and the page. */
function Root() {
  const root = useRootData();
  const notice = useNotice(root?.toast ?? null);
  useEffect(markPageHydrated, []);
  return (
    <MessagesProvider language={root?.language ?? "en"}>
      {notice ? (
        <Suspense fallback={null}>
          <Toaster toast={notice.toast} id={notice.id} />
        </Suspense>
      ) : null}
      <Outlet />
      <CurrentAddress />
    </MessagesProvider>
  );
}

/** Where the router is, for tests to read (the address bar). */
function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output data-testid="address" hidden>{`${pathname}${search}`}</output>;
}

const routeId = (file: string) => file.replace(/\.tsx?$/, "");

function toRoute(entry: RouteConfigEntry, server: FakeServer, signInPage: boolean): RouteObject {
  const id = routeId(entry.file);
  const load = modules[`/app/${entry.file}`];
  if (!load) throw new Error(`No module for ${entry.file}`);
  const route = {
    id,
    path: entry.path,
    index: entry.index,
    lazy: async () => {
      if (id === "routes/auth/login" && !signInPage) return { Component: SignIn };
      const module = await load();
      const serve = ({ request }: { request: Request }) => server.serve(request, id);
      return {
        Component: module.default ? withComponentProps(module.default) : undefined,
        ErrorBoundary: module.ErrorBoundary ? withErrorBoundaryProps(module.ErrorBoundary) : undefined,
        loader: module.clientLoader
          ? (args: { request: Request }) => module.clientLoader!({ ...args, serverLoader: () => serve(args) })
          : module.loader
            ? serve
            : undefined,
        action: module.clientAction
          ? (args: { request: Request }) => module.clientAction!({ ...args, serverAction: () => serve(args) })
          : module.action
            ? serve
            : undefined,
      };
    },
  } as RouteObject;
  if (entry.children)
    (route as { children?: RouteObject[] }).children = entry.children.map((child) =>
      toRoute(child, server, signInPage),
    );
  return route;
}

const FRAMEWORK = {
  future: { v8_passThroughRequests: true, v8_middleware: true, v8_trailingSlashAwareDataRequests: true },
  manifest: { routes: {}, entry: { imports: [], module: "" }, url: "", version: "" },
  routeModules: {},
  ssr: true,
  isSpaMode: false,
  routeDiscovery: { mode: "initial" },
} as const;

let current: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * Takes the app off the screen and stops its router: an app left running would still follow the
 * window's history and finish what it had started (a redirect to sign in) over the next one.
 */
export function closeApp(): void {
  cleanup();
  current?.dispose();
  current = undefined;
}

export type RenderedApp = RenderResult & {
  user: UserEvent;
  /** The router's current path and query. */
  address: () => string;
};

/**
 * Renders the app at `url` with `server` behind it; resolves once the router has loaded the page.
 * User events advance Vitest's clock (fake in every test, tests/components/support/setup.ts). With `signInPage`, /login is the real page
 * (its form's checks), not the stand-in a sign-in redirect lands on.
 */
export async function renderApp(
  url: string,
  server: FakeServer,
  { signInPage = false }: { signInPage?: boolean } = {},
): Promise<RenderedApp> {
  closeApp();
  // happy-dom's own control of the window (vitest's environment: https://github.com/capricorn86/happy-dom/wiki).
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://localhost:3000${url}`);
  const router = createBrowserRouter([
    {
      id: "root",
      Component: Root,
      // The server's HTML, before the first data: nothing here (the page's content is awaited).
      HydrateFallback: () => null,
      loader: ({ request }) => server.serve(request, "root"),
      children: (routeConfig as RouteConfigEntry[]).map((entry) => toRoute(entry, server, signInPage)),
    },
  ]);
  current = router;
  const rendered = render(
    <FrameworkContext.Provider value={FRAMEWORK as never}>
      <RouterProvider router={router} />
    </FrameworkContext.Provider>,
  );
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await screen.findByTestId("address", {}, { timeout: 10_000 });
  return { ...rendered, user, address: () => screen.getByTestId("address").textContent ?? "" };
}

/** Waits until the notice on screen says each of `texts` (an earlier notice may still be closing). */
export async function expectNotice(...texts: string[]): Promise<void> {
  await waitFor(() => {
    for (const text of texts) expect(screen.getByTestId("notice")).toHaveTextContent(text);
  });
}
