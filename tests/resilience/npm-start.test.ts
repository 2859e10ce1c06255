// `npm start` (scripts/start.mjs) as an operator runs it on a built tree: it serves the compiled
// server with plain Node, and a crash's stack trace names the TypeScript (decision 108).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { afterEach, describe, expect, inject, it } from "vitest";
import { benchWorkspace } from "../../scripts/lib/bench.mjs";
import { freePort, root } from "../../scripts/lib/common.mjs";

let workspace: ReturnType<typeof benchWorkspace>;
let start: ChildProcess | undefined;
let output = "";

async function npmStart(args: string[], env: Record<string, string> = {}) {
  workspace = benchWorkspace("npm-start", await freePort());
  fs.copyFileSync(inject("resilienceTemplateDb"), workspace.databasePath);
  output = "";
  start = spawn(process.execPath, ["scripts/start.mjs", ...args], {
    cwd: root,
    env: { ...workspace.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  start.stdout?.on("data", (chunk) => (output += chunk));
  start.stderr?.on("data", (chunk) => (output += chunk));
  return start;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** The command lines of the processes whose parent is `pid`. */
function childCommands(pid: number): string[][] {
  const commands: string[][] = [];
  for (const entry of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) commands.push(fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean));
    } catch {
      // the process ended while we read
    }
  }
  return commands;
}

afterEach(async () => {
  if (start && start.exitCode === null && start.signalCode === null) {
    start.kill("SIGTERM");
    await exitOf(start);
  }
  fs.rmSync(workspace.dir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("migrates, then serves /healthz from the compiled server run by Node itself (no tsx), its young generation fixed", async () => {
    const child = await npmStart([]);
    const deadline = Date.now() + 60_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      status = await fetch(`${workspace.baseUrl}/healthz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status, output).toBe(200);
    expect(childCommands(child.pid ?? 0)).toEqual([
      [process.execPath, "--enable-source-maps", "--max-semi-space-size=16", "build/server/main.js"],
    ]);
  });

  it("stops on a bad environment with a stack trace that points at the TypeScript", async () => {
    const child = await npmStart(["--skip-migrations"], { SESSION_SECRET: "too-short" });
    expect(await exitOf(child)).toBe(1);
    expect(output).toContain("Invalid environment:\nSESSION_SECRET");
    expect(output).toMatch(/at loadEnv \(\S*app\/env\.server\.ts:\d+:\d+\)/);
    expect(output).not.toMatch(/at loadEnv \(\S*build\/server\//);
  });
});
