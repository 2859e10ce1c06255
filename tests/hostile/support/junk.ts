// Generators of hostile form input for fast-check: text that is too long or of the wrong kind,
// Unicode that breaks naive code (right-to-left marks, emoji, combining marks, NUL), missing and
// duplicated fields, nested and prototype-polluting field names, and files that pretend to be images.
import fc from "fast-check";

/** A file in a form: sent as a file part in multipart, as its name in a urlencoded body. */
export type JunkFile = { fileName: string; type: string; bytes: Uint8Array };
export type FieldValue = string | JunkFile;
export type Fields = Array<[name: string, value: FieldValue]>;

/** What one generated request does to one field: leave it out, or send these values (two = duplicated). */
export type Change = { field: string; values: FieldValue[] };

const ATOMS = [
  "a",
  "مرحبا",
  "اردو",
  "\u202e",
  "\u200f",
  "🌾",
  "👨‍👩‍👧",
  "e\u0301\u0302\u0303",
  "\u0000",
  "\u200b",
  "\ufeff",
  "\r\n",
  "<script>alert(1)</script>",
  "\"'><img src=x onerror=alert(1)>",
  "' OR 1=1 --",
  "%00",
  "\\",
  "../",
  "${7*7}",
  "{{7*7}}",
];

/** Short hostile Unicode text. */
export const unicodeText = fc
  .array(fc.constantFrom(...ATOMS), { minLength: 1, maxLength: 6 })
  .map((atoms) => atoms.join(""));

/** Text longer than `max` characters (zod counts code points) even after trimming; sometimes hundreds of kilobytes. */
export function tooLong(max: number): fc.Arbitrary<string> {
  const length = fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: max + 1, max: max * 2 + 10 }) },
    { weight: 1, arbitrary: fc.constant(200_000) },
  );
  return fc.tuple(unicodeText, length).map(([text, n]) => `x${text.repeat(Math.ceil(n / [...text].length))}x`);
}

/**
 * Numbers that are no number, or out of [min, max]. Never blank after trimming (a lone U+FEFF,
 * say): the forms trim, and a blank optional field is an empty one, rightly accepted.
 */
export function badNumber(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      "abc",
      "NaN",
      "Infinity",
      "-Infinity",
      "1e400",
      "-1e400",
      "١٢",
      "🌾",
      "1,5",
      "--1",
      "0x",
      "[]",
      "{}",
      "null",
      "true",
    ),
    fc.double({ min: max + 0.001, max: 1e300, noNaN: true }).map(String),
    fc.double({ min: -1e300, max: min - 0.001, noNaN: true }).map(String),
    unicodeText.filter((text) => text.trim() !== ""),
  );
}

/** Ids that name no row: not a whole positive number, or far past any row. */
export const badId = fc.constantFrom(
  "",
  "0",
  "-1",
  "abc",
  "1.5",
  "1e3",
  "99999999999999999999",
  "NaN",
  "Infinity",
  "0x10",
  "1 OR 1=1",
  "../1",
  "%31",
  "🌾",
  "999999999",
);

/** A value outside a fixed set of choices. */
export function notOneOf(allowed: readonly string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      unicodeText,
      fc.string({ maxLength: 30 }),
      ...allowed.map((value) => fc.constant(` ${value.toLowerCase()}x`)),
    )
    .filter((value) => !allowed.includes(value));
}

const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "__proto__[polluted]",
  "__proto__.polluted",
  "__proto__[isAdmin]",
  "constructor[prototype][polluted]",
  "constructor.prototype.polluted",
  "prototype.polluted",
  "a[b][c]",
  "a.b.c",
  "a[0][1][2]",
  "x[]",
  "[]",
  "[0]",
  "",
  ".",
  "\u0000",
  "🌾",
];

/** Extra fields with nested, prototype-polluting or Unicode names; none starts like a real field of the form. */
export function junkFields(formFields: readonly string[]): fc.Arbitrary<Fields> {
  const name = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.string({ maxLength: 20 }), unicodeText);
  return fc
    .array(
      fc.tuple(
        name.filter((candidate) => !formFields.some((field) => candidate.startsWith(field))),
        fc.oneof(unicodeText, fc.string({ maxLength: 40 })),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs as Fields);
}

const encoder = new TextEncoder();
const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...encoder.encode(part)] : part)));

/** Files that are no photo, though their names and types say so. */
export const NOT_IMAGES: readonly JunkFile[] = [
  {
    fileName: "photo.jpg",
    type: "image/jpeg",
    bytes: bytes('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>'),
  },
  {
    fileName: "photo.svg",
    type: "image/svg+xml",
    bytes: bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  },
  { fileName: "polyglot.gif", type: "image/gif", bytes: bytes("GIF89a/*", [1, 0, 1, 0, 0, 0, 0], "*/=1;alert(1);//") },
  {
    fileName: "page.png",
    type: "image/png",
    bytes: bytes([0x89], "PNG\r\n\x1a\n", "<html><script>alert(1)</script></html>"),
  },
  {
    fileName: "page.jpg",
    type: "image/jpeg",
    bytes: bytes([0xff, 0xd8, 0xff, 0xe0], "<html><body onload=alert(1)>", [0, 0, 0, 0]),
  },
  { fileName: "../../../etc/passwd.jpg", type: "image/jpeg", bytes: bytes("root:x:0:0:root:/root:/bin/bash\n") },
  { fileName: "..%2f..%2fescape.png", type: "image/png", bytes: bytes("not a png at all") },
  { fileName: "script.js", type: "text/javascript", bytes: bytes("alert(1)") },
];

/** Files that are no spreadsheet (by name or by content). */
export const NOT_SPREADSHEETS: readonly JunkFile[] = [
  {
    fileName: "dealers.xlsx",
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    bytes: bytes("PK\u0003\u0004 not really a zip"),
  },
  { fileName: "dealers.xls", type: "application/vnd.ms-excel", bytes: bytes("<html><script>alert(1)</script></html>") },
  {
    fileName: "../../../../etc/passwd.xlsx",
    type: "application/octet-stream",
    bytes: bytes("root:x:0:0:root:/root:/bin/bash\n"),
  },
  { fileName: "..%2F..%2Fdealers.xlsx", type: "application/octet-stream", bytes: bytes([0, 1, 2, 3, 4, 5, 6, 7]) },
  { fileName: "dealers.csv", type: "text/csv", bytes: bytes("businessName,city\nx,y\n") },
  { fileName: "dealers.xlsx.exe", type: "application/octet-stream", bytes: bytes("MZ") },
];

/** Leaves the field out. */
export const missing = (field: string): fc.Arbitrary<Change> => fc.constant({ field, values: [] });
/** The field with one of these values. */
export const valued = (field: string, value: fc.Arbitrary<FieldValue>): fc.Arbitrary<Change> =>
  value.map((one) => ({ field, values: [one] }));
/** The field twice: a list where the form takes one value. */
export const duplicated = (field: string, value: string): fc.Arbitrary<Change> =>
  unicodeText.map((other) => ({ field, values: [value, other] }));

/** The valid fields with the change applied (every earlier value of the field removed). */
export function applyChange(valid: Fields, change: Change): Fields {
  return [
    ...valid.filter(([name]) => name !== change.field),
    ...change.values.map((value) => [change.field, value] as [string, FieldValue]),
  ];
}
