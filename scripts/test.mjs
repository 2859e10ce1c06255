#!/usr/bin/env node
// `npm test`: the whole suite, from a fresh clone (before `npm install`) and as root on a
// fresh CI machine. Installs what is missing, then runs each step in order and stops at the
// first failure.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CommandError, bin, ensureDependencies, formatDuration, run } from "./lib/common.mjs";
import { memoryTouchCost, memoryTouchText } from "./lib/memory-touch.mjs";
import { continueUnderProjectNode, runsProjectNode } from "./lib/node-runtime.mjs";
import { printTimings } from "./lib/test-timings.mjs";

// Another Node than the project's (a fresh machine's own) installs the dependencies with the
// project's Node, then hands the whole run over to it (decision 0104).
if (!runsProjectNode()) {
  await ensureDependencies();
  await continueUnderProjectNode();
}

const started = Date.now();
// Machines differ in memory as much as in CPU (docs/testing.md): the figure is printed first and
// again beside the step times.
const machine = `${os.availableParallelism()} cores; memory: ${memoryTouchText(memoryTouchCost())}; Node ${process.version}`;
console.log(`This machine: ${machine}`);
/** Each step's title and time, printed at the end with the slowest test files. */
const steps = [];
/** The JSON reports of the test runners, read for the slowest files. */
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-test-reports-"));
const reports = [];
/** What the suite's servers print, one file a server (tests/support/server-log.mjs), checked last. */
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-test-logs-"));

/** A Vitest run's arguments that also write its JSON report (the usual output stays). */
function vitestReport(level, name) {
  const file = path.join(reportDir, `${name}.json`);
  reports.push({ kind: "vitest", level, file });
  return ["--reporter=default", "--reporter=json", `--outputFile.json=${file}`];
}

// What dependency-cruiser checks (its rules: .dependency-cruiser.cjs; knip's entries: knip.jsonc).
const ARCHITECTURE_PATHS = ["app", "server", "prisma", "scripts", "tests"];

function header(title) {
  console.log(`\n━━━ ${title} ━━━`);
}

async function step(title, fn) {
  header(title);
  const t0 = Date.now();
  try {
    await fn({ quiet: false });
  } catch (error) {
    steps.push({ title, ms: Date.now() - t0, failed: true });
    throw error;
  }
  steps.push({ title, ms: Date.now() - t0 });
  console.log(`✓ ${title} (${formatDuration(Date.now() - t0)})`);
}

/**
 * Steps that need nothing of each other, run side by side (on two cores each waits less for the
 * other's disk and start-up). Each runs its commands quietly and prints what they said when it
 * ends; the first failure is reported once all have ended.
 */
async function stepsSideBySide(groups) {
  header(groups.map((group) => group.map(([title]) => title).join(", then ")).join(" | "));
  const outcomes = await Promise.allSettled(
    groups.map(async (group) => {
      for (const [title, fn] of group) {
        const t0 = Date.now();
        let output;
        try {
          output = await fn({ quiet: true });
        } catch (error) {
          steps.push({ title, ms: Date.now() - t0, failed: true });
          throw error;
        }
        steps.push({ title, ms: Date.now() - t0 });
        if (typeof output === "string" && output.trim()) process.stdout.write(`\n── ${title} ──\n${output}`);
        console.log(`✓ ${title} (${formatDuration(Date.now() - t0)})`);
      }
    }),
  );
  const failures = outcomes.filter((outcome) => outcome.status === "rejected").map((outcome) => outcome.reason);
  if (failures.length === 0) return;
  // Every failed chain's findings are shown, the others' above the last one's.
  const last = failures.at(-1);
  const earlier = failures.slice(0, -1).map((failure) => `${failure.output ?? ""}\n✗ ${failure.message}\n`);
  if (last instanceof CommandError) last.output = [...earlier, last.output ?? ""].join("\n");
  else for (const text of earlier) process.stderr.write(text);
  throw last;
}

/** Runs every command even when one fails, so one run shows all their findings; fails if any failed. */
async function runEach(commands, options) {
  const outcomes = [];
  for (const [executable, args] of commands) {
    outcomes.push(
      await run(executable, args, options).then(
        (output) => ({ output }),
        (error) => ({ error }),
      ),
    );
  }
  const output = outcomes.map((outcome) => outcome.output ?? outcome.error.output ?? "").join("");
  const failed = outcomes.find((outcome) => outcome.error)?.error;
  if (!failed) return output;
  failed.output = output;
  throw failed;
}

/** Vitest with one level's config, its report named for the timings table. */
function vitestLevel(config, label, name) {
  return command("vitest", "run", "--config", config, ...vitestReport(label, name));
}

