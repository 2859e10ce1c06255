import { z } from "~/lib/zod";
import { addDays, dayNumber, isCalendarDate } from "~/lib/calendar";
import { CROPS } from "~/lib/crops";
import { idSchema } from "~/lib/ids";
import { PLOT_STAGES, VISIT_STAGES } from "~/lib/plot-stages";
import { SALE_PRODUCTS } from "~/lib/post-types";
import { acresSchema, pageSchema, phoneSchema } from "~/models/farmer.schema";

// A demo plot's season through Demo Plot posts (decision 96): the plot fields a DEMO_PLOT post
// carries, in the same schema as the post's (the New Post form and POST /api/posts). A post
// either starts a plot (`plotAction` "start") or visits one of the author's (`plotAction`
// "visit"); without `plotAction` it is a Demo Plot post as before, with no plot. The checks that
// need today's date or the database (a sowing day in the future, a visit before sowing, whose
// farmer or plot it is) are the model's, in demo-plots.server.ts. Its messages are the farmers
// catalog's keys (decision 101): said in the reader's language, in English on /api.

const PLOT_ACTIONS = ["start", "visit"] as const;

export const PLOT_NOT_FOUND = "farmers:errors.plotNotFound";
export const PLOTS_PAGE_SIZE = 20;
/** A plot's area and its control's: 0.01 to 100 acres, in hundredths of an acre. */
const PLOT_AREA_MAX = 10_000;
/** Kilograms per acre at harvest: no crop yields more than 100,000. */
const YIELD_MAX = 100_000;
/** The longest season from sowing to harvest, in days (sugarcane's is about a year): HARVEST_DUE_ORDER says it. */
const SEASON_MAX_DAYS = 400;
/** VERDICT_TOO_LONG says it. */
const MAX_VERDICT = 500;

const PLOT_ACTION_INVALID = "farmers:errors.plotActionInvalid";
const FARMER_REQUIRED = "farmers:errors.plotFarmerRequired";
/** Names the crops of lib/crops.ts (CROPS). */
const CROP_REQUIRED = "farmers:errors.plotCropRequired";
/** Names the products of lib/post-types.ts (SALE_PRODUCTS). */
const PLOT_PRODUCT_REQUIRED = "farmers:errors.plotProductRequired";
export const PLOT_AREA_INVALID = "farmers:errors.plotAreaInvalid";
const CONTROL_AREA_INVALID = "farmers:errors.controlAreaInvalid";
export const PLOT_PLACE_REQUIRED = "farmers:errors.plotPlaceRequired";
const SOWN_ON_INVALID = "farmers:errors.sownOnInvalid";
const HARVEST_DUE_INVALID = "farmers:errors.harvestDueInvalid";
export const HARVEST_DUE_ORDER = "farmers:errors.harvestDueOrder";
const PLOT_REQUIRED = "farmers:errors.plotRequired";
const VISIT_STAGE_REQUIRED = "farmers:errors.visitStageRequired";
const VISITED_ON_INVALID = "farmers:errors.visitedOnInvalid";
export const YIELD_INVALID = "farmers:errors.yieldInvalid";
const CONTROL_YIELD_INVALID = "farmers:errors.controlYieldInvalid";
const VERDICT_TOO_LONG = "farmers:errors.verdictTooLong";

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const dayField = (message: string) => optional(z.string({ error: message }).trim().refine(isCalendarDate, message));

