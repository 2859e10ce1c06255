import { AppError } from "~/lib/app-error";
import { z } from "~/lib/zod";

// The one rule for ids, wherever they come from (a path, a form field, a query): a positive
// whole number written in 1 to 9 plain digits without a leading zero. "0x10", "1e3", " 7" and
// "007" name nothing, so no other notation can reach a record by accident.
const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** The id written in `value`, or null. */
export function parseId(value: unknown): number | null {
  return typeof value === "string" && ID_PATTERN.test(value) ? Number(value) : null;
}

/** The id written in `value`, or an AppError 404 with `notFound`: a malformed id names no record. */
export function requireId(value: unknown, notFound: string): number {
  const id = parseId(value);
  if (id === null) throw new AppError(404, notFound);
  return id;
}

/**
 * The same rule as a zod schema, for an id in a query, a form or a JSON body: text that parseId
 * reads, or a JSON number written the same way (a whole number from 1 to 999999999). Anything
 * else fails with `message` alone. The number is checked by hand, not by z.number(), so that no
 * form coercion on the way (Conform's turns text into Number(text)) can read "0x10" as 16.
 */
export function idSchema(message: string) {
  const jsonNumber = z
    .custom<number>((value) => typeof value === "number" && parseId(String(value)) !== null, message)
    .meta({ type: "integer", minimum: 1, maximum: 999_999_999 });
  return z.union([z.string(message).regex(ID_PATTERN, message), jsonNumber], { error: message }).transform(Number);
}

/** A position in a short list (a dealer's gallery), counted from 0: 1 or 2 plain digits, or null. */
export function parseIndex(value: unknown): number | null {
  return typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : null;
}
