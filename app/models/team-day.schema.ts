import { teamFilterSchema } from "~/models/team.schema";
import type { TeamView } from "~/models/team.schema";
import type { TargetGlance } from "~/models/targets.schema";

// The manager's day (decision 44): for each of the viewer's officers, whether they have posted
// today, their visit plan against what is done, and yesterday's missed visits. Shared with the
// home page's component.

/** `GET /api/team-day?team=`: the viewer's people, or one team of theirs (any team for an admin). */
export const teamDayQuerySchema = teamFilterSchema;

/** People listed at most: an admin's whole company is a count and a team filter away from its list. */
export const TEAM_DAY_LIMIT = 200;

/** One officer's day so far. */
export type OfficerToday = {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  team: TeamView | null;
  /** Posts made today (the app's calendar day). */
  posts: number;
  /** The newest of them, or null. */
  lastPostAt: string | null;
  /** Today's visit plan: stops planned and done so far (all zeros without a plan). */
  planned: number;
  done: number;
  /** Today's stops with a visit logged away from the dealer or from a typed place (decision 64), and why. */
  unconfirmed: number;
  unconfirmedStops: Array<{ businessName: string; note: string }>;
  /** Planned stops of yesterday's plan left undone. */
  missedYesterday: number;
  /** Whether the viewer may plan this officer's days: an admin anyone's, a manager those of the teams they lead. */
  canPlan: boolean;
  /** This month's targets at a glance (decision 84); null without targets this month. */
  targets: TargetGlance | null;
};

export type TeamDay = {
  /** Today, yyyy-MM-dd in the app's time zone. */
  date: string;
  /** The day before, whose plans' undone stops are missed. */
  yesterday: string;
  /** The team asked for, or null for all the viewer's people. */
  team: number | null;
  /** Every officer of the audience, and how many of them have posted today. */
  total: number;
  posted: number;
  /** Those who have not posted first, then those who have; by name; at most TEAM_DAY_LIMIT. */
  people: OfficerToday[];
};
