import { idSchema } from "~/lib/ids";
import { TARGET_GROUPINGS } from "~/lib/report-options";
import { TARGET_MEASURES } from "~/lib/target-measures";
import { z } from "~/lib/zod";
import { emptyToUndefined } from "~/models/checkin.schema";
import { TEAM_ID_INVALID } from "~/models/team.schema";
import { UNKNOWN_GROUPING } from "~/models/report.schema";
import { targetPeriodSchema } from "~/models/targets.schema";

// The targets report's query (decision 91): GET /reports?view=targets and GET /api/targets/report
// read the same parameters. Browser-safe, so the page's form and the API share the messages.

export const targetsReportQuerySchema = z.object({
  /** A month (2026-11) or a season (RABI-2026); without one, this month. */
  period: z.preprocess(emptyToUndefined, targetPeriodSchema.optional()),
  groupBy: z.preprocess(emptyToUndefined, z.enum(TARGET_GROUPINGS, { error: UNKNOWN_GROUPING }).default("officer")),
  /** One team of the viewer's own (any team for an admin); without it, all the viewer's officers. */
  team: z.preprocess(emptyToUndefined, idSchema(TEAM_ID_INVALID).optional()),
});

export type TargetsReportQuery = z.infer<typeof targetsReportQuerySchema>;

// ---- /api answer ------------------------------------------------------------------------------

const measureFigure = z.looseObject({
  measure: z.enum(TARGET_MEASURES),
  target: z
    .number()
    .int()
    .nullable()
    .describe("Bags, cents (salesAmount, recoveryAmount) or a count; null: no target, and no percentage"),
  actual: z.number().int().describe("Done in the period, in the same unit, counted from the posts"),
  percent: z.number().int().nullable().describe("Whole per cent of the target (may pass 100); null without a target"),
  standing: z
    .enum(["done", "onPace", "behind", "missed", "upcoming"])
    .nullable()
    .describe("Reached; on pace or behind while the period runs; missed once it has ended; upcoming before it starts"),
});

const spanShape = {
  first: z.string().describe("The first day, yyyy-MM-dd (Asia/Karachi)"),
  last: z.string().describe("The last day"),
};

export const targetsReportAnswer = z
  .looseObject({
    period: z.string().describe("yyyy-MM, RABI-yyyy (October to March) or KHARIF-yyyy (April to September)"),
    label: z.string(),
    ...spanShape,
    today: z.string().describe("Today, yyyy-MM-dd, Asia/Karachi"),
    groupBy: z.enum(TARGET_GROUPINGS),
    team: z.looseObject({ id: z.number().int(), name: z.string() }).nullable(),
    rows: z.array(
      z.looseObject({
        key: z.string().describe("The officer's or team's id, the measure, or the month (yyyy-MM)"),
        label: z.string(),
        ...spanShape,
        measures: z.array(measureFigure).describe("Every measure; by measure, the row's own"),
      }),
    ),
    totals: z
      .looseObject({ ...spanShape, measures: z.array(measureFigure) })
      .describe("The rows' officers added up (by month: the months added up)"),
  })
  .meta({ id: "TargetsReport" });
