// `npx tsx scripts/bench-dealer-import.ts [rows] [--json]`: imports a generated spreadsheet of
// valid dealers (10,000 by default) into a fresh, migrated SQLite file and prints the import's
// time and the process's peak memory (with --json, as one JSON line for `npm run bench`).
// The goal (issue 4): under 5 s and under 300 MB for 10,000 rows. The spreadsheet is written by a
// process of its own (`--write-file <path>`), so that the peak is the import's, not SheetJS
// writing the file; `npm run bench` runs this with the server's Node flags (YOUNG_GENERATION_FLAG).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const json = process.argv.includes("--json");
const rows = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10_000);
const writeFileAt = process.argv.indexOf("--write-file");
if (writeFileAt > 0) {
  const target = process.argv[writeFileAt + 1];
  if (!target) throw new Error("--write-file needs the path of the spreadsheet to write.");
  const { dealerRow, dealerWorkbook } = await import("../tests/support/spreadsheets");
  fs.writeFileSync(target, dealerWorkbook(Array.from({ length: rows }, (_, index) => dealerRow(index + 1, "Bench"))));
  process.exit(0);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-bench-"));
const database = path.join(dir, "bench.db");
const spreadsheet = path.join(dir, "dealers.xlsx");
Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: `file:${database}`,
  DATA_DIR: path.join(dir, "data"),
  LOG_REQUESTS: "false",
});
execFileSync("npx", ["prisma", "migrate", "deploy"], { stdio: "ignore", env: process.env });

let generated = performance.now();
// Under the same Node and loader (tsx's flags are in execArgv).
execFileSync(
  process.execPath,
  [...process.execArgv, fileURLToPath(import.meta.url), String(rows), "--write-file", spreadsheet],
  { stdio: "inherit" },
);
generated = performance.now() - generated;
const file = new Uint8Array(fs.readFileSync(spreadsheet));

const { applyPragmas, prisma } = await import("~/db.server");
const { importDealerFile } = await import("~/models/dealer-import.server");
await applyPragmas();

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const started = performance.now();
const result = await importDealerFile(file, { fileName: "bench.xlsx", userId: null });
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
if (json)
  console.log(
    JSON.stringify({ rows, successful: result.successful, failed: result.failed, seconds, peakRssBytes: peak }),
  );
else {
  console.log(
    `file: ${rows.toLocaleString("en-US")} rows, ${(file.length / 1024).toFixed(0)} KiB .xlsx (generated in ${(generated / 1000).toFixed(2)} s)`,
  );
  console.log(`import: ${result.successful} created, ${result.failed} failed in ${seconds.toFixed(2)} s`);
  console.log(`peak memory (RSS, whole process): ${mb(peak)}`);
}
await prisma.$disconnect();
fs.rmSync(dir, { recursive: true, force: true });
