// Where `npm test`'s time went: each step's wall time, and the test files that took longest,
// read from the JSON reports Vitest and Playwright write beside their usual output.
import fs from "node:fs";
import path from "node:path";
import { formatDuration, root } from "./common.mjs";

/** Milliseconds each test file of a Vitest JSON report took (its tests' durations added up). */
function vitestFiles(report, level) {
  return report.testResults.map((file) => ({
    level,
    file: path.relative(root, file.name),
    ms: file.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0),
  }));
}

/** Milliseconds each test file of a Playwright JSON report took, per project. */
function playwrightFiles(report) {
  const totals = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${test.projectName}\u0000${spec.file}`;
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        totals.set(key, (totals.get(key) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const testDir = (project) =>
    project === "api" ? "tests/api" : project === "hostile" ? "tests/hostile" : "tests/e2e";
  return [...totals].map(([key, ms]) => {
    const [project, file] = key.split("\u0000");
    return { level: `Playwright ${project}`, file: path.join(testDir(project), file), ms };
  });
}

/** The JSON reports written so far: [{ kind: "vitest" | "playwright", level, file }]. */
function slowestFiles(reports, count = 10) {
  const files = [];
  for (const report of reports) {
    if (!fs.existsSync(report.file)) continue;
    const json = JSON.parse(fs.readFileSync(report.file, "utf8"));
    files.push(...(report.kind === "vitest" ? vitestFiles(json, report.level) : playwrightFiles(json)));
  }
  return files.sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** `machine`: what the machine is (its cores and memory figure), so a slow run is read for what it is. */
export function printTimings(steps, reports, machine) {
  console.log("\n━━━ Where the time went ━━━");
  console.log(`  This machine: ${machine}\n`);
  const width = Math.max(...steps.map((step) => step.title.length));
  for (const step of steps)
    console.log(
      `  ${step.title.padEnd(width)}  ${formatDuration(step.ms).padStart(9)}${step.failed ? "  (failed)" : ""}`,
    );
  const slowest = slowestFiles(reports);
  if (slowest.length === 0) return;
  console.log("\n  The ten slowest test files (their tests' time added up; workers run files side by side):");
  // As wide as the longest level's name ("Playwright js-on-enhanced"), so the files line up.
  const levelWidth = Math.max(20, ...slowest.map(({ level }) => level.length));
  for (const { level, file, ms } of slowest)
    console.log(`  ${formatDuration(ms).padStart(9)}  ${level.padEnd(levelWidth)} ${file}`);
}
