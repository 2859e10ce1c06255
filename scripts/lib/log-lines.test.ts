import { describe, expect, it } from "vitest";
import { SECRETS_IN_TEXT } from "~/lib/secrets-in-text";
import { offendingLines } from "./log-lines";

const secrets = { words: ["fieldline", "first-pass"], patterns: SECRETS_IN_TEXT };
const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: "info", time: "2026-11-29T05:00:00.000Z", msg: "request completed", ...fields });

describe("the check of the suite's log lines", () => {
  it("passes clean JSON lines, blank lines, and the app's name in paths, files and addresses", () => {
    const clean = [
      line({ requestId: "3f1c", req: { method: "GET", path: "/dealers" }, res: { status: 200 } }),
      "",
      line({ msg: "Fieldline is serving on http://localhost:3000", database: "/srv/fieldline/data/fieldline.db" }),
      line({ from: "no-reply@fieldline.app", hint: "fl_abcd", count: 923001234567890 }),
    ];
    expect(offendingLines(clean, secrets)).toEqual([]);
  });

  it("fails a planted line with an API token, a session cookie, a phone number or a password", () => {
    const token = `fl_${"A1b2C3d4".repeat(5)}x`;
    const planted = [
      line({ err: { message: `Bearer ${token} was refused` } }),
      line({ headers: { cookie: "__Host-fl_session=s%3Aabc.def" } }),
      line({ err: { message: "Unique constraint failed: phone +92 300 1234567" } }),
      line({ body: { phone: "03001234567" } }),
      line({ body: { username: "officer1", password: "fieldline" } }),
    ];
    expect(offendingLines(planted, secrets)).toEqual([
      { line: 1, reason: "carries a token" },
      { line: 2, reason: "carries a cookie" },
      { line: 3, reason: "carries a phone" },
      { line: 4, reason: "carries a phone" },
      { line: 5, reason: "carries a password of the seed or the tests" },
    ]);
  });

  it("fails a plain-text line and a JSON line that is not a log object", () => {
    const lines = ["GET /dealers 200 3.1ms", JSON.stringify({ level: "info", msg: "no time" }), "[1,2]"];
    expect(offendingLines(lines, secrets)).toEqual([
      { line: 1, reason: "not JSON" },
      { line: 2, reason: "not an object with level, time and msg" },
      { line: 3, reason: "not an object with level, time and msg" },
    ]);
  });
});
