import Database from "better-sqlite3";
import { e2eDatabasePath, uniqueName } from "../support/fixtures";
import { karachiDate } from "../support/days";

// A season's field work of an officer, written straight to the database: the posts that fill
// farmer meetings' attendees and demo plots are built beside this report (issue 50), which reads
// only their tables.

const DAY_MS = 86_400_000;

/**
 * For `officerId`, this season: a meeting of 9 naming Asif (new) and Bashir (met 200 days ago, in
 * an earlier season: repeat), and two plots: Asif's at mid-season, Chand's (new) harvested at
 * 1,100 kg an acre against the control's 1,000 (+10.0 %). Returns the farmers' names.
 */
export function seasonOfFieldWork(officerId: number): { asif: string; bashir: string; chand: string } {
  const tag = uniqueName("Farm");
  const names = { asif: `Asif ${tag}`, bashir: `Bashir ${tag}`, chand: `Chand ${tag}` };
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const now = Date.now();
    const teamId = (db.prepare("SELECT teamId FROM User WHERE id = ?").get(officerId) as { teamId: number }).teamId;
    const farmer = db.prepare(
      "INSERT INTO Farmer (name, tehsil, district, landHundredths, teamId, createdById, createdAt, updatedAt) VALUES (?, 'Okara', 'Okara', 500, ?, ?, ?, ?)",
    );
    const add = (name: string) => Number(farmer.run(name, teamId, officerId, now, now).lastInsertRowid);
    const [asif, bashir, chand] = [add(names.asif), add(names.bashir), add(names.chand)];
    const post = db.prepare("INSERT INTO Post (userId, type, headCount, createdAt) VALUES (?, ?, ?, ?)");
    const attend = db.prepare("INSERT INTO MeetingAttendee (postId, farmerId) VALUES (?, ?)");
    const before = Number(post.run(officerId, "FARMER_MEETING", 3, now - 200 * DAY_MS).lastInsertRowid);
    attend.run(before, bashir);
    const meeting = Number(post.run(officerId, "FARMER_MEETING", 9, now).lastInsertRowid);
    attend.run(meeting, asif);
    attend.run(meeting, bashir);
    const today = karachiDate();
    const plot = db.prepare(
      `INSERT INTO DemoPlot (postId, farmerId, officerId, crop, product, areaHundredths, controlAreaHundredths, lat, lng,
        sownOn, midVisitDueOn, harvestDueOn, stage, harvestedOn, yieldKgPerAcre, controlYieldKgPerAcre, createdAt, updatedAt)
       VALUES (?, ?, ?, 'wheat', 'SSP', 100, 100, 30.8, 73.4, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const started = (farmerId: number, stage: string, harvest: [number, number] | null) => {
      const postId = Number(post.run(officerId, "DEMO_PLOT", null, now).lastInsertRowid);
      plot.run(
        postId,
        farmerId,
        officerId,
        today,
        today,
        today,
        stage,
        harvest ? today : null,
        ...(harvest ?? [null, null]),
        now,
        now,
      );
    };
    started(asif, "MID_SEASON", null);
    started(chand, "HARVESTED", [1100, 1000]);
  } finally {
    db.close();
  }
  return names;
}
