import { idSchema } from "~/lib/ids";
import { SALE_PRODUCTS } from "~/lib/post-types";
import { FARMER_GROUPINGS } from "~/lib/report-options";
import { isSeason, SEASON_MESSAGE } from "~/lib/target-period";
import { z } from "~/lib/zod";
import { emptyToUndefined } from "~/models/checkin.schema";
import { TEAM_ID_INVALID } from "~/models/team.schema";

// The season report of farmers and demo plots (decision 98): GET /reports?view=farmers and GET
// /api/farmers/report read the same parameters. Browser-safe, so the page's form and the API share
// the messages.

export const farmersReportQuerySchema = z.object({
  /** RABI-2026 (October to March) or KHARIF-2026 (April to September); without one, this season. */
  season: z.preprocess(
    emptyToUndefined,
    z.string({ error: SEASON_MESSAGE }).refine(isSeason, SEASON_MESSAGE).optional(),
  ),
  groupBy: z.preprocess(emptyToUndefined, z.enum(FARMER_GROUPINGS, { error: "Unknown grouping" }).default("officer")),
  /** One team of the viewer's own (any team for an admin); without it, all the viewer's officers. */
  team: z.preprocess(emptyToUndefined, idSchema(TEAM_ID_INVALID).optional()),
});

export type FarmersReportQuery = z.infer<typeof farmersReportQuerySchema>;

// ---- /api answer ------------------------------------------------------------------------------

const yieldGain = z
  .looseObject({
    plots: z.number().int().describe("The harvested plots with both yields, behind the average"),
    percent: z
      .number()
      .nullable()
      .describe("The average of their gains, (yield − control yield) ÷ control yield, in per cent to 0.1; null: none"),
  })
  .describe("Of the plots started in the season and harvested since");

const figures = z.looseObject({
  reached: z.number().int().describe("Distinct farmers named at a Farmer Meeting or given a demo plot in the season"),
  newFarmers: z.number().int().describe("Of them, those whose first meeting or plot ever falls in the season"),
  repeatFarmers: z.number().int().describe("Of them, those met or given a plot before the season"),
  meetings: z.number().int().describe("Farmer Meeting posts in the season"),
  headCount: z.number().int().describe("Their people, named or not (a meeting without a head count: its named)"),
  namedAttendees: z.number().int().describe("Their named farmers"),
  plots: z
    .looseObject({ sown: z.number().int(), midSeason: z.number().int(), harvested: z.number().int() })
    .describe("The demo plots sown in the season, by the stage they are at"),
  yieldGain,
});

const spanShape = {
  first: z.string().describe("The first day, yyyy-MM-dd (Asia/Karachi)"),
  last: z.string().describe("The last day"),
};

export const farmersReportAnswer = z
  .looseObject({
    season: z.string().describe("RABI-yyyy (October to March) or KHARIF-yyyy (April to September)"),
    label: z.string(),
    ...spanShape,
    today: z.string().describe("Today, yyyy-MM-dd, Asia/Karachi"),
    groupBy: z.enum(FARMER_GROUPINGS),
    team: z.looseObject({ id: z.number().int(), name: z.string() }).nullable(),
    rows: z
      .array(
        z.looseObject({
          key: z.string().describe("The officer's or team's id (none: no team), or the season"),
          label: z.string(),
          ...spanShape,
          figures,
        }),
      )
      .describe("By officer, team or season (the six seasons to the one asked); by product and crop: none, see gains"),
    totals: z
      .looseObject({ ...spanShape, figures })
      .describe("The rows' officers together: farmers counted once however many of them met them"),
    gains: z
      .array(
        z.looseObject({
          product: z.enum(SALE_PRODUCTS),
          crop: z.string(),
          label: z.string(),
          yieldGain,
        }),
      )
      .describe("The average yield gain of the season's harvested plots by product and crop"),
  })
  .meta({ id: "FarmersReport" });
