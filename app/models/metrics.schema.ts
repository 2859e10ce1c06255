import type { LeftOutLegs } from "~/lib/location-quality";
import type { PublicUser } from "~/models/user.schema";

// The shapes of the Sales Agent Rankings (models/metrics.server.ts), shared with their components.

/** A row of the rankings as GET /api/agents/rankings and the feed show it: figures and amounts as text. */
export type AgentRanking = PublicUser & {
  name: string;
  distance: string;
  hours: string;
  sales: string;
  recovery: string;
  dealers: number;
  legsLeftOut: LeftOutLegs;
};

/**
 * The feed's row: with the words for its legs left out ("1 leg not counted (too fast)", or null),
 * written on the server in the reader's language (components/map/legs-left-out.ts).
 */
export type RankingView = AgentRanking & { legsLeftOutText: string | null };
