import { createHash } from "node:crypto";
import type { Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Language } from "~/lib/languages";
import type { Namespace } from "./namespaces";
import enAdmin from "./en/admin.json";
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enDealers from "./en/dealers.json";
import enFarmers from "./en/farmers.json";
import enFeed from "./en/feed.json";
import enMap from "./en/map.json";
import enPeople from "./en/people.json";
import enPlans from "./en/plans.json";
import enPosts from "./en/posts.json";
import enReports from "./en/reports.json";
import enTargets from "./en/targets.json";
import urAdmin from "./ur/admin.json";
import urAuth from "./ur/auth.json";
import urCommon from "./ur/common.json";
import urDealers from "./ur/dealers.json";
import urFarmers from "./ur/farmers.json";
import urFeed from "./ur/feed.json";
import urMap from "./ur/map.json";
import urPeople from "./ur/people.json";
import urPlans from "./ur/plans.json";
import urPosts from "./ur/posts.json";
import urReports from "./ur/reports.json";
import urTargets from "./ur/targets.json";

type Catalog = Record<string, string>;

/** Every catalog, as written (app/locales/<language>/<namespace>.json). */
export const CATALOGS: Record<Language, Record<Namespace, Catalog>> = {
  en: {
    common: enCommon,
    auth: enAuth,
    feed: enFeed,
    posts: enPosts,
    dealers: enDealers,
    map: enMap,
    plans: enPlans,
    people: enPeople,
    targets: enTargets,
    reports: enReports,
    farmers: enFarmers,
    admin: enAdmin,
  },
  ur: {
    common: urCommon,
    auth: urAuth,
    feed: urFeed,
    posts: urPosts,
    dealers: urDealers,
    map: urMap,
    plans: urPlans,
    people: urPeople,
    targets: urTargets,
    reports: urReports,
    farmers: urFarmers,
    admin: urAdmin,
  },
};

const compiled = new Map<string, Messages>();

/**
 * A namespace's messages in a language, compiled once from ICU MessageFormat into what the
 * browser's Lingui formats without a parser of its own.
 */
function compiledCatalog(language: Language, namespace: Namespace): Messages {
  const id = `${language}/${namespace}`;
  let messages = compiled.get(id);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(CATALOGS[language][namespace]).map(([key, message]) => [key, compileMessage(message)]),
    );
    compiled.set(id, messages);
  }
  return messages;
}

/** A namespace's messages in one language, ready to format. */
export function namespaceMessages(language: Language, namespace: Namespace): Messages {
  return compiledCatalog(language, namespace);
}

/** The messages of these namespaces in one language, ready to format. */
export function compiledMessages(language: Language, namespaces: readonly Namespace[]): Messages {
  return Object.assign({}, ...namespaces.map((namespace) => compiledCatalog(language, namespace))) as Messages;
}

/**
 * The catalogs' version: a hash of every message, in the address of each namespace's file
 * (/messages/<version>/<language>/<namespace>), so that a phone keeps a file until a message changes.
 */
export const CATALOGS_VERSION = createHash("sha256").update(JSON.stringify(CATALOGS)).digest("base64url").slice(0, 12);
