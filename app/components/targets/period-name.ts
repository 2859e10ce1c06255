import type { Language } from "~/lib/languages";
import { periodLabel } from "~/lib/target-period";
import type { Translate } from "~/locales/namespaces";

// A target period's name in the reader's language (decision 101).

const SEASON = /^(RABI|KHARIF)-(\d{4})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

// Made when first needed: a phone takes tens of milliseconds to make an Intl formatter.
let urduMonths: Intl.DateTimeFormat | undefined;

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
  urduMonths ??= new Intl.DateTimeFormat("ur-PK", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
    numberingSystem: "latn",
  });
  return month ? urduMonths.format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1))) : period;
}
