import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { watchdogRestarts } from "./watchdog";

/** Runs `script` in a child Node (with tsx, as the server runs) and answers how it ended. */
function runChild(
  script: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: path.resolve(__dirname, ".."),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, output, ms: Date.now() - started })),
  );
}

test("a process whose event loop stays blocked past the limit is killed, with a line saying why", async () => {
  const restartsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "watchdog-")), "watchdog-restarts");
  fs.writeFileSync(restartsFile, "2");
  const ended = await runChild(`
    import { startWatchdog } from "./server/watchdog.ts";
    startWatchdog(1500, ${JSON.stringify(restartsFile)});
    setTimeout(() => { for (;;) {} }, 200);
  `);
  expect(ended.signal).toBe("SIGKILL");
  expect(JSON.parse(ended.output)).toMatchObject({
    level: "fatal",
    time: expect.any(String),
    msg: "the event loop is blocked: exiting so the server is restarted",
    blockedMs: expect.any(Number),
    limitMs: 1500,
  });
  expect(ended.ms).toBeLessThan(15_000);
  expect(watchdogRestarts(restartsFile), "the restarts before it, and this one").toBe(3);
  fs.rmSync(path.dirname(restartsFile), { recursive: true });
}, 30_000);

test("a busy but turning event loop is left alone, and the watchdog does not keep the process alive", async () => {
  const ended = await runChild(`
    import { startWatchdog } from "./server/watchdog.ts";
    startWatchdog(1500);
    let rounds = 0;
    const work = () => { const until = Date.now() + 300; while (Date.now() < until) {} if (++rounds < 10) setTimeout(work, 0); };
    work();
  `);
  expect(ended).toMatchObject({ code: 0, signal: null });
  expect(ended.output).toBe("");
}, 30_000);
