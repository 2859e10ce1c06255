import { TARGET_IMPORT_HEADER } from "~/lib/target-import";
import type { TargetMeasure } from "~/lib/target-measures";
import type { PaceStatus } from "~/lib/target-period";
import type { MessageKey, Translate } from "~/locales/namespaces";

// The targets' words in the reader's language (decision 101): the measures' names and a period's
// pace. English is the spec's (lib/target-measures, lib/target-period); the codes stay the keys.
// A period's name is period-name.ts's: it needs the calendar, which the officer's home does not load.

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

/** "9 days left", "1 day left", "Ended". */
export function daysLeftText(daysLeft: number, t: Translate): string {
  if (daysLeft === 0) return t("targets:daysLeft.ended");
  return t("targets:daysLeft.left", { count: daysLeft });
}

/**
 * How to fill the targets' file, a line each: the import page's list and the template's second
 * sheet. What the file must hold as it is (its columns, a period's form) is in `<0>`…`</0>`.
 */
export const IMPORT_HELP_KEYS = [
  "targets:import.help.rows",
  "targets:import.help.period",
  "targets:import.help.measures",
  "targets:import.help.empty",
] as const satisfies readonly MessageKey[];

/** The measures' columns, as the file names them. */
export const IMPORT_HELP_VALUES = { measures: TARGET_IMPORT_HEADER.slice(2).join(", ") };

/** The lines as the template's sheet holds them: plain text. */
export function importHelpLines(t: Translate): string[] {
  return IMPORT_HELP_KEYS.map((key) => t(key, IMPORT_HELP_VALUES).replace(/<\/?\d+>/g, ""));
}
