import type { Language } from "~/lib/languages";
import type { TargetMeasure } from "~/lib/target-measures";
import { periodLabel, type PaceStatus } from "~/lib/target-period";
import type { MessageKey, Translate } from "~/locales/namespaces";

// The targets' words in the reader's language (decision 101): the measures' names and a period's
// name. English is the spec's (lib/target-measures, lib/target-period); the codes stay the keys.

export const MEASURE_KEYS: Record<TargetMeasure, MessageKey> = {
  sspBags: "targets:measure.sspBags",
  organicBags: "targets:measure.organicBags",
  sulfurBags: "targets:measure.sulfurBags",
  salesAmount: "targets:measure.salesAmount",
  recoveryAmount: "targets:measure.recoveryAmount",
  dealerVisits: "targets:measure.dealerVisits",
  farmerMeetings: "targets:measure.farmerMeetings",
  demoPlots: "targets:measure.demoPlots",
};

export const PACE_KEYS: Record<PaceStatus, MessageKey> = {
  done: "targets:pace.done",
  onPace: "targets:pace.onPace",
  behind: "targets:pace.behind",
};

const SEASON = /^(RABI|KHARIF)-(\d{4})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const urduMonths = new Intl.DateTimeFormat("ur-PK", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
  numberingSystem: "latn",
});

/** "November 2026", "Rabi 2026–27", "Kharif 2026"; in Urdu "نومبر 2026", "ربیع 2026–27", "خریف 2026". */
export function periodName(period: string, t: Translate, language: Language): string {
  if (language === "en") return periodLabel(period);
  const season = SEASON.exec(period);
  if (season) {
    const year = Number(season[2]);
    return season[1] === "KHARIF"
      ? t("targets:period.kharif", { year: String(year) })
      : t("targets:period.rabi", { year: String(year), next: String((year + 1) % 100).padStart(2, "0") });
  }
  const month = MONTH.exec(period);
  return month ? urduMonths.format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1))) : period;
}

/** "9 days left", "1 day left", "Ended". */
export function daysLeftText(daysLeft: number, t: Translate): string {
  if (daysLeft === 0) return t("targets:daysLeft.ended");
  return t("targets:daysLeft.left", { count: daysLeft });
}
