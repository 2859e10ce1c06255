// Plain-read benchmark (not a test): the CPU time per call of the model reads that go through
// readRows (decisions 36 and 78), in this process, without HTTP: on a shared machine, where
// autocannon's figures move by two to four times from run to run, CPU time per call moves by a
// few per cent. Compare two commits by running it in each tree in turns, on copies of one database.
//
//   npx tsx scripts/bench-reads.ts --fill reads.db      (once: the bench's data set, 50,000 posts)
//   cp reads.db run.db && npx tsx scripts/bench-reads.ts --database run.db
//
// Prints one JSON line: milliseconds of CPU per call, by read.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { parseArgs } from "node:util";
import { fillScaleData } from "./lib/bench-data.mjs";

const { values: options } = parseArgs({
  options: { database: { type: "string" }, fill: { type: "string" } },
});
const databasePath = path.resolve(options.fill ?? options.database ?? "");
if (!options.fill && !options.database) throw new Error("Give --database <file> (or --fill <file> first).");
Object.assign(process.env, {
  DATABASE_URL: `file:${databasePath}`,
  NODE_ENV: "production",
  LOG_REQUESTS: "false",
  SESSION_SECRET: process.env.SESSION_SECRET ?? "bench-session-secret-0123456789-abcdefghijklmnop",
});

if (options.fill) {
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: process.env, stdio: "ignore" });
  const officer = ["--username", "bench", "--email", "bench@example.pk", "--password", "bench-pass-1"];
  execFileSync("npx", ["tsx", "scripts/user.ts", ...officer, "--role", "OFFICER"], {
    env: process.env,
    stdio: "ignore",
  });
  fillScaleData(databasePath, { officers: 1000, teams: 40, dealers: 10_000, posts: 50_000, reactions: 250_000 });
  console.log(`Filled ${databasePath}`);
} else {
  const { listPosts } = await import("~/models/post.server");
  const { createUserSession, getSessionUser } = await import("~/models/session.server");
  const { listDealers } = await import("~/models/dealer.server");
  const { dayCheckIns } = await import("~/models/checkin.server");
  const { appDate } = await import("~/infra/clock.server");
  const { buildReport } = await import("~/models/report.server");
  const { reportQuerySchema } = await import("~/models/report.schema");

  // The bench officer (id 1) is in the first team.
  const officer = { id: 1, role: "OFFICER", teamId: 1 };
  const admin = { id: 1, role: "ADMIN", teamId: null };
  const cookie = (await createUserSession(officer.id)).split(";")[0]!;
  const reads: Array<[string, number, () => unknown]> = [
    ["session user", 20_000, () => getSessionUser(cookie)],
    [
      "feed, team page",
      300,
      () => listPosts({ viewer: officer, audience: { everyone: false, teamIds: [1], unassigned: false } }),
    ],
    ["feed, company page", 300, () => listPosts({ viewer: officer })],
    ["10,000 dealers", 10, () => listDealers()],
    ["map, today", 50, () => dayCheckIns({ everyone: true }, { date: appDate() })],
    [
      "report, this month by officer",
      10,
      () => buildReport(admin, reportQuerySchema.parse({ period: "this-month", groupBy: "officer" })),
    ],
  ];
  const msPerCall: Record<string, number> = {};
  for (const [name, calls, read] of reads) {
    for (let i = 0; i < Math.max(3, calls / 10); i++) await read();
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++) await read();
    const used = process.cpuUsage(before);
    msPerCall[name] = Number(((used.user + used.system) / 1000 / calls).toPrecision(3));
  }
  console.log(JSON.stringify(msPerCall));
}
