import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { I18nProvider, Trans, useLingui } from "@lingui/react";
import { type ReactElement, type ReactNode, useCallback } from "react";
import { useMatches } from "react-router";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/languages";
import type { MessageKey, Translate } from "~/locales/namespaces";

// The page's words (decision 101). Each loader answers the messages its page needs, in the
// reader's language (app/http/language.server.ts); the provider gathers those of every route on
// the page, and the same words render on the server and hydrate in the browser.

type Loaded = { messages?: Messages } | null | undefined;

/** The matched routes' messages, in the order of the routes. */
function usePageCatalogs(): Messages[] {
  return useMatches()
    .map((match) => (match.data as Loaded)?.messages)
    .filter((messages): messages is Messages => messages !== undefined);
}

let lastI18n: { language: Language; catalogs: Messages[]; i18n: I18n } | null = null;

/**
 * One Lingui instance while the language and the routes' messages stay the same objects (the
 * last one made is kept: on the server it is another request's only when its inputs are the same).
 */
function i18nFor(language: Language, catalogs: Messages[]): I18n {
  const last = lastI18n;
  if (
    last?.language === language &&
    last.catalogs.length === catalogs.length &&
    last.catalogs.every((messages, index) => messages === catalogs[index])
  )
    return last.i18n;
  const messages = Object.assign({}, ...catalogs) as Messages;
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  lastI18n = { language, catalogs, i18n };
  return i18n;
}

export function MessagesProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <I18nProvider i18n={i18nFor(language, usePageCatalogs())}>{children}</I18nProvider>;
}

/** The page's words: `t("auth:signIn.title")`, or with values `t("common:language.switchTo", { language })`. */
export function useT(): Translate {
  const { i18n } = useLingui();
  return useCallback((key, values) => i18n._(key, values), [i18n]);
}

/** A page's title in the reader's language, for a route's `meta` (which runs outside the provider). */
export function metaTitle(matches: ReadonlyArray<{ data?: unknown } | undefined>, key: MessageKey): string {
  const loaded = matches.map((match) => match?.data as (Loaded & { language?: Language }) | undefined);
  const language = loaded[0]?.language ?? DEFAULT_LANGUAGE;
  const messages = Object.assign({}, ...loaded.map((data) => data?.messages)) as Messages;
  return setupI18n({ locale: language, messages: { [language]: messages } })._(key);
}

/**
 * A message with elements inside it: `<0>…</0>` in the catalog wraps its words in `components[0]`,
 * so that a translation may move the link within its sentence.
 */
export function RichMessage({
  id,
  values,
  components,
}: {
  id: MessageKey;
  values?: Record<string, string | number>;
  components: Record<string, ReactElement>;
}) {
  return <Trans id={id} values={values} components={components} />;
}
