import { useRouteLoaderData } from "react-router";
import { PUBLIC_ENV_DEFAULTS } from "~/lib/public-env";
// A type only: pages read the root's data without importing the root route's module, which
// would split it into a chunk of its own on every page.
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** The root loader's data (the signed-in user, unread count, toast, public settings). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** The public settings (tiles, currency, time zone); their defaults when the root's data is missing. */
export function usePublicEnv(): RootData["env"] {
  return useRootData()?.env ?? PUBLIC_ENV_DEFAULTS;
}
