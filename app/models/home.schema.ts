import type { OwnPeriod } from "~/models/targets.schema";
import type { MissedStop, PlanNext } from "~/models/visit-plan.schema";

// The shapes of the officer's home (models/home.server.ts), shared with its components.

export type OfficerDay = {
  /** Position in today's rankings, or null while the officer has no sales and no recovery today. */
  position: number | null;
  total: number;
  distance: string;
  sales: string;
  recovery: string;
};

export type FirstRunSteps = {
  locations: boolean;
  post: boolean;
  dealer: boolean;
};

export type OfficerHome = {
  day: OfficerDay | null;
  /** Today's plan: which stop is next and how many are done; null without a plan today. */
  plan: PlanNext | null;
  /** Stops of the last week's plans left without a visit, to move to today. */
  missed: MissedStop[];
  /** Their demo plots' visits due by today, and how many of them are overdue (decision 97). */
  plotVisits: { due: number; overdue: number };
  firstRun: FirstRunSteps | null;
  /** "Your month" and "Your season": the periods with targets, each measure's progress (decision 84). */
  targets: OwnPeriod[];
};
