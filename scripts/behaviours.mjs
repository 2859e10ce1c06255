#!/usr/bin/env node
// `npm run behaviours`: the list of every behaviour the suite checks, one test a line
// ("<level> | <file> | <title path>"), generated from the test titles of Vitest (unit, integration,
// resilience; the request handler's pages without JavaScript and JSON API) and Playwright (Chromium
// with JavaScript on, and off for the @browser tests; hostile forms).
// Written to docs/testing/behaviours.txt. With --compare <older list>, also prints the older list's
// titles that no test has any more (a behaviour moved to another level keeps its title; one whose
// title had to change is listed in docs/testing/renamed.txt as "old title => new title").
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { bin, root } from "./lib/common.mjs";

const output = path.join(root, "docs", "testing", "behaviours.txt");

function runJson(name, args) {
  const [executable, ...prefix] = bin(name);
  const text = execFileSync(executable, [...prefix, ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
  });
  return JSON.parse(text.slice(text.indexOf(text.trimStart()[0])));
}

function vitestTests(level, config) {
  const listed = runJson("vitest", ["list", "--json", ...(config ? ["--config", config] : [])]);
  return listed.map((test) => `${level} | ${path.relative(root, test.file)} | ${test.name}`);
}

function playwrightTests() {
  const report = runJson("playwright", ["test", "--list", "--reporter=json"]);
  const lines = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const file = path.join(report.config.rootDir ?? "", spec.file);
        const title = [...titles, spec.title].join(" > ");
        lines.push(`playwright ${test.projectName} | ${path.relative(root, path.resolve(root, file))} | ${title}`);
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title && !child.title.endsWith(".ts") ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites) walk(suite, []);
  return lines;
}

/** The title part of a line, which stays when a test moves to another level or file. */
function titleOf(line) {
  return line.split(" | ").slice(2).join(" | ");
}

/**
 * One line a test, whatever the levels it runs at: a generic spec's test (tests/e2e/*.spec.ts) is
 * one behaviour at the request handler and in Chromium, and stays one when it leaves Chromium
 * (decision 73). The first line of each file and title is kept.
 */
function oneLineATest(all) {
  const seen = new Map();
  for (const line of all) {
    const key = line.split(" | ").slice(1).join(" | ");
    if (!seen.has(key)) seen.set(key, line);
  }
  return [...seen.values()];
}

const lines = [
  ...vitestTests("vitest"),
  ...vitestTests("vitest resilience", "vitest.resilience.config.ts"),
  ...vitestTests("vitest request-handler", "vitest.nojs.config.ts"),
  ...vitestTests("vitest component", "vitest.components.config.ts"),
  ...playwrightTests(),
].sort();
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, `${lines.join("\n")}\n`);
console.log(`${lines.length} behaviours written to ${path.relative(root, output)}`);

const compareIndex = process.argv.indexOf("--compare");
if (compareIndex > 0) {
  // "old title => new title", one line per new test: a behaviour split into several tests (one per
  // fault, say) has several lines, and is kept while every one of its new tests is there.
  const renamed = new Map();
  for (const line of fs.readFileSync(path.join(root, "docs", "testing", "renamed.txt"), "utf8").split("\n")) {
    if (!line.includes(" => ")) continue;
    const [from, to] = line.split(" => ");
    renamed.set(from, [...(renamed.get(from) ?? []), to]);
  }
  const older = oneLineATest(
    fs
      .readFileSync(path.resolve(process.argv[compareIndex + 1]), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  const titles = new Map();
  for (const line of oneLineATest(lines)) titles.set(titleOf(line), (titles.get(titleOf(line)) ?? 0) + 1);
  const missing = [];
  for (const line of older) {
    const candidates = renamed.get(titleOf(line)) ?? [titleOf(line)];
    if (!candidates.every((title) => (titles.get(title) ?? 0) > 0)) missing.push(line);
    else if (!renamed.has(titleOf(line))) titles.set(titleOf(line), titles.get(titleOf(line)) - 1);
  }
  console.log(
    `${older.length} tests before, ${oneLineATest(lines).length} now (${lines.length} lines, a line a level); ${missing.length} of the older titles have no test now:`,
  );
  for (const line of missing) console.log(`  ${line}`);
  if (missing.length > 0) process.exitCode = 1;
}
