import { useRouteLoaderData } from "react-router";
import type { Language } from "~/lib/languages";
import type { MessagesRef } from "~/locales/namespaces";
import type { PublicEnv } from "~/lib/public-env";
import type { Toast } from "~/lib/toast";

/**
 * What the root loader (app/root.tsx) answers every page: the signed-in user's name, role and
 * avatar (null when signed out), their unread notifications, the page's notice, the public
 * settings, whether the page is in Lite mode (sent without scripts), and its language with the shell's words. Written out here, not taken from the root module's type: this module sits below the
 * routes, and root.tsx checks its answer against it (`satisfies RootData`).
 */
export type RootData = {
  user: {
    id: number;
    username: string;
    firstName: string | null;
    lastName: string | null;
    role: string;
    selectedAvatar: string;
    currentBadge: string | null;
  } | null;
  unreadCount: number;
  toast: Toast | null;
  env: PublicEnv;
  lite: boolean;
  /** The language the page is read in (decision 101), and the shell's messages in it. */
  language: Language;
  messages: MessagesRef;
  /** This answer's request id, which an error page shows for the person to quote (decision 106). */
  requestId: string;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/**
 * The public settings (tiles, currency, time zone). Every page renders inside the root, whose
 * loader always answers them (with their defaults from app/lib/public-env.ts when unset), so the
 * browser carries no second copy of the defaults.
 */
export function usePublicEnv(): PublicEnv {
  return useRootData()!.env;
}

/** The language the page is read in (English where no root answered, as on a failed page). */
export function useLanguage(): Language {
  return useRootData()?.language ?? "en";
}
