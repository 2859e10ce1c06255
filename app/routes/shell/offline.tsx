import type { Route } from "./+types/offline";
import { Icon } from "~/components/icon";

// What the service worker shows for a page it cannot fetch and has not saved. It is kept on
// the phone signed out, and sent without scripts: it may be shown at any address.

export const meta: Route.MetaFunction = () => [{ title: "Offline · Fieldline" }];

export const handle = { hydrate: false };

export default function Offline() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Icon name="cloud-off" size={40} className="text-gray-11" />
      <h1 className="text-2xl font-bold">You are offline</h1>
      <p className="text-gray-11">
        This page needs a connection, and there is no copy of it on this phone. The feed and New Post open without one:
        posts and comments you make there wait on this phone and are sent when you are back online.
      </p>
      <div className="flex w-full flex-col gap-2">
        {/* An empty href is this page again: the worker tries the network first. */}
        <a href="" className="btn-primary">
          Try again
        </a>
        <a href="/new-post" className="btn-secondary">
          New Post
        </a>
        <a href="/" className="btn-ghost">
          Open the feed
        </a>
      </div>
    </main>
  );
}
