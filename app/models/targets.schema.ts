import { idSchema } from "~/lib/ids";
import { centsToDecimal, parseMoneyToCents } from "~/lib/money";
import {
  MEASURE_LABELS,
  MEASURE_MAX,
  MONEY_MEASURES,
  TARGET_MEASURES,
  type TargetMeasure,
} from "~/lib/target-measures";
import { isTargetPeriod, type PaceStatus } from "~/lib/target-period";
import { z } from "~/lib/zod";
import type { MessageKey } from "~/locales/namespaces";
import type { TeamView } from "~/models/team.schema";

// Targets' inputs and answers (decision 84): one schema per input, shared by the /targets page's
// forms and /api. Browser-safe (no server imports).

// The messages are catalogs' keys (decision 101), said in the reader's language at the edge.
export const TARGET_OFFICER_NOT_FOUND: MessageKey = "targets:errors.officerNotFound";
const COPY_PERCENT_MESSAGE: MessageKey = "targets:errors.percent";
export const COPY_TOO_LARGE: MessageKey = "targets:errors.copyTooLarge";
export const TARGET_PERIOD_MESSAGE: MessageKey = "targets:errors.period";
const TEAM_INVALID: MessageKey = "targets:errors.teamInvalid";

/** A month (2026-11) or a season (RABI-2026, KHARIF-2026) the app accepts. */
export const targetPeriodSchema = z
  .string({ error: TARGET_PERIOD_MESSAGE })
  .refine(isTargetPeriod, TARGET_PERIOD_MESSAGE);

/** Each measure's refusal, naming its range (MEASURE_MAX): bags and counts whole, money an amount. */
const MEASURE_MESSAGES: Record<TargetMeasure, MessageKey> = {
  sspBags: "targets:errors.measure.sspBags",
  organicBags: "targets:errors.measure.organicBags",
  sulfurBags: "targets:errors.measure.sulfurBags",
  salesAmount: "targets:errors.measure.salesAmount",
  recoveryAmount: "targets:errors.measure.recoveryAmount",
  dealerVisits: "targets:errors.measure.dealerVisits",
  farmerMeetings: "targets:errors.measure.farmerMeetings",
  demoPlots: "targets:errors.measure.demoPlots",
};

/** A measure's value as typed (text) or sent (a number): its bags, cents or count; null for none; undefined when malformed. */
function readMeasure(measure: TargetMeasure, raw: unknown): number | null | undefined {
  if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) return null;
  if (typeof raw !== "string" && typeof raw !== "number") return undefined;
  const text = String(raw).trim();
  const value = MONEY_MEASURES.has(measure) ? parseMoneyToCents(text) : /^\d{1,9}$/.test(text) ? Number(text) : null;
  return value !== null && value >= 1 && value <= MEASURE_MAX[measure] ? value : undefined;
}

const measureFields = Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, z.unknown().optional()]));

/** Every measure's value read, each malformed one an issue on its field. */
function readValues(raw: Record<string, unknown>, ctx: z.RefinementCtx): TargetValues {
  const values = {} as TargetValues;
  for (const measure of TARGET_MEASURES) {
    const value = readMeasure(measure, raw[measure]);
    if (value === undefined) ctx.addIssue({ code: "custom", path: [measure], message: MEASURE_MESSAGES[measure] });
    values[measure] = value ?? null;
  }
  return values;
}

/**
 * One officer's targets for a period, every measure at once: bags and counts as whole numbers,
 * money as amounts ("250000.00"); empty, null or absent for no target. A field that names no
 * measure is refused.
 */
export const targetValuesSchema = z.strictObject(measureFields).transform(readValues);
export type TargetValues = Record<TargetMeasure, number | null>;

/** The /targets page's row form: the officer, the period and their targets. */
export const targetRowSchema = z
  .strictObject({ officerId: idSchema("targets:errors.officerInvalid"), period: targetPeriodSchema, ...measureFields })
  .transform(({ officerId, period, ...raw }, ctx) => ({ officerId, period, values: readValues(raw, ctx) }));

/** "Copy last period's": the period to fill, the percentage to add (negative to take off), and perhaps one team. */
export const targetCopySchema = z.strictObject({
  period: targetPeriodSchema,
  percent: z.preprocess(
    (raw) => (typeof raw === "string" && /^-?\d{1,3}$/.test(raw.trim()) ? Number(raw) : raw),
    z
      .number({ error: COPY_PERCENT_MESSAGE })
      .int(COPY_PERCENT_MESSAGE)
      .min(-90, COPY_PERCENT_MESSAGE)
      .max(500, COPY_PERCENT_MESSAGE),
  ),
  team: idSchema(TEAM_INVALID).optional(),
});
export type TargetCopy = z.infer<typeof targetCopySchema>;

/** `?period=&team=`: the period shown (this month by default) and perhaps one team. */
export const targetQuerySchema = z.object({
  period: targetPeriodSchema.optional(),
  team: idSchema(TEAM_INVALID).optional(),
});

/** How one measure stands: its target, what was done, and the pace (app/lib/target-period.ts). */
export type MeasureProgress = {
  measure: TargetMeasure;
  /** Bags, cents (the money measures) or a count. */
  target: number;
  actual: number;
  percent: number;
  daysLeft: number;
  neededPerDay: number | null;
  status: PaceStatus;
};

