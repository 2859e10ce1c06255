import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";

/** What `script` writes through the logger in a Node of its own (pino writes to fd 1), one object a line. */
function logLines(script: string, env: Record<string, string> = {}): Record<string, unknown>[] {
  const output = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", ...env },
    encoding: "utf8",
  });
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const LOGGER = `import { log, sendConsoleToLog, withRequestId } from "./app/infra/log.server.ts";`;

test("a line has level, time and msg, and the request's id when written while it is served", () => {
  const lines = logLines(`${LOGGER}
    log.info("outside");
    withRequestId("req-0001-abc", async () => {
      await Promise.resolve();
      log.warn({ job: "sweep" }, "inside");
      sendConsoleToLog();
      console.error("a library's", "warning");
    });
  `);
  expect(lines).toEqual([
    { level: "info", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), msg: "outside" },
    { level: "warn", time: expect.any(String), requestId: "req-0001-abc", job: "sweep", msg: "inside" },
    { level: "error", time: expect.any(String), requestId: "req-0001-abc", msg: "a library's warning" },
  ]);
});

test("an error's message and stack lose tokens, cookies and phones; secret fields are redacted", () => {
  const [line] = logLines(`${LOGGER}
    const error = new Error("Unique constraint on phone +92 300 1234567 with Bearer fl_${"x".repeat(43)}, fl_session=abc.def");
    log.error({ err: error, password: "fieldline", body: { token: "t0ken" }, headers: { cookie: "fl_session=abc" } }, "failed");
  `);
  const text = JSON.stringify(line);
  expect(text).not.toMatch(/1234567|fl_x|abc\.def|fieldline|t0ken|fl_session=abc/);
  expect(line).toMatchObject({
    err: { type: "Error", message: "Unique constraint on phone [phone] with Bearer [token], [cookie]" },
    password: "[redacted]",
    body: { token: "[redacted]" },
    headers: { cookie: "[redacted]" },
  });
});

test("LOG_LEVEL leaves out the lines below it; silent writes none", () => {
  const script = `${LOGGER} log.info("info"); log.warn("warn"); log.error("error");`;
  expect(logLines(script, { LOG_LEVEL: "warn" }).map((line) => line.msg)).toEqual(["warn", "error"]);
  expect(logLines(script, { LOG_LEVEL: "silent" })).toEqual([]);
});
