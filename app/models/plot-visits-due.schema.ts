import type { VisitStage } from "~/lib/plot-stages";
import type { Crop } from "~/lib/crops";

// The shapes of the plot visits that fall due (models/plot-visits-due.server.ts), shared with the
// pages and components that show them.

/** A visit is overdue this many days after its due day: a week of grace (decision 97). */
export const OVERDUE_AFTER_DAYS = 7;

/** One visit that has fallen due on a plot. */
export type PlotVisitDue = {
  plotId: number;
  visit: VisitStage;
  /** "Erased farmer" once the farmer is erased. */
  farmerName: string;
  crop: Crop;
  /** The Karachi day it fell due, YYYY-MM-DD. */
  dueOn: string;
  /** Whole days from its due day to the day asked about. */
  daysLate: number;
  overdue: boolean;
};

/** An overdue visit on the manager's day: whose plot it is, too. */
export type OverduePlotVisit = PlotVisitDue & { officerId: number; officerName: string };

/** The manager's day lists at most this many overdue visits, the most overdue first; it says how many there are. */
export const OVERDUE_LIST_LIMIT = 20;

/** The officer's plan lists at most this many due visits, the longest due first. */
export const DUE_LIST_LIMIT = 50;

/** New Post, a Demo Plot that visits the plot: the form reads `plot` and `stage` (the visit). */
export function recordVisitPath(visit: Pick<PlotVisitDue, "plotId" | "visit">): string {
  const params = new URLSearchParams({ type: "DEMO_PLOT", plot: String(visit.plotId), stage: visit.visit });
  return `/new-post?${params}`;
}