const kgPerAcre = (message: string) =>
  optional(
    z.preprocess(
      (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
      z.number({ error: message }).int(message).min(1, message).max(YIELD_MAX, message),
    ),
  );

/** The plot fields of a post, spread into the post's schema: the form's names are the JSON's. */
export const plotFields = {
  plotAction: optional(z.enum(PLOT_ACTIONS, { error: PLOT_ACTION_INVALID })).meta({
    description: 'Demo Plot posts: "start" a plot or "visit" one already started; none for a post without a plot',
  }),
  farmerId: optional(idSchema("farmers:errors.farmerIdInvalid")).meta({
    description: "Starting a plot: the farmer (or farmerPhone), one the author's team works with",
  }),
  farmerPhone: optional(phoneSchema).meta({ description: "Starting a plot: the farmer's phone, instead of farmerId" }),
  crop: optional(z.enum(CROPS, { error: CROP_REQUIRED })),
  plotProduct: optional(z.enum(SALE_PRODUCTS, { error: PLOT_PRODUCT_REQUIRED })).meta({
    description: "Starting a plot: the product it shows",
  }),
  plotAcres: optional(acresSchema(PLOT_AREA_INVALID, PLOT_AREA_MAX)).meta({
    type: ["string", "number"],
    description: "Starting a plot: its area in acres (0.01 to 100)",
  }),
  controlAcres: optional(acresSchema(CONTROL_AREA_INVALID, PLOT_AREA_MAX)).meta({
    type: ["string", "number"],
    description: "Starting a plot: the untreated control plot's area in acres (0.01 to 100)",
  }),
  sownOn: dayField(SOWN_ON_INVALID).meta({ description: "Starting a plot: the sowing day, YYYY-MM-DD" }),
  harvestDueOn: dayField(HARVEST_DUE_INVALID).meta({
    description: "Starting a plot: the expected harvest day, YYYY-MM-DD; the mid-season visit falls due halfway",
  }),
  plotId: optional(idSchema("farmers:errors.plotIdInvalid")).meta({ description: "Visiting a plot: its id" }),
  visitStage: optional(z.enum(VISIT_STAGES, { error: VISIT_STAGE_REQUIRED })),
  visitedOn: dayField(VISITED_ON_INVALID).meta({ description: "Visiting a plot: the visit's day, YYYY-MM-DD" }),
  yieldKgPerAcre: kgPerAcre(YIELD_INVALID).meta({ description: "At harvest: the plot's yield, kg per acre" }),
  controlYieldKgPerAcre: kgPerAcre(CONTROL_YIELD_INVALID).meta({
    description: "At harvest: the control plot's yield, kg per acre",
  }),
  verdict: optional(z.string({ error: VERDICT_TOO_LONG }).trim().max(MAX_VERDICT, VERDICT_TOO_LONG)).meta({
    description: "At harvest: what the farmer said of the result",
  }),
};

type PlotInput = { type: string; lat?: number } & {
  [Key in keyof typeof plotFields]?: z.infer<(typeof plotFields)[Key]>;
};

/** The checks of a Demo Plot post's plot that need nothing but the post (called by the post's superRefine). */
export function refinePlot(post: PlotInput, ctx: z.RefinementCtx): void {
  if (post.type !== "DEMO_PLOT" || post.plotAction === undefined) return;
  const require = (given: unknown, path: string, message: string) => {
    if (given === undefined) ctx.addIssue({ code: "custom", path: [path], message });
  };
  if (post.plotAction === "start") {
    if (post.farmerId === undefined) require(post.farmerPhone, "farmerPhone", FARMER_REQUIRED);
    require(post.crop, "crop", CROP_REQUIRED);
    require(post.plotProduct, "plotProduct", PLOT_PRODUCT_REQUIRED);
    require(post.plotAcres, "plotAcres", PLOT_AREA_INVALID);
    require(post.controlAcres, "controlAcres", CONTROL_AREA_INVALID);
    require(post.lat, "lat", PLOT_PLACE_REQUIRED);
    require(post.sownOn, "sownOn", SOWN_ON_INVALID);
    require(post.harvestDueOn, "harvestDueOn", HARVEST_DUE_INVALID);
    if (post.sownOn && post.harvestDueOn && !harvestDueFits(post.sownOn, post.harvestDueOn))
      ctx.addIssue({ code: "custom", path: ["harvestDueOn"], message: HARVEST_DUE_ORDER });
    return;
  }
  require(post.plotId, "plotId", PLOT_REQUIRED);
  require(post.visitStage, "visitStage", VISIT_STAGE_REQUIRED);
  require(post.visitedOn, "visitedOn", VISITED_ON_INVALID);
  if (post.visitStage === "HARVEST") {
    require(post.yieldKgPerAcre, "yieldKgPerAcre", YIELD_INVALID);
    require(post.controlYieldKgPerAcre, "controlYieldKgPerAcre", CONTROL_YIELD_INVALID);
  }
}

function harvestDueFits(sownOn: string, harvestDueOn: string): boolean {
  return harvestDueOn > sownOn && harvestDueOn <= addDays(sownOn, SEASON_MAX_DAYS);
}

/** The mid-season visit falls due halfway from sowing to the expected harvest. */
export function midVisitDay(sownOn: string, harvestDueOn: string): string {
  return addDays(sownOn, Math.floor((dayNumber(harvestDueOn) - dayNumber(sownOn)) / 2));
}

/** The plot's yield over its control's, in percent to one decimal: (yield − control) / control. */
export function yieldGainPercent(yieldKg: number, controlKg: number): number {
  return Math.round(((yieldKg - controlKg) / controlKg) * 1000) / 10;
}

export const plotListSchema = z.object({
  stage: optional(z.enum(PLOT_STAGES, { error: "farmers:errors.stageInvalid" })),
  officerId: optional(idSchema("farmers:errors.officerIdInvalid")),
  farmerId: optional(idSchema("farmers:errors.farmerIdInvalid")),
  page: pageSchema(),
});
export type PlotListQuery = z.infer<typeof plotListSchema>;

const nullableInt = z.number().int().nullable();

/** A demo plot as GET /api/plots/{id} answers it (and the change feed carries it). */
export const plotAnswer = z
  .looseObject({
    id: z.number().int(),
    postId: z.number().int().describe("The Demo Plot post that started it"),
    stage: z.enum(PLOT_STAGES),
    crop: z.enum(CROPS),
    product: z.enum(SALE_PRODUCTS),
    areaAcres: z.number().describe("Acres, to two decimals"),
    controlAreaAcres: z.number().describe("The control plot's acres, to two decimals"),
    lat: z.number(),
    lng: z.number(),
    sownOn: z.string().describe("YYYY-MM-DD, Asia/Karachi"),
    midVisitDueOn: z.string().describe("When the mid-season visit falls due: halfway to the expected harvest"),
    harvestDueOn: z.string(),
    harvestedOn: z.string().nullable(),
    yieldKgPerAcre: nullableInt,
    controlYieldKgPerAcre: nullableInt,
    yieldGainPercent: z
      .number()
      .nullable()
      .describe("(yield − control yield) / control yield, in percent to 1 decimal"),
    verdict: z.string().nullable().describe("What the farmer said of the result, at harvest"),
    farmer: z.looseObject({ id: z.number().int(), name: z.string().describe('"Erased farmer" once erased') }),
    officer: z.looseObject({ id: z.number().int(), username: z.string() }).describe("The officer who follows it"),
    team: z.looseObject({ id: z.number().int(), name: z.string() }).nullable().describe("The officer's team"),
    visits: z.array(
      z.looseObject({
        id: z.number().int(),
        postId: z.number().int().describe("The Demo Plot post that recorded the visit"),
        stage: z.enum(VISIT_STAGES),
        visitedOn: z.string(),
      }),
    ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "DemoPlot" });

/** GET /api/plots: one page of the plots the caller reads. */
export const plotPageAnswer = z
  .looseObject({
    plots: z.array(plotAnswer),
    page: z.number().int().describe("This page, from 1"),
    hasMore: z.boolean().describe("Another page follows: ask for page + 1"),
  })
  .meta({ id: "DemoPlotPage" });
