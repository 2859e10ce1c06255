import { useRouteLoaderData } from "react-router";
// A type only: pages read the root's data without importing the root route's module, which
// would split it into a chunk of its own on every page.
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/** The root loader's data (the signed-in user, unread count, toast, public settings). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/**
 * The public settings (tiles, currency, time zone). Every page renders inside the root, whose
 * loader always answers them (with their defaults from app/lib/public-env.ts when unset), so the
 * browser carries no second copy of the defaults.
 */
export function usePublicEnv(): RootData["env"] {
  return useRootData()!.env;
}
