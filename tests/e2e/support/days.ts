import fs from "node:fs";
import path from "node:path";

// The app's calendar is Asia/Karachi's. The seeded data's "today" is the day the e2e server
// seeded it (tests/support/e2e-server.mjs), which is not today any more once a run crosses
// midnight in Karachi (19:00 UTC): tests of seeded days ask for that day by its date.

const DAY_MS = 86_400_000;
const format = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" });

/** The Karachi date `daysAgo` days before `from` (now by default), as yyyy-MM-dd. */
export function karachiDate(daysAgo = 0, from = new Date()): string {
  return format.format(new Date(from.getTime() - daysAgo * DAY_MS));
}

/** The instant the e2e database was seeded at. */
function seededAt(): Date {
  const dir = process.env.FIELDLINE_E2E_DIR;
  if (!dir) throw new Error("FIELDLINE_E2E_DIR is not set: run the tests with `npx playwright test`.");
  return new Date(fs.readFileSync(path.join(dir, "seeded-at"), "utf8").trim());
}

/** The Karachi date `daysAgo` days before the seeded "today", as yyyy-MM-dd. */
export function seededDay(daysAgo = 0): string {
  return karachiDate(daysAgo, seededAt());
}

/** The label of the last stop of a seeded day's route: "Latest" while that day is today, "Stop" after. */
export function lastStopLabel(day: string): "Latest" | "Stop" {
  return day === karachiDate() ? "Latest" : "Stop";
}
