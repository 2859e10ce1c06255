// Shared helpers for the project's scripts (demo, start, test, e2e server).
// Plain Node ESM with no dependencies: these run before `npm ci` on a fresh clone.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { installWithProjectNode } from "./node-runtime.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The project's own copy of a CLI (node_modules/.bin/<name>), or `npx <name>` as a fallback. */
export function bin(name) {
  const local = path.join(root, "node_modules", ".bin", name);
  return fs.existsSync(local) ? [local] : ["npx", "--no-install", name];
}

/** The compiled production server that `npm run build` writes (vite.config.ts; decision 108). */
export const SERVER_BUILD = "build/server/main.js";

/**
 * V8's young generation, fixed (decision 109): since Node 22, V8 sizes its semi-spaces from the
 * memory the process may use, 64 MiB on a 23 GB machine and 16 MiB within the 1 GB of the Fly
 * machine. Every machine runs the server with production's 16 MiB, so a bench or a test measures
 * the memory production uses.
 */
export const YOUNG_GENERATION_FLAG = "--max-semi-space-size=16";

/**
 * The command that runs the built server from the project root: Node itself (a signal sent to the
 * child reaches the process that holds the database), with stack traces mapped to the TypeScript
 * and the young generation fixed.
 */
export function builtServer() {
  return [process.execPath, ["--enable-source-maps", YOUNG_GENERATION_FLAG, SERVER_BUILD]];
}

/**
 * `npm ci` when node_modules is missing or older than package-lock.json; answers whether it ran (its
 * postinstall has then generated the Prisma client).
 */
export async function ensureDependencies(directory = root) {
  const lock = path.join(directory, "package-lock.json");
  const installed = path.join(directory, "node_modules", ".package-lock.json");
  let reason = "";
  if (!fs.existsSync(path.join(directory, "node_modules"))) reason = "node_modules is missing";
  else if (!fs.existsSync(installed)) reason = "node_modules was not installed by npm";
  else if (fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs) reason = "package-lock.json changed";
  if (!reason) return false;
  // A worktree may share another checkout's node_modules through a link: npm ci would empty it
  // under everyone who shares it.
  if (fs.lstatSync(path.join(directory, "node_modules"), { throwIfNoEntry: false })?.isSymbolicLink()) {
    throw new Error(`node_modules is a link to another checkout's, and ${reason}: install there, not here.`);
  }
  console.log(`\n> npm ci (${reason})`);
  await installWithProjectNode(directory, ["ci", "--no-audit", "--no-fund"], {
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
  });
  return true;
}

/** Reads KEY=value lines of .env into process.env, never overriding what is already set. */
export function loadDotEnv(file = path.join(root, ".env")) {
  if (!fs.existsSync(file)) return;
  const values = parseEnv(fs.readFileSync(file, "utf8"));
  for (const [key, value] of Object.entries(values)) {
    if (process.env[key] === undefined) process.env[key] = value;
  }
}

/** The file behind a `file:` database URL, resolved against the project root. */
export function databaseFile(url) {
  const withoutScheme = url.replace(/^file:/, "").replace(/\?.*$/, "");
  return path.resolve(root, withoutScheme);
}

export function removeDatabase(file) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}

export class CommandError extends Error {
  constructor(command, code, output = "") {
    super(`${command} failed (${code})`);
    this.code = typeof code === "number" ? code : 1;
    this.output = output;
  }
}

/**
 * Runs a command with inherited stdio; resolves on exit code 0, rejects with CommandError
 * otherwise. With `quiet`, output is captured and kept on the error instead.
 */
export function run(command, args, { env = process.env, quiet = false, cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => reject(new CommandError(`${command} ${args.join(" ")}`, 127, String(error))));
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new CommandError(`${command} ${args.join(" ")}`, code ?? signalExitCode(signal), output));
    });
  });
}

function signalExitCode(signal) {
  return signal ? 128 + (os.constants.signals[signal] ?? 0) : 1;
}

/**
 * Starts a long-running child (the server), forwards SIGINT/SIGTERM/SIGHUP to it, and exits
 * with its exit code. Returns the child.
 */
export function serve(command, args, { env = process.env, cwd = root } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on("error", (error) => {
    console.error(`Could not start ${command}: ${error.message}`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => process.exit(code ?? signalExitCode(signal)));
  return child;
}

/** Resolves true once GET url answers 2xx, false after the timeout. */
export async function waitForHttp(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  // Whole seconds first, so that 119.6 s reads "2 min 0 s", not "1 min 60 s".
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** A TCP port that nothing on this machine listens on just now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
