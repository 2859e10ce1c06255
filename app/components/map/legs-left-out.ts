import type { LeftOutLegs } from "~/lib/location-quality";
import type { MessageKey, Translate } from "~/locales/namespaces";
import type { AgentRanking, RankingView } from "~/models/metrics.schema";

// The legs of an officer's day not counted in Distance and Hours, in the reader's language: said on
// the server (the officer's home, "Location quality"), so the pages' scripts carry neither this
// code nor the map's words.

/** Each reason alone ("too fast"), and with its count among others ("1 too fast"). */
const REASON_KEYS: Record<keyof LeftOutLegs, { alone: MessageKey; counted: MessageKey }> = {
  tooFast: { alone: "map:legsLeftOut.tooFast", counted: "map:legsLeftOut.tooFastCount" },
  poorFix: { alone: "map:legsLeftOut.poorFix", counted: "map:legsLeftOut.poorFixCount" },
  repeatedPoint: { alone: "map:legsLeftOut.repeatedPoint", counted: "map:legsLeftOut.repeatedPointCount" },
};

/** "2 legs not counted (1 too fast, 1 poor fix)", "1 leg not counted (too fast)", or null when every leg counted. */
export function legsLeftOutWords(t: Translate, legs: LeftOutLegs): string | null {
  const reasons = (Object.keys(REASON_KEYS) as Array<keyof LeftOutLegs>).filter((reason) => legs[reason] > 0);
  const total = reasons.reduce((sum, reason) => sum + legs[reason], 0);
  if (total === 0) return null;
  const why =
    reasons.length === 1
      ? t(REASON_KEYS[reasons[0]!].alone)
      : reasons
          .map((reason) => t(REASON_KEYS[reason].counted, { count: legs[reason] }))
          .join(t("map:filters.listSeparator"));
  return t("map:legsLeftOut.summary", { total, why });
}

type Rankings<Row> = { rows: Row[]; own: { position: number; row: Row } | null };

/** The feed's rankings with each row's legs left out in words (the rankings table's RankingView). */
export function withLegsLeftOutWords<R extends Rankings<AgentRanking>>(
  t: Translate,
  rankings: R,
): Omit<R, keyof Rankings<AgentRanking>> & Rankings<RankingView> {
  const worded = (row: AgentRanking): RankingView => ({
    ...row,
    legsLeftOutText: legsLeftOutWords(t, row.legsLeftOut),
  });
  const { own } = rankings;
  return { ...rankings, rows: rankings.rows.map(worded), own: own && { position: own.position, row: worded(own.row) } };
}
