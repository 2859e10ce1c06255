import type { Route } from "./+types/offline";
import { metaTitle, useT } from "~/browser/i18n";
import { Icon } from "~/components/icon";

// What the service worker shows for a page it cannot fetch and has not saved. It is kept on
// the phone signed out, and sent without scripts: it may be shown at any address. Its words are
// the shell's (the root's `common`), in the language the phone read when the worker kept it.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "common:offline.pageTitle") }];

export const handle = { hydrate: false };

export default function Offline() {
  const t = useT();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Icon name="cloud-off" size={40} className="text-gray-11" />
      <h1 className="text-2xl font-bold">{t("common:offline.title")}</h1>
      <p className="text-gray-11">{t("common:offline.explanation")}</p>
      <div className="flex w-full flex-col gap-2">
        {/* An empty href is this page again: the worker tries the network first. */}
        <a href="" className="btn-primary">
          {t("common:error.tryAgain")}
        </a>
        <a href="/new-post" className="btn-secondary">
          {t("common:offline.newPost")}
        </a>
        <a href="/" className="btn-ghost">
          {t("common:offline.openFeed")}
        </a>
      </div>
    </main>
  );
}
