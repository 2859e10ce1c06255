// What the Urdu walk (access-matrix.test.ts) reads of a page: the words a person sees or hears,
// with no script, no style and no markup, and the Latin words among them that are not names.
import type { AppServer } from "./app-server";

/**
 * Words that stay in Latin script on an Urdu page: the product's, the products' and the language
 * switch's own, and the technical names Urdu writes in Latin letters too (GPS, a file's type and size).
 */
const ALWAYS_LATIN = [
  "GPS",
  "MB",
  "KB",
  "xlsx",
  "xls",
  "JavaScript",
  "URL",
  "JSON",
  "https",
  "Fieldline",
  "API",
  "CSV",
  "Excel",
  "SSP",
  "Fertilizer",
  "Organic",
  "Sulfur",
  "English",
  "AM",
  "PM",
];

/** The raw key of a message no catalog answered, e.g. "dealers:page.title". */
export const RAW_KEY =
  /\b(?:common|auth|feed|posts|dealers|map|plans|people|targets|reports|farmers|admin):[a-z][A-Za-z0-9_.-]*/;

const LATIN_WORD = /[A-Za-z]{2,}/g;

/** The columns that hold names and what people wrote: their words may show in Latin on an Urdu page. */
const NAME_COLUMNS: Record<string, string[]> = {
  User: ["username", "email", "firstName", "lastName", "homeAddress", "warehouseAddress"],
  Team: ["name"],
  Dealer: [
    "businessName",
    "ownerFirstName",
    "ownerLastName",
    "email",
    "street",
    "city",
    "state",
    "formattedAddress",
    "notes",
    "aboutDescription",
  ],
  Farmer: ["name", "village", "tehsil", "district"],
  Post: ["text", "address"],
  Comment: ["text"],
  CheckIn: ["address"],
  DemoPlot: ["verdict"],
  LedgerEntry: ["reason"],
};

/** A person's initials, as their avatar shows them when they have no photo. */
const INITIALS = `SELECT DISTINCT substr(firstName, 1, 1) || substr(lastName, 1, 1) AS value FROM "User"`;

/** Every Latin word of the names and writings in the server's database, lower-cased. */
export function namesIn(server: AppServer): Set<string> {
  const words = new Set(ALWAYS_LATIN.map((word) => word.toLowerCase()));
  server.query((db) => {
    for (const [table, columns] of Object.entries(NAME_COLUMNS))
      for (const column of columns)
        for (const row of db.prepare(`SELECT DISTINCT "${column}" AS value FROM "${table}"`).all() as Array<{
          value: unknown;
        }>)
          for (const [word] of String(row.value ?? "").matchAll(LATIN_WORD)) words.add(word.toLowerCase());
    for (const row of db.prepare(INITIALS).all() as Array<{ value: unknown }>)
      words.add(String(row.value).toLowerCase());
  });
  return words;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * The words of a page a person reads or hears: its title, its body's text and its labelling
 * attributes. A `<code>` holds a machine's word (a webhook's event, a file's column as the import
 * reads it), which stays as it is written.
 */
export function readableText(html: string): string {
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "";
  const body = (/<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "")
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<code\b[\s\S]*?<\/code>/g, " ");
  const labels = [...body.matchAll(/\s(?:aria-label|placeholder|title|alt)="([^"]*)"/g)].map((match) => match[1]);
  const text = body.replace(/<[^>]*>/g, " ");
  return decode([title, ...labels, text].join(" "));
}

/** The Latin words of `text` that are not names: English left on an Urdu page. */
export function englishLeft(text: string, names: Set<string>): string[] {
  const withoutAddresses = text.replace(/\S+@\S+/g, " ").replace(/\bhttps?:\/\/\S+/g, " ");
  const left = new Set<string>();
  for (const [word] of withoutAddresses.matchAll(LATIN_WORD)) if (!names.has(word.toLowerCase())) left.add(word);
  return [...left];
}
