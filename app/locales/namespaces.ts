// The message catalogs' namespaces (decision 101). A catalog is one JSON file a language and a
// namespace, app/locales/<language>/<namespace>.json, whose keys all begin `<namespace>:`; English
// is the source, worded as the spec words it, and Urdu holds exactly its keys (app/locales/catalogs.test.ts).
// A page is sent the namespaces its routes ask for, in the reader's language only.
import type { Language } from "~/lib/languages";
import type admin from "./en/admin.json";
import type auth from "./en/auth.json";
import type common from "./en/common.json";
import type dealers from "./en/dealers.json";
import type farmers from "./en/farmers.json";
import type feed from "./en/feed.json";
import type map from "./en/map.json";
import type people from "./en/people.json";
import type plans from "./en/plans.json";
import type posts from "./en/posts.json";
import type reports from "./en/reports.json";
import type targets from "./en/targets.json";

export const NAMESPACES = [
  "common",
  "auth",
  "feed",
  "posts",
  "dealers",
  "map",
  "plans",
  "people",
  "targets",
  "reports",
  "farmers",
  "admin",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/**
 * Whether a text is written as a catalog's key (`dealers:errors.notFound`) rather than as words:
 * the rules' messages are keys, said in the reader's language where they reach a page.
 */
export function looksLikeKey(text: string): boolean {
  const colon = text.indexOf(":");
  return colon > 0 && isNamespace(text.slice(0, colon)) && /^[A-Za-z0-9.]+$/.test(text.slice(colon + 1));
}

/** Every message's key: a key no English catalog holds is a type error. */
export type MessageKey =
  | keyof typeof common
  | keyof typeof auth
  | keyof typeof feed
  | keyof typeof posts
  | keyof typeof dealers
  | keyof typeof map
  | keyof typeof plans
  | keyof typeof people
  | keyof typeof targets
  | keyof typeof reports
  | keyof typeof farmers
  | keyof typeof admin;

/** Values put into a message's `{placeholders}`. */
type MessageValues = Record<string, string | number>;

/** Formats a message in the reader's language: `t("auth:signIn.title")`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** What a loader answers of its page's words (decision 101): which namespaces, in which language, of which version. */
export type MessagesRef = { language: Language; namespaces: readonly Namespace[]; version: string };
