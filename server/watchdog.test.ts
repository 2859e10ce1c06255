import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { watchdogRestarts } from "./watchdog";

/** Runs `script` in a child Node (with tsx, as the server runs) and answers how it ended. */
function runChild(
  script: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: path.resolve(__dirname, ".."),
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += String(chunk)));
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, stderr, ms: Date.now() - started })),
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
  expect(ended.stderr).toMatch(/\[watchdog\] the event loop has been blocked for \d+ ms \(limit 1500 ms/);
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
  expect(ended.stderr).not.toContain("[watchdog]");
}, 30_000);
