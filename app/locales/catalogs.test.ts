import fs from "node:fs";
import path from "node:path";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, test } from "vitest";
import { LANGUAGES } from "~/lib/languages";
import { CATALOGS } from "./catalogs.server";
import { NAMESPACES } from "./namespaces";

// The catalogs against the code (decision 101): every key the code names is in English, every
// English key is named by the code, and Urdu holds every English key, translated, with the same
// placeholders. A key is named as a whole string literal ("auth:signIn.title"): never built from
// pieces, so that this search finds every one.

const APP = path.resolve(import.meta.dirname, "..");
/** The server's own pages (413, 429, a failure outside the app) name keys too. */
const SERVER = path.resolve(APP, "..", "server");
const KEY_LITERAL = new RegExp(`["'\`]((?:${NAMESPACES.join("|")}):[A-Za-z0-9_.-]+)["'\`]`, "g");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "locales" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every key the app's and the server's code names, with the first file that names it. */
function keysInCode(): Map<string, string> {
  const keys = new Map<string, string>();
  for (const file of [...sourceFiles(APP), ...sourceFiles(SERVER)])
    for (const [, key] of fs.readFileSync(file, "utf8").matchAll(KEY_LITERAL))
      if (key && !keys.has(key)) keys.set(key, path.relative(APP, file));
  return keys;
}

const english = Object.assign({}, ...NAMESPACES.map((namespace) => CATALOGS.en[namespace])) as Record<string, string>;

/** A message's placeholders (`{name}`, a plural's `{count, plural, …}`) and `<0>` tags, sorted. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") found.add(token.arg);
      if (token.type === "plural" || token.type === "select") {
        found.add(token.arg);
        for (const selected of token.cases) walk(selected.tokens);
      }
    }
  };
  walk(parse(message));
  for (const [tag] of message.matchAll(/<\/?\d+>/g)) found.add(tag);
  return [...found].sort();
}

test("every key the code names is in the English catalogs", () => {
  const missing = [...keysInCode()].filter(([key]) => !(key in english)).map(([key, file]) => `${key} (${file})`);
  expect(missing).toEqual([]);
});

test("every English key is named by the code", () => {
  const used = keysInCode();
  expect(Object.keys(english).filter((key) => !used.has(key))).toEqual([]);
});

describe.each(NAMESPACES)("the %s catalogs", (namespace) => {
  test("every key begins with its namespace", () => {
    for (const language of LANGUAGES)
      expect(Object.keys(CATALOGS[language][namespace]).filter((key) => !key.startsWith(`${namespace}:`))).toEqual([]);
  });

  test("Urdu holds exactly the English keys, each in Urdu with the English placeholders", () => {
    const en = CATALOGS.en[namespace];
    const ur: Record<string, string> = CATALOGS.ur[namespace];
    expect(Object.keys(ur).sort()).toEqual(Object.keys(en).sort());
    for (const [key, message] of Object.entries(en)) {
      const translated = ur[key] ?? "";
      expect(translated, key).toMatch(/[\u0600-\u06FF]/);
      expect(placeholders(translated), key).toEqual(placeholders(message));
    }
  });
});

// The glossary the translation follows (decision 101): a word of the trade is said the same way on
// every screen, so an officer learns it once. Each English word (as a whole word, singular or
// plural) is matched by its Urdu stem, which its inflected forms share (نقشہ, نقشے); a message that
// keeps the English word itself, as a name or a file's column, passes.
const GLOSSARY: Record<string, string> = {
  dealer: "ڈیلر",
  target: "ٹارگٹ",
  farmer: "کسان",
  comment: "تبصر",
  password: "پاس ورڈ",
  username: "یوزر نیم",
  team: "ٹیم",
  manager: "مینیجر",
  officer: "آفیسر",
  report: "رپورٹ",
  recovery: "ریکوری",
  sale: "سیل",
  balance: "بقایا",
  statement: "اسٹیٹمنٹ",
  import: "امپورٹ",
  visit: "وزٹ",
  plot: "پلاٹ",
  location: "مقام",
  season: "سیزن",
  village: "گاؤں",
  badge: "بیج",
  leaderboard: "لیڈر بورڈ",
  profile: "پروفائل",
  map: "نقش",
  crop: "فصل",
};

test("every word of the glossary is said with its one Urdu term wherever it is used", () => {
  const urdu = Object.assign({}, ...NAMESPACES.map((namespace) => CATALOGS.ur[namespace])) as Record<string, string>;
  const astray: string[] = [];
  for (const [word, term] of Object.entries(GLOSSARY)) {
    const used = new RegExp(`\\b${word}s?\\b(?![^{]*})`, "i");
    for (const [key, message] of Object.entries(english)) {
      const translated = urdu[key] ?? "";
      if (used.test(message) && !translated.includes(term) && !used.test(translated))
        astray.push(`${key}: "${word}" is not ${term} in "${translated}"`);
    }
  }
  expect(astray).toEqual([]);
});
