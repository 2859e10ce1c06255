// What must never reach a log line, found in any text: an API token, a cookie's value, a
// Pakistani mobile number however it is typed. The logger scrubs errors' messages with it, and the
// suite's log check (scripts/check-logs.ts) looks for the same shapes in every line.

/** Every API token starts so, for people and secret scanners to recognise it. */
export const TOKEN_PREFIX = "fl_";

/** The shapes of secrets in text, by what they are. */
export const SECRETS_IN_TEXT = {
  /** An API token: the prefix and its base64url random part. */
  token: new RegExp(`(?<![\\w-])${TOKEN_PREFIX}[\\w-]{20,}`, "g"),
  /** One of the app's cookies with its value (fl_session=…, __Host-fl_session=…). */
  cookie: /(?<!\w)fl_[a-z]+=[^;,\s"']+/g,
  /** A mobile: "+92 300 1234567", "+923001234567", "0300-1234567", "923001234567". */
  phone: /(?<!\d)(?:\+?92|0)[ -]?3\d{2}[ -]?\d{7}(?!\d)/g,
} as const;

/** `text` with every token, cookie value and phone number replaced by what it was: "[token]". */
export function withoutSecrets(text: string): string {
  let safe = text;
  for (const [kind, pattern] of Object.entries(SECRETS_IN_TEXT)) safe = safe.replace(pattern, `[${kind}]`);
  return safe;
}
