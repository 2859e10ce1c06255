import type { Request } from "express";
import { deviceLanguage, type Language, languageDirection, readerLanguage } from "../app/lib/languages.ts";
import { CATALOGS } from "../app/locales/catalogs.server.ts";
import { isNamespace } from "../app/locales/namespaces.ts";

/**
 * A page of its own for answers the app never renders (413, 429, a failure outside the app): a
 * heading, a sentence, a link, and a small line under them (a request's id), in `language`.
 */
export function plainPage({ language, title, heading, message, link, footnote }: PlainPage): string {
  return [
    `<!doctype html><html lang="${language}" dir="${languageDirection(language)}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${title} · Fieldline</title></head>`,
    `<body><h1>${heading}</h1><p>${message}</p><p><a href="${link.href}">${link.text}</a></p>`,
    footnote ? `<p><small>${footnote}</small></p>` : "",
    "</body></html>",
  ].join("");
}

/**
 * The language of a page the server answers before or outside the app: this device's choice, else
 * the browser's (an account's saved language needs its session, which only the app reads).
 */
export function plainLanguage(req: Request): Language {
  return readerLanguage({
    device: deviceLanguage(req.get("Cookie") ?? null),
    saved: null,
    accept: req.get("Accept-Language") ?? null,
  });
}

/** A catalog's message without placeholders, in `language` (`plainWord("en", key)`: for /api's JSON). */
export function plainWord(language: Language, key: string): string {
  const namespace = key.slice(0, key.indexOf(":"));
  return (isNamespace(namespace) && CATALOGS[language][namespace][key]) || key;
}

type PlainPage = {
  language: Language;
  title: string;
  heading: string;
  message: string;
  link: { href: string; text: string };
  footnote?: string;
};