function command(name, ...args) {
  const [executable, ...prefix] = bin(name);
  return [executable, [...prefix, ...args]];
}

async function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) {
    console.log(`Chromium: ${chromium}`);
    return chromium;
  }
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH is set to ${chromium}, but there is no such file.`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      "Chromium is not installed at /usr/bin/chromium. Install Debian's package " +
        "(sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary. " +
        "Never `npx playwright install`: these machines cannot download browsers.",
    );
  }
  console.log("Installing Debian's chromium package (about 30 s)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await run("apt-get", ["update", "-qq"], { env, quiet: true });
  await run("apt-get", ["install", "-y", "-qq", "chromium"], { env, quiet: true });
  if (!fs.existsSync(chromium)) throw new Error(`apt-get installed chromium, but ${chromium} is missing.`);
  console.log(`Chromium: ${chromium}`);
  return chromium;
}

async function main() {
  let installed = false;
  await step("Dependencies", async () => {
    installed = await ensureDependencies();
  });

  let chromium = "";
  await step("Chromium", async () => {
    chromium = await ensureChromium();
  });

  const env = { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1", LOG_DIR: logDir };
  // Settings for the developer's own server must not leak into the tests.
  delete env.DATABASE_URL;
  delete env.NODE_ENV;

  // npm ci's postinstall has just generated the client (a fresh clone, CI); otherwise the schema may
  // have changed since node_modules was installed.
  if (!installed) await step("Prisma client", () => run(...command("prisma", "generate"), { env, quiet: true }));
  // The typecheck generates the route types (./+types/*) that knip then resolves; the levels after
  // the build run against it. The chains need nothing of each other.
  await stepsSideBySide([
    [
      ["Typecheck", (options) => run("npm", ["run", "--silent", "typecheck"], { env, ...options })],
      [
        "Architecture: dead code and import direction",
        (options) => runEach([command("knip"), command("depcruise", ...ARCHITECTURE_PATHS)], { env, ...options }),
      ],
    ],
    [
      [
        "Format and lint",
        (options) =>
          runEach(
            [
              // The OpenAPI document and its client types first (eslint reads the types), linted by Redocly.
              command("tsx", "scripts/openapi.ts", "--lint"),
              command("prettier", "--check", "--log-level", "warn", "."),
              command("eslint", "--max-warnings", "0", "."),
            ],
            { env, ...options },
          ),
      ],
    ],
    [
      [
        "Unit and integration tests (Vitest)",
        (options) =>
          run(...command("vitest", "run", "--passWithNoTests", ...vitestReport("Vitest", "unit")), { env, ...options }),
      ],
      [
        "Enhanced controls and their failures (component level)",
        (options) =>
          run(...vitestLevel("vitest.components.config.ts", "Vitest components", "components"), { env, ...options }),
      ],
    ],
    [
      ["Production build", (options) => run(...command("react-router", "build"), { env, ...options })],
      [
        "Pages without JavaScript and the JSON API (request handler)",
        (options) =>
          run(...vitestLevel("vitest.nojs.config.ts", "Vitest request handler", "nojs"), { env, ...options }),
      ],
      [
        "Concurrency, crash tests and the route fuzzer",
        (options) =>
          run(...vitestLevel("vitest.resilience.config.ts", "Vitest resilience", "resilience"), { env, ...options }),
      ],
      ["Page weight", (options) => run("node", ["scripts/page-weight.mjs"], { env, ...options })],
    ],
  ]);
  const playwrightReport = path.join(reportDir, "playwright.json");
  reports.push({ kind: "playwright", file: playwrightReport });
  await step("Browser tests and hostile forms (Playwright)", () =>
    run(...command("playwright", "test", "--reporter=list,json"), {
      env: { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    }),
  );
  // Every line the servers printed through the whole run is a JSON log line with no secret in it.
  await step("Server logs: JSON lines, no secrets", () =>
    run(...command("tsx", "scripts/check-logs.ts", logDir), { env }),
  );
  fs.rmSync(logDir, { recursive: true, force: true });
}

function report() {
  printTimings(steps, reports, machine);
  fs.rmSync(reportDir, { recursive: true, force: true });
}

main().then(
  () => {
    report();
    console.log(`\nAll tests passed in ${formatDuration(Date.now() - started)}.`);
  },
  (error) => {
    report();
    if (error instanceof CommandError) {
      if (error.output) process.stderr.write(error.output);
      console.error(`\n✗ ${error.message}`);
    } else {
      console.error(`\n✗ ${error instanceof Error ? error.message : String(error)}`);
    }
    console.error(`Tests failed after ${formatDuration(Date.now() - started)}.`);
    process.exit(error instanceof CommandError ? error.code || 1 : 1);
  },
);
