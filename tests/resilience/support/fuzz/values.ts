// The values the route fuzzer sends: what a field's schema calls valid, the ids of rows that
// belong to someone else, and the classic breakers of parsers, dates, numbers and regular expressions.
import fc from "fast-check";
import type { Field, Method, Target } from "./discover";

const LONG = "x".repeat(100_000);

const ADVERSARIAL: readonly string[] = [
  "",
  " ",
  "0",
  "-1",
  "-0",
  "1.5",
  "1e308",
  "-1e308",
  "1e-400",
  "NaN",
  "Infinity",
  "9007199254740993",
  "0x10",
  "1e3",
  "0b101",
  "0000-01-01",
  "9999-12-31",
  "+275760-09-13",
  "-271821-04-20",
  "2026-02-30",
  "1999-12-31",
  "2101-01-01",
  "2026-11-26T10:00:00Z",
  "null",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "\u0000",
  "a\u0000b",
  "\u202eRTL\u202c",
  "\u200f\u200e",
  "line\r\nbreak",
  "\t\v\f",
  ".*+?^${}()|[]\\",
  "(a+)+$",
  "%",
  "%00",
  "'; DROP TABLE User; --",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "🌾🚜",
  "کھاد",
  "ＭＡＸ",
  LONG,
  `${"9".repeat(400)}`,
];

/** Ids that exist but are not the caller's (other officers' posts, comments, notifications…), and ids that exist nowhere. */
export type Ids = { others: number[]; missing: number[] };

function valueFor(field: Field, ids: Ids): fc.Arbitrary<string> {
  const options: Array<fc.Arbitrary<string>> = [
    fc.constantFrom(...ADVERSARIAL),
    fc.string({ maxLength: 40, unit: "grapheme" }),
  ];
  if (field.valid.length > 0) options.push(fc.constantFrom(...field.valid));
  if (/id$|^officer$|^agent$|^dealer|^user|^post|^comment|^result$|^index$/i.test(field.name)) {
    options.push(fc.constantFrom(...[...ids.others, ...ids.missing].map(String)));
  }
  return fc.oneof(...options);
}

/** Pairs of name and value: some of the target's fields, a field repeated now and then (an array where one value is expected), and an unknown one. */
function fieldsArbitrary(fields: Field[], ids: Ids): fc.Arbitrary<Array<[string, string]>> {
  if (fields.length === 0)
    return fc.array(fc.tuple(fc.constantFrom("x", "__proto__", "constructor"), fc.constantFrom(...ADVERSARIAL)), {
      maxLength: 2,
    });
  const one = fc.oneof(...fields.map((field) => fc.tuple(fc.constant(field.name), valueFor(field, ids))));
  return fc.array(one, { minLength: 1, maxLength: Math.min(fields.length * 2, 12) });
}

/** A path parameter's values: other people's ids, missing ids and malformed ones, and days (a plan's). */
const PATH_VALUES = [
  "0",
  "-1",
  "1e3",
  "0x10",
  "9007199254740993",
  "abc",
  "%2e%2e",
  "1.5",
  "00001",
  "999999999",
  new Date().toISOString().slice(0, 10),
  "2026-02-30",
  "9999-12-31",
  "0000-01-01",
  // Target periods (a month or a crop season), the year 9999 among them.
  "2026-11",
  "RABI-2026",
  "KHARIF-9999",
  "2026-13",
  // A word file's version, language and namespace (/messages/…, decision 101), and names no object should answer to.
  "ur",
  "en",
  "common",
  "__proto__",
  "constructor",
];

export const PATH_PARAMETERS = new Set([
  "id",
  "commentId",
  "index",
  "uploadId",
  "day",
  "tokenId",
  "token",
  "period",
  "version",
  "language",
  "namespace",
]);

function pathArbitrary(pattern: string, ids: Ids): fc.Arbitrary<string> {
  const names = [...pattern.matchAll(/:(\w+)\??/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(pattern);
  const value = fc.oneof(
    fc.constantFrom(...[...ids.others, ...ids.missing].map(String)),
    fc.constantFrom(...PATH_VALUES),
  );
  return fc.array(value, { minLength: names.length, maxLength: names.length }).map((values) => {
    let at = 0;
    return pattern.replace(/:(\w+)\??/g, () => encodeURIComponent(values[at++]!));
  });
}

export type FuzzRequest = {
  path: string;
  method: Method;
  query: Array<[string, string]>;
  encoding: "json" | "urlencoded" | "multipart" | null;
  body: Array<[string, string]>;
  headers?: Array<[string, string]>;
};

export function requestArbitrary(target: Target, ids: Ids): fc.Arbitrary<FuzzRequest> {
  const encodings = target.body?.encodings ?? [];
  return fc.record({
    path: pathArbitrary(target.pattern, ids),
    method: fc.constant(target.method),
    query: fieldsArbitrary(target.query, ids),
    encoding: encodings.length > 0 ? fc.constantFrom(...encodings) : fc.constant(null),
    body: target.body ? fieldsArbitrary(target.body.fields, ids) : fc.constant([]),
    headers: target.headers?.length ? headersArbitrary(target.headers, ids) : fc.constant([]),
  });
}

/** Values of the headers a target reads, as a header can carry them (visible ASCII). */
function headersArbitrary(fields: Field[], ids: Ids): fc.Arbitrary<Array<[string, string]>> {
  const one = fc.oneof(
    ...fields.map((field) =>
      fc.tuple(
        fc.constant(field.name),
        valueFor(field, ids).map((value) => value.replace(/[^\x20-\x7e]/g, "?").trim()),
      ),
    ),
  );
  return fc.array(one, { maxLength: 1 });
}
