import { type Messages, setupI18n } from "@lingui/core";
import type { RouterContextProvider } from "react-router";
import { env } from "~/env.server";
import { languageContext } from "~/http/context";
import { deviceLanguage, type Language, languageCookie, readerLanguage } from "~/lib/languages";
import { compiledMessages } from "~/locales/catalogs.server";
import type { Namespace, Translate } from "~/locales/namespaces";

/** The language a request is read in: this device's choice, else the user's saved one, else the browser's. */
export function requestLanguage(request: Request, saved: string | null | undefined): Language {
  return readerLanguage({
    device: deviceLanguage(request.headers.get("Cookie")),
    saved,
    accept: request.headers.get("Accept-Language"),
  });
}

/**
 * The messages a route's page needs, in the reader's language only: a loader answers them beside
 * its data, so that the server renders them and the browser hydrates with the same words.
 */
export function pageMessages(context: Readonly<RouterContextProvider>, ...namespaces: Namespace[]): Messages {
  return compiledMessages(context.get(languageContext), namespaces);
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
