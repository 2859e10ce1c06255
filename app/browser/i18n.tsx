import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { TransNoContext } from "@lingui/react/server";
import { createContext, type ReactElement, type ReactNode, use, useCallback } from "react";
import { useMatches } from "react-router";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/languages";
import { looksLikeKey, type MessageKey, type MessagesRef, type Namespace, type Translate } from "~/locales/namespaces";

// The page's words (decision 101). Each loader names the namespaces its page needs, in the
// reader's language (`messages`, a MessagesRef: app/http/language.server.ts's pageMessages). On
// the server the provider reads them from the catalogs (setMessageSource, entry.server.tsx); in the
// browser from files fetched once per version of the catalogs and kept (loadMessages: before
// hydrating, entry.client.tsx; on a navigation, before the next page renders, the root's client
// middleware). The words never travel in the page's HTML or data, and never in the scripts.

type Loaded = { messages?: MessagesRef } | null | undefined;

/** Where the server (and a test's DOM) reads a namespace's compiled messages. */
type MessageSource = (language: Language, namespace: Namespace) => Messages;
let source: MessageSource | null = null;

/** Lets the page read its words from the catalogs themselves, without fetching them (the server). */
export function setMessageSource(catalogs: MessageSource): void {
  source = catalogs;
}

/** A namespace's file: the same address for every page of a version, kept by the browser and the service worker. */
function messagesUrl(ref: MessagesRef, namespace: Namespace): string {
  return `/messages/${ref.version}/${ref.language}/${namespace}`;
}

const fetched = new Map<string, Messages>();
const fetching = new Map<string, Promise<void>>();

/** Fetches a namespace's file once; a failure is forgotten, so that the next need asks again. */
export function loadMessages(url: string): Promise<void> {
  let pending = fetching.get(url);
  if (!pending) {
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return response.json() as Promise<Messages>;
      })
      .then((messages) => void fetched.set(url, messages))
      .finally(() => fetching.delete(url));
    fetching.set(url, pending);
  }
  return pending;
}

/** Each file of the page's namespaces: its messages, or the promise of them while it loads. */
function catalogsOf(refs: MessagesRef[]): Array<Messages | Promise<void>> {
  return refs.flatMap((ref) =>
    ref.namespaces.map((namespace) => {
      if (source) return source(ref.language, namespace);
      const url = messagesUrl(ref, namespace);
      return fetched.get(url) ?? loadMessages(url);
    }),
  );
}

/** The matched routes' references to their words, in the order of the routes. */
function refsOf(matches: ReadonlyArray<{ loaderData?: unknown } | undefined>): MessagesRef[] {
  return matches
    .map((match) => (match?.loaderData as Loaded)?.messages)
    .filter((ref): ref is MessagesRef => ref !== undefined && Array.isArray(ref.namespaces));
}

/**
 * Fetches the words of the pages a navigation's loaders answered (their `messages`), so that the
 * next page renders with them: the root's client middleware waits for this (a file that fails
 * is asked for again when the page renders).
 */
export async function loadPageWords(answers: unknown[]): Promise<void> {
  const refs = answers
    .map((answer) => (answer as Loaded)?.messages)
    .filter((ref): ref is MessagesRef => ref !== undefined && Array.isArray(ref.namespaces));
  const urls = refs.flatMap((ref) => ref.namespaces.map((namespace) => messagesUrl(ref, namespace)));
  await Promise.allSettled(urls.filter((url) => !fetched.has(url)).map(loadMessages));
}

/** The files of the page's words, for its head to preload before the page hydrates. */
export function usePageMessageFiles(): string[] {
  return refsOf(useMatches()).flatMap((ref) => ref.namespaces.map((namespace) => messagesUrl(ref, namespace)));
}

/** The page's messages; while a file of them loads (a navigation to another area), the page waits for it. */
function usePageCatalogs(): Messages[] {
  const catalogs = catalogsOf(refsOf(useMatches()));
  const loading = catalogs.find((catalog): catalog is Promise<void> => catalog instanceof Promise);
  if (loading) use(loading);
  return catalogs as Messages[];
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

// The page's Lingui, made anew whenever its catalogs change (Lingui's own provider keeps the
// first one it was given until the language changes, so a page of another area would miss its words).
const PageI18n = createContext<I18n | null>(null);

export function MessagesProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <WithWords i18n={i18nFor(language, usePageCatalogs())}>{children}</WithWords>;
}

/** Gives `children` these words (a page's, or a test's). */
export function WithWords({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <PageI18n value={i18n}>{children}</PageI18n>;
}

function usePageI18n(): I18n {
  const i18n = use(PageI18n);
  if (!i18n) throw new Error("The page's words are read inside MessagesProvider (app/root.tsx).");
  return i18n;
}

/** The page's words: `t("auth:signIn.title")`, or with values `t("common:language.switchTo", { language })`. */
export function useT(): Translate {
  const i18n = usePageI18n();
  return useCallback((key, values) => i18n._(key, values), [i18n]);
}

/**
 * A message of the rules as the page shows it: a catalog's key (what a schema checking the form in
 * the browser says, or a refusal's message) in the reader's language, any other text as it is.
 */
export function useSay(): (text: string) => string {
  const i18n = usePageI18n();
  return useCallback((text) => (looksLikeKey(text) ? i18n._(text) : text), [i18n]);
}

/**
 * A page's title in the reader's language, for a route's `meta` (which runs outside the provider,
 * once the page's words are there).
 */
export function metaTitle(matches: ReadonlyArray<{ loaderData?: unknown } | undefined>, key: MessageKey): string {
  const refs = refsOf(matches);
  const language = refs[0]?.language ?? DEFAULT_LANGUAGE;
  const catalogs = catalogsOf(refs).filter((catalog): catalog is Messages => !(catalog instanceof Promise));
  // A refused or failed page answers no words of its own: it is titled by the app's name.
  if (!catalogs.some((messages) => key in messages)) return "Fieldline";
  return i18nFor(language, catalogs)._(key);
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
  const i18n = usePageI18n();
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />;
}