export type OfficerTargets = {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  team: TeamView | null;
  /** The targets set, by measure (null: none). */
  targets: TargetValues;
  /** The measures with a target, in the order of TARGET_MEASURES. */
  progress: MeasureProgress[];
};

/** A team's totals: its current officers' targets and achievements added up (decision 84). */
export type TeamTargets = { team: TeamView; officers: number; progress: MeasureProgress[] };

export type PeriodProgress = {
  period: string;
  label: string;
  first: string;
  last: string;
  /** Days from today on, today included (0 once ended). */
  daysLeft: number;
  people: OfficerTargets[];
  teams: TeamTargets[];
};

/** One period of an officer's own home: "Your month", "Your season". */
export type OwnPeriod = {
  kind: "month" | "season";
  period: string;
  label: string;
  daysLeft: number;
  progress: MeasureProgress[];
};

/** An officer's month at a glance on the manager's day. */
export type TargetGlance = {
  /** Measures with a target this month. */
  measures: number;
  /** Of those, the ones behind pace. */
  behind: number;
  /** The lowest percentage of them. */
  lowestPercent: number;
};

// ---- /api answers -------------------------------------------------------------------------------

/** The targets as /api and the forms write them: money as amounts ("250000.00"), the others as whole numbers. */
export function targetValuesAnswer(values: TargetValues): Record<TargetMeasure, number | string | null> {
  return Object.fromEntries(
    TARGET_MEASURES.map((measure) => {
      const value = values[measure];
      return [measure, value === null ? null : MONEY_MEASURES.has(measure) ? centsToDecimal(value) : value];
    }),
  ) as Record<TargetMeasure, number | string | null>;
}

/** A period's progress as /api answers it: the same, with each officer's targets as they are written. */
export function periodProgressAnswer(progress: PeriodProgress) {
  return {
    ...progress,
    people: progress.people.map((person) => ({ ...person, targets: targetValuesAnswer(person.targets) })),
  };
}

const targetValuesShape = z
  .looseObject(
    Object.fromEntries(
      TARGET_MEASURES.map((measure) => [
        measure,
        (MONEY_MEASURES.has(measure) ? z.string() : z.number().int()).nullable().describe(MEASURE_LABELS[measure]),
      ]),
    ),
  )
  .describe("Each measure's target (amounts for sales and recovery), null for none");

const measureProgressAnswer = z.looseObject({
  measure: z.enum(TARGET_MEASURES),
  target: z.number().int().describe("Bags, cents (salesAmount, recoveryAmount) or a count"),
  actual: z.number().int().describe("Done in the period so far, in the same unit, counted from the posts"),
  percent: z.number().int().describe("Whole per cent of the target (may pass 100)"),
  daysLeft: z.number().int().describe("Days from today on, today included"),
  neededPerDay: z.number().int().nullable().describe("Still needed each day left, rounded up; null once ended short"),
  status: z.enum(["done", "onPace", "behind"]),
});

const teamRef = z.looseObject({ id: z.number().int(), name: z.string() });

export const periodProgressSchema = z
  .looseObject({
    period: z.string().describe("yyyy-MM, RABI-yyyy (October to March) or KHARIF-yyyy (April to September)"),
    label: z.string(),
    first: z.string().describe("The period's first day, yyyy-MM-dd (Asia/Karachi)"),
    last: z.string().describe("Its last day"),
    daysLeft: z.number().int(),
    people: z.array(
      z.looseObject({
        id: z.number().int(),
        username: z.string(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        team: teamRef.nullable(),
        targets: targetValuesShape,
        progress: z.array(measureProgressAnswer).describe("The measures with a target"),
      }),
    ),
    teams: z
      .array(z.looseObject({ team: teamRef, officers: z.number().int(), progress: z.array(measureProgressAnswer) }))
      .describe("Each team's totals: its current officers' targets and achievements added up"),
  })
  .meta({ id: "TargetProgress" });

export const officerTargetsSchema = z
  .looseObject({ officerId: z.number().int(), period: z.string(), targets: targetValuesShape })
  .meta({ id: "OfficerTargets" });

/** A target row as the change feed and webhooks show it. */
export type TargetRow = {
  id: number;
  userId: number;
  period: string;
  measure: TargetMeasure;
  value: number | string;
  setById: number | null;
  setAt: string;
};

export const targetRowAnswer = z
  .looseObject({
    id: z.number().int(),
    userId: z.number().int().describe("The officer"),
    period: z.string(),
    measure: z.enum(TARGET_MEASURES),
    value: z
      .union([z.number().int(), z.string()])
      .describe("Bags or a count; an amount for salesAmount and recoveryAmount"),
    setById: z.number().int().nullable().describe("Who set it last"),
    setAt: z.string().describe("When"),
  })
  .meta({ id: "TargetRow" });

export const targetCopyAnswerSchema = z.looseObject({
  officers: z.number().int().describe("Officers whose last period's targets were copied"),
});

export const targetImportAnswer = z
  .looseObject({
    total: z.number().int().describe("Rows read"),
    officers: z.number().int().describe("Rows written: an officer's targets in a period"),
    targets: z.number().int().describe("Targets set (an empty cell leaves its target as it stands)"),
    failed: z.number().int().describe("Rows with errors: 0 (a file with row errors answers 422, or 403, instead)"),
    errors: z.array(z.string()).describe("Row errors: none (a refused file's are its fieldErrors.file)"),
  })
  .meta({ id: "TargetImportResult" });
