import { lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { data, Links, Meta, Outlet, ScrollRestoration, useLocation, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "~/components/error-view";
import { ScriptsAfterPaint } from "~/components/scripts-after-paint";
import { LiteModeLine } from "~/components/shell/lite-mode";
import { Toaster as ToasterNow } from "~/components/toaster";
import {
  currentUserContext,
  languageContext,
  requestIdContext,
  requestTokenContext,
  routePatternContext,
} from "~/http/context";
import { env, publicEnv } from "~/env.server";
import { markPageHydrated } from "~/browser/hydrated";
import { rememberWritePosition } from "~/infra/litefs.server";
import { useNotice } from "~/browser/notices";
import type { Toast } from "~/lib/toast";
import { type RootData, useRootData } from "~/browser/root-data";
import { countUnreadNotifications } from "~/models/notification.server";
import { requestCredential } from "~/http/credentials.server";
import { isLiteRequest } from "~/http/lite-mode.server";
import { inLanguage, pageMessages, requestLanguage } from "~/http/language.server";
import { loadPageWords, MessagesProvider, usePageMessageFiles } from "~/browser/i18n";
import { DEFAULT_LANGUAGE, languageDirection } from "~/lib/languages";
import { readToast } from "~/http/toast.server";
import stylesheet from "./app.css?url";

// A notice's code loads only when one shows: the server renders it in place (so it shows without
// JavaScript) and the browser hydrates it when its code has arrived. Offline the service worker
// has it; should it still fail to load, the notice shows as plain text.
const Toaster = import.meta.env.SSR
  ? ToasterNow
  : lazy(() =>
      import("~/components/toaster").then(
        (module) => ({ default: module.Toaster }),
        () => ({ default: PlainNotice }),
      ),
    );

function PlainNotice({ toast }: { toast: Toast }) {
  return (
    <p
      role={toast.type === "error" ? "alert" : "status"}
      data-testid="notice"
      className="m-2 rounded-xl border bg-white p-3"
    >
      {toast.title} {toast.description}
    </p>
  );
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet, precedence: "app" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** Tells the server which route answers, for the metrics (the /api dispatcher names its operation's). */
const reportRoutePattern: Route.MiddlewareFunction = ({ context, pattern }) => {
  context.get(routePatternContext)(pattern);
};

/**
 * Loads the signed-in user (or an /api call's token and its user) once per request, for every
 * loader, action and /api call, and the language the request is read in.
 */
const loadUser: Route.MiddlewareFunction = async ({ request, context }) => {
  const credential = await requestCredential(request);
  context.set(currentUserContext, credential?.user ?? null);
  context.set(requestTokenContext, credential?.token ?? null);
  context.set(languageContext, requestLanguage(request, credential?.user.language));
};

/** The rest of the request says the rules' messages in its reader's language; /api in English. */
const sayInLanguage: Route.MiddlewareFunction = ({ request, context }, next) =>
  inLanguage(new URL(request.url).pathname.startsWith("/api/") ? "en" : context.get(languageContext), next);

/** Under LiteFS, marks the answers to writes with the position replicas must reach first. */
const markWritePosition: Route.MiddlewareFunction = async ({ request }, next) =>
  rememberWritePosition(request, await next(), {
    litefsDir: env.LITEFS_DIR ?? "",
    databaseUrl: env.DATABASE_URL,
    secure: env.COOKIE_SECURE,
  });

export const middleware: Route.MiddlewareFunction[] = env.LITEFS_DIR
  ? [reportRoutePattern, loadUser, sayInLanguage, markWritePosition]
  : [reportRoutePattern, loadUser, sayInLanguage];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const { toast, headers } = await readToast(request);
  return data(
    {
      user: user && {
        id: user.id,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        selectedAvatar: user.selectedAvatar,
        currentBadge: user.currentBadge,
      },
      unreadCount: user ? await countUnreadNotifications(user.id) : 0,
      toast,
      env: publicEnv(),
      lite: isLiteRequest(request),
      language: context.get(languageContext),
      messages: pageMessages(context, "common"),
      requestId: context.get(requestIdContext),
    } satisfies RootData,
    { headers: headers ?? undefined },
  );
}

/** A navigation's next page renders once its words have come (decision 101). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    const answers = await next();
    await loadPageWords(Object.values(answers).map((answer) => (answer.type === "data" ? answer.result : undefined)));
    return answers;
  },
];

/** A page whose route says `handle = { hydrate: false }` is sent without scripts (the offline page). */
function useHydratesPage(): boolean {
  return !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  // In Lite mode (decision 51) every page is sent without scripts, as the offline page is.
  const lite = rootData?.lite ?? false;
  const hydrates = useHydratesPage() && !lite;
  const notice = useNotice(rootData?.toast ?? null);
  const language = rootData?.language ?? DEFAULT_LANGUAGE;
  useEffect(markPageHydrated, []);
  return (
    <html lang={language} dir={languageDirection(language)} data-lite={lite ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2a7e3b" />
        <Meta />
        <Links />
        {hydrates ? <MessageFiles /> : null}
      </head>
      <body className="min-h-dvh">
        <MessagesProvider language={language}>
          {lite ? <LiteModeLine /> : null}
          {notice ? (
            <Suspense fallback={null}>
              <Toaster toast={notice.toast} id={notice.id} />
            </Suspense>
          ) : null}
          {children}
        </MessagesProvider>
        {hydrates ? (
          <>
            <ScrollRestoration />
            <ScriptsAfterPaint />
          </>
        ) : null}
      </body>
    </html>
  );
}

/** The page's words, fetched beside its scripts: it hydrates once they are here (decision 101). */
function MessageFiles() {
  return usePageMessageFiles().map((href) => (
    <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} data-messages="" />
  ));
}

/** Offline support (service worker, whole-page links while offline), loaded after the page. */
function useOfflineSupport(signedIn: boolean): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    void import("~/browser/offline-support").then((offline) => offline.startOfflineSupport(signedIn));
  }, [signedIn]);
  // The service worker's "Offline: this page was saved at …" is about the page it came with only.
  const loaded = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` !== loaded.current) document.querySelector("[data-saved-copy]")?.remove();
  }, [pathname, search]);
  useEffect(() => {
    if (signedIn && search === "")
      void import("~/browser/offline-support").then((offline) => offline.pageOpened(pathname));
  }, [signedIn, pathname, search]);
}

export default function App() {
  useOfflineSupport(Boolean(useRootData()?.user));
  return <Outlet />;
}

/**
 * An error of the root's own work (its middleware or loader). It has none of the root's data (the
 * reader's language and words): the pages outside the shell have their own boundary below it
 * (routes/shell/plain-layout.tsx).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
