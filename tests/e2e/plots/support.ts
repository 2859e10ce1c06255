import Database from "better-sqlite3";
import { e2eDatabasePath, uniqueName } from "../support/fixtures";
import { karachiDate } from "../support/days";

// Demo plots written straight to the e2e database: the posts that start plots are another part's;
// these specs read plots as that part keeps them (a Demo Plot post, its plot, the plot's farmer).

type Plot = {
  officerId: number;
  stage?: "SOWN" | "MID_SEASON" | "HARVESTED";
  /** Days from today to the mid-season visit's due day (negative: past) and to the harvest's. */
  midDueIn: number;
  harvestDueIn: number;
  crop?: string;
  product?: string;
};

/** A plot of `officerId` for a new farmer of the one team; its id and the farmer's name. */
export function demoPlot(plot: Plot): { id: number; farmerName: string } {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const now = Date.now();
    const farmerName = uniqueName("Farmer");
    const { teamId } = db.prepare("SELECT teamId FROM User WHERE id = ?").get(plot.officerId) as {
      teamId: number | null;
    };
    const farmerId = db
      .prepare(
        `INSERT INTO Farmer (name, village, tehsil, district, landHundredths, teamId, createdById, createdAt, updatedAt)
         VALUES (?, 'Chak 7', 'Okara', 'Okara', 500, ?, ?, ?, ?)`,
      )
      .run(farmerName, teamId, plot.officerId, now, now).lastInsertRowid;
    const postId = db
      .prepare("INSERT INTO Post (userId, type, text, createdAt) VALUES (?, 'DEMO_PLOT', '', ?)")
      .run(plot.officerId, now).lastInsertRowid;
    const earliest = Math.min(plot.midDueIn, plot.harvestDueIn) - 30;
    const id = db
      .prepare(
        `INSERT INTO DemoPlot (postId, farmerId, officerId, crop, product, areaHundredths, controlAreaHundredths, lat, lng,
           sownOn, midVisitDueOn, harvestDueOn, stage, createdAt, updatedAt)
         VALUES (?, ?, ?, ?, ?, 100, 100, 30.81, 73.45, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        postId,
        farmerId,
        plot.officerId,
        plot.crop ?? "wheat",
        plot.product ?? "SSP",
        karachiDate(-earliest),
        karachiDate(-plot.midDueIn),
        karachiDate(-plot.harvestDueIn),
        plot.stage ?? "SOWN",
        now,
        now,
      ).lastInsertRowid;
    return { id: Number(id), farmerName };
  } finally {
    db.close();
  }
}
