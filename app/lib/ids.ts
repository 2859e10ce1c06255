import { AppError } from "~/lib/app-error";

// The one rule for ids, wherever they come from (a path, a form field, a query): a positive
// whole number written in 1 to 9 plain digits without a leading zero. "0x10", "1e3", " 7" and
// "007" name nothing, so no other notation can reach a record by accident.
export const ID_PATTERN = /^[1-9]\d{0,8}$/;

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

/** A position in a short list (a dealer's gallery), counted from 0: 1 or 2 plain digits, or null. */
export function parseIndex(value: unknown): number | null {
  return typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : null;
}
