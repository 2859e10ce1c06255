// The suite's check of the server's logs (decision 106): every line one JSON object with a level, a
// time and a message, and no secret in any line. Pure: scripts/check-logs.ts reads the files.

/** What no log line may carry: exact words (passwords) and shapes (tokens, cookies, phone numbers). */
export type LogSecrets = { words: readonly string[]; patterns: Readonly<Record<string, RegExp>> };

export type OffendingLine = { line: number; reason: string };

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A password as a word of its own: "fieldline" in `"password":"fieldline"`, not in a path
 * (/srv/fieldline/…), a file name (fieldline.db) or an address (no-reply@fieldline.app).
 */
const asWord = (word: string) => new RegExp(`(?<![\\w./@-])${escaped(word)}(?![\\w./@-])`);

function isLogObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.level === "string" && typeof line.time === "string" && typeof line.msg === "string" && line.msg !== ""
  );
}

/** The lines (numbered from 1) that are not a log object, or that carry a secret, and why; blank lines pass. */
export function offendingLines(lines: readonly string[], secrets: LogSecrets): OffendingLine[] {
  const words = secrets.words.map((word) => ({ word, pattern: asWord(word) }));
  const offending: OffendingLine[] = [];
  lines.forEach((text, index) => {
    if (text.trim() === "") return;
    const line = index + 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      offending.push({ line, reason: "not JSON" });
      return;
    }
    if (!isLogObject(parsed)) offending.push({ line, reason: "not an object with level, time and msg" });
    // The secret itself is never repeated in the report: it names what kind it is.
    for (const { pattern } of words)
      if (pattern.test(text)) offending.push({ line, reason: "carries a password of the seed or the tests" });
    for (const [kind, pattern] of Object.entries(secrets.patterns))
      if (new RegExp(pattern.source, pattern.flags.replace("g", "")).test(text))
        offending.push({ line, reason: `carries a ${kind}` });
  });
  return offending;
}
