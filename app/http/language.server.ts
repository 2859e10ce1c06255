import { AsyncLocalStorage } from "node:async_hooks";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { RouterContextProvider } from "react-router";
import { env } from "~/env.server";
import { languageContext } from "~/http/context";
import {
  DEFAULT_LANGUAGE,
  deviceLanguage,
  isLanguage,
  type Language,
  languageCookie,
  readerLanguage,
} from "~/lib/languages";
import { CATALOGS, CATALOGS_VERSION, compiledMessages, namespaceMessages } from "~/locales/catalogs.server";
import { isNamespace, type MessagesRef, type Namespace, NAMESPACES, type Translate } from "~/locales/namespaces";

/** The language a request is read in: this device's choice, else the user's saved one, else the browser's. */
export function requestLanguage(request: Request, saved: string | null | undefined): Language {
  return readerLanguage({
    device: deviceLanguage(request.headers.get("Cookie")),
    saved,
    accept: request.headers.get("Accept-Language"),
  });
}

/**
 * The words a route's page needs, in the reader's language only: a loader answers this reference
 * beside its data, and the page reads the namespaces' messages from the catalogs on the server
 * and from their files (/messages/…) in the browser.
 */
export function pageMessages(context: Readonly<RouterContextProvider>, ...namespaces: Namespace[]): MessagesRef {
  return { language: context.get(languageContext), namespaces, version: CATALOGS_VERSION };
}

/** The Set-Cookie header that remembers a language on this device. */
export function languageDeviceCookie(language: Language): string {
  return languageCookie(language, { secure: env.COOKIE_SECURE });
}

/**
 * Words the server says outside a page (a notice, a title sent in a loader's answer), in one
 * language: `translator("ur", ["common"])("common:language.changed")`.
 */
export function translator(language: Language, namespaces: readonly Namespace[]): Translate {
  const i18n = setupI18n({ locale: language, messages: { [language]: compiledMessages(language, namespaces) } });
  return (key, values) => i18n._(key, values);
}

/** The server's words in this request's language: a notice an action sends, a file's headers. */
export function requestTranslator(context: Readonly<RouterContextProvider>, ...namespaces: Namespace[]): Translate {
  return translator(context.get(languageContext), namespaces);
}

// The rules' messages (an AppError's, a schema's) may be a catalog's key: the edge says them in
// the language of the request it answers (decision 101), which the root middleware sets for the
// rest of the request. /api answers in English: its callers are tools.
const requestLanguageStore = new AsyncLocalStorage<Language>();

/** Runs the rest of a request (`next`) read in `language`. */
export function inLanguage<T>(language: Language, next: () => T): T {
  return requestLanguageStore.run(language, next);
}

const everyMessage = new Map<Language, I18n>();
const ENGLISH_KEYS = new Set(NAMESPACES.flatMap((namespace) => Object.keys(CATALOGS.en[namespace])));

/**
 * A message of the rules as the reader reads it: a catalog's key said in the request's language
 * (English outside a request), any other text as it is.
 */
export function said(text: string, values?: Record<string, string | number>): string {
  if (!ENGLISH_KEYS.has(text)) return text;
  const language = requestLanguageStore.getStore() ?? DEFAULT_LANGUAGE;
  let i18n = everyMessage.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: compiledMessages(language, NAMESPACES) } });
    everyMessage.set(language, i18n);
  }
  return i18n._(text, values);
}

/**
 * The file of a namespace's messages in a language (/messages/<version>/<language>/<namespace>),
 * or null when no such language or namespace is ours; `current` when the version is today's.
 */
export function messagesFile(
  version: string,
  language: string,
  namespace: string,
): { messages: Messages; current: boolean } | null {
  if (!isLanguage(language) || !isNamespace(namespace)) return null;
  return { messages: namespaceMessages(language, namespace), current: version === CATALOGS_VERSION };
}
