// `tsx scripts/check-logs.ts <dir>`: the last step of `npm test` (decision 106). Every file in <dir>
// is what one of the suite's servers printed (tests/support/server-log.mjs); every line must be
// a JSON log object, and none may carry the seed's or the tests' passwords, an API token, a cookie's
// value or a phone number. Prints the offending lines' places (never the secrets) and fails.
import fs from "node:fs";
import path from "node:path";
import { SECRETS_IN_TEXT } from "../app/lib/secrets-in-text.ts";
import { offendingLines } from "./lib/log-lines.ts";

const root = path.resolve(import.meta.dirname, "..");

/** The passwords written in the seed and the tests: `password: "…"`, `PASSWORD = "…"` (one word of 8 characters or more). */
function passwordsOfSeedAndTests(): string[] {
  const files = [
    path.join(root, "prisma", "seed.ts"),
    ...fs
      .readdirSync(path.join(root, "tests"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .map((file) => path.join(root, "tests", file)),
  ];
  const literal = /\b(?:password|newPassword|PASSWORD|DEMO_PASSWORD)\s*[:=]\s*["']([^"'\s/][^"'\s]{7,})["']/g;
  const passwords = new Set<string>();
  for (const file of files)
    for (const match of fs.readFileSync(file, "utf8").matchAll(literal)) passwords.add(match[1]!);
  return [...passwords];
}

const dir = process.argv[2] ?? process.env.LOG_DIR;
if (!dir) throw new Error("Usage: tsx scripts/check-logs.ts <directory of log files>");
const files = fs.readdirSync(dir).filter((file) => file.endsWith(".log"));
if (files.length === 0) throw new Error(`No server wrote a log into ${dir}: the check would prove nothing.`);

const secrets = { words: passwordsOfSeedAndTests(), patterns: SECRETS_IN_TEXT };
let lines = 0;
let offending = 0;
for (const file of files) {
  const text = fs.readFileSync(path.join(dir, file), "utf8").split("\n");
  lines += text.length;
  for (const { line, reason } of offendingLines(text, secrets)) {
    if (++offending <= 50) console.error(`${file}:${line}: ${reason}`);
  }
}
if (offending > 0) {
  console.error(`${offending} offending log lines in ${dir} (kept for reading).`);
  process.exit(1);
}
console.log(`${lines} lines of ${files.length} server logs: all JSON, no password, token, cookie or phone number.`);
