import { z } from "zod";

// zod with the app's wording for every check whose schema names no message of its own. zod's
// defaults ("Invalid input: expected string, received null") reach API clients and forms as they
// are, so each is replaced by a sentence that names the field and says what it takes. The
// schemas' own messages (the product's wording) still win: this only fills the gaps.

type Issue = z.core.$ZodRawIssue;

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

const FORMATS: Record<string, string> = {
  email: "a valid email address",
  url: "a valid URL",
  datetime: "a date and time like 2026-11-22T09:30:00Z",
  date: "a date like 2026-11-22",
  uuid: "a valid UUID",
  regex: "in the expected form",
};

const quoted = (keys: readonly string[]) => keys.map((key) => `"${key}"`).join(", ");

function sizeLimit(issue: Extract<Issue, { code: "too_big" | "too_small" }>, field: string): string {
  const most = issue.code === "too_big";
  const limit = Number(
    most ? (issue as { maximum: number | bigint }).maximum : (issue as { minimum: number | bigint }).minimum,
  );
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case "string":
      if (!most && limit <= 1) return `${field} is required`;
      return most
        ? `${field} must be ${limit} characters or less`
        : `${field} must be at least ${limit} characters long`;
    case "array":
    case "set":
      return most
        ? `${field} can have at most ${limit} item${limit === 1 ? "" : "s"}`
        : `${field} needs at least ${limit} item${limit === 1 ? "" : "s"}`;
    default:
      if (most) return inclusive ? `${field} must be ${limit} or less` : `${field} must be less than ${limit}`;
      return inclusive ? `${field} must be ${limit} or more` : `${field} must be more than ${limit}`;
  }
}

/** The message for a failed check, naming the field by its path (`media.0.url`). */
function messageFor(issue: Issue): string {
  const path = (issue.path ?? []).map(String).join(".");
  const field = path || "The value";
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return `${field} is required`;
      return `${field} must be ${KINDS[issue.expected] ?? issue.expected}`;
    case "invalid_value":
      if (issue.values.length === 1) return `${field} must be ${JSON.stringify(issue.values[0])}`;
      return `${field} must be one of ${issue.values.map((value: unknown) => JSON.stringify(value)).join(", ")}`;
    case "invalid_format":
      return `${field} must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}`;
    case "too_big":
    case "too_small":
      return sizeLimit(issue, field);
    case "not_multiple_of":
      return `${field} must be a multiple of ${issue.divisor}`;
    case "unrecognized_keys":
      return issue.keys.length === 1
        ? `Unknown field ${quoted(issue.keys)}: leave it out, this call does not take it`
        : `Unknown fields ${quoted(issue.keys)}: leave them out, this call does not take them`;
    default:
      return `${field} is not valid`;
  }
}

z.config({ customError: messageFor });

export { z };
