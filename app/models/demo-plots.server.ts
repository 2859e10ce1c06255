import type { PlotStage, VisitStage } from "~/lib/plot-stages";
import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { appDate } from "~/infra/clock.server";
import { AppError } from "~/lib/app-error";
import { addDays } from "~/lib/calendar";
import type { Crop } from "~/lib/crops";
import type { SaleProduct } from "~/lib/post-types";
import {
  midVisitDay,
  PLOT_NOT_FOUND,
  PLOTS_PAGE_SIZE,
  yieldGainPercent,
  type PlotListQuery,
} from "~/models/demo-plot.schema";
import { FARMER_NOT_FOUND } from "~/models/farmer.schema";
import { authorize, refusalOf, seesEveryone, ownTeamIds, type Action } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import type { PostInput } from "~/models/post.schema";
import type { Viewer } from "~/models/team-scope.server";
import type { MessageKey } from "~/locales/namespaces";

// Demo plots through their season (decision 96): a Demo Plot post starts a plot on a farmer's
// land or records a visit to one (mid-season, harvest), in the post's own transaction. A plot is
// read by the people of its officer's team, the managers who lead it and admins; its visits are
// recorded by its officer alone. Its messages are the farmers catalog's keys (decision 101).

export const FARMER_PHONE_UNKNOWN = "farmers:errors.farmerPhoneUnknown";
const FARMER_ERASED_FOR_PLOT = "farmers:errors.farmerErasedForPlot";
export const SOWN_IN_FUTURE = "farmers:errors.sownInFuture";
const SOWN_TOO_EARLY = "farmers:errors.sownTooEarly";
export const VISIT_IN_FUTURE = "farmers:errors.visitInFuture";
export const PLOT_HARVESTED = "farmers:errors.plotHarvested";
/** A visit of a stage the plot has had already. */
const STAGE_DONE: Record<VisitStage, MessageKey> = {
  MID_SEASON: "farmers:errors.midSeasonVisitDone",
  HARVEST: "farmers:errors.harvestDone",
};

/** What a Demo Plot post does to a plot, checked before anything is written. */
export type PlotWrite =
  | { kind: "start"; data: Omit<Prisma.DemoPlotUncheckedCreateInput, "postId"> }
  | { kind: "visit"; plotId: number; stage: VisitStage; visitedOn: string; change: Prisma.DemoPlotUpdateManyArgs };

/** 403 on `field` unless `viewer` may do `action` to `subject`. */
async function allow(
  viewer: Viewer,
  action: Action,
  subject: { teamId?: number | null; ownerId?: number },
  field: string,
) {
  const refusal = refusalOf(await policyViewer(viewer), action, subject);
  if (refusal !== null) throw new AppError(403, refusal, { field });
}

/**
 * The plot a Demo Plot post starts or visits, checked (the farmer's team, the plot's officer, the
 * days against today and the plot's): null for any other post, or one without `plotAction`.
 */
export async function planPlotWrite(authorId: number, input: PostInput): Promise<PlotWrite | null> {
  if (input.type !== "DEMO_PLOT" || input.plotAction === undefined) return null;
  const author = await prisma.user.findUniqueOrThrow({
    where: { id: authorId },
    select: { id: true, role: true, teamId: true },
  });
  const today = appDate();
  if (input.plotAction === "start") return planStart(author, input, today);
  return planVisit(author, input, today);
}

async function planStart(author: Viewer, input: PostInput, today: string): Promise<PlotWrite> {
  const field = input.farmerId === undefined ? "farmerPhone" : "farmerId";
  const farmer = await prisma.farmer.findUnique({
    where: input.farmerId === undefined ? { phone: input.farmerPhone ?? "" } : { id: input.farmerId },
    select: { id: true, teamId: true, erasedAt: true },
  });
  if (!farmer)
    throw new AppError(400, input.farmerId === undefined ? FARMER_PHONE_UNKNOWN : FARMER_NOT_FOUND, { field });
  await allow(author, "farmer.read", { teamId: farmer.teamId }, field);
  if (farmer.erasedAt) throw new AppError(409, FARMER_ERASED_FOR_PLOT, { field });
  // The schema has checked that every field is there and that the harvest follows the sowing.
  const sownOn = input.sownOn ?? "";
  const harvestDueOn = input.harvestDueOn ?? "";
  if (sownOn > today) throw new AppError(400, SOWN_IN_FUTURE, { field: "sownOn" });
  if (sownOn < addDays(today, -365)) throw new AppError(400, SOWN_TOO_EARLY, { field: "sownOn" });
  return {
    kind: "start",
    data: {
      farmerId: farmer.id,
      officerId: author.id,
      crop: input.crop ?? "",
      product: input.plotProduct ?? "",
      areaHundredths: input.plotAcres ?? 0,
      controlAreaHundredths: input.controlAcres ?? 0,
      lat: input.lat ?? 0,
      lng: input.lng ?? 0,
      sownOn,
      midVisitDueOn: midVisitDay(sownOn, harvestDueOn),
      harvestDueOn,
    },
  };
}

async function planVisit(author: Viewer, input: PostInput, today: string): Promise<PlotWrite> {
  const plotId = input.plotId ?? 0;
  const plot = await prisma.demoPlot.findUnique({
    where: { id: plotId },
    select: { officerId: true, stage: true, sownOn: true, visits: { select: { stage: true, visitedOn: true } } },
  });
  if (!plot) throw new AppError(404, PLOT_NOT_FOUND, { field: "plotId" });
  await allow(author, "plot.visit", { ownerId: plot.officerId }, "plotId");
  if (plot.stage === "HARVESTED") throw new AppError(409, PLOT_HARVESTED, { field: "plotId" });
  const stage = input.visitStage ?? "MID_SEASON";
  if (plot.visits.some((visit) => visit.stage === stage))
    throw new AppError(409, STAGE_DONE[stage], { field: "visitStage" });
  const visitedOn = input.visitedOn ?? "";
  if (visitedOn > today) throw new AppError(400, VISIT_IN_FUTURE, { field: "visitedOn" });
  if (visitedOn < plot.sownOn)
    throw new AppError(400, "farmers:errors.visitBeforeSowing", {
      field: "visitedOn",
      values: { sownOn: plot.sownOn },
    });
  const midVisit = plot.visits.find((visit) => visit.stage === "MID_SEASON");
  if (stage === "HARVEST" && midVisit && visitedOn < midVisit.visitedOn)
    throw new AppError(400, "farmers:errors.harvestBeforeMidVisit", {
      field: "visitedOn",
      values: { visitedOn: midVisit.visitedOn },
    });
  const change: Prisma.DemoPlotUpdateManyArgs =
    stage === "HARVEST"
      ? {
          where: { id: plotId, stage: { not: "HARVESTED" } },
          data: {
            stage: "HARVESTED",
            harvestedOn: visitedOn,
            yieldKgPerAcre: input.yieldKgPerAcre ?? null,
            controlYieldKgPerAcre: input.controlYieldKgPerAcre ?? null,
            verdict: input.verdict ?? null,
          },
        }
      : { where: { id: plotId, stage: "SOWN" }, data: { stage: "MID_SEASON" } };
  return { kind: "visit", plotId, stage, visitedOn, change };
}

/**
 * Writes what `planPlotWrite` checked, in the post's transaction: a second visit of the same stage,
 * or a harvest, that won a race since, refuses the post (409) and nothing is written.
 */
export async function writePlot(tx: Prisma.TransactionClient, plan: PlotWrite, postId: number): Promise<void> {
  if (plan.kind === "start") {
    await tx.demoPlot.create({ data: { ...plan.data, postId }, select: { id: true } });
    return;
  }
  try {
    await tx.plotVisit.create({
      data: { plotId: plan.plotId, postId, stage: plan.stage, visitedOn: plan.visitedOn },
      select: { id: true },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new AppError(409, STAGE_DONE[plan.stage], { field: "visitStage" });
    throw error;
  }
  // A mid-season visit moves a sown plot on (a plot already further on stays where it is).
  const moved = await tx.demoPlot.updateMany(plan.change);
  if (moved.count === 0 && plan.stage === "HARVEST") throw new AppError(409, PLOT_HARVESTED, { field: "plotId" });
}

const PLOT_SELECT = {
  id: true,
  postId: true,
  stage: true,
  crop: true,
  product: true,
  areaHundredths: true,
  controlAreaHundredths: true,
  lat: true,
  lng: true,
  sownOn: true,
  midVisitDueOn: true,
  harvestDueOn: true,
  harvestedOn: true,
  yieldKgPerAcre: true,
  controlYieldKgPerAcre: true,
  verdict: true,
  createdAt: true,
  updatedAt: true,
  farmer: { select: { id: true, name: true } },
  officer: {
    select: { id: true, username: true, firstName: true, lastName: true, team: { select: { id: true, name: true } } },
  },
  visits: { select: { id: true, postId: true, stage: true, visitedOn: true }, orderBy: { visitedOn: "asc" } },
} satisfies Prisma.DemoPlotSelect;

type PlotRow = Prisma.DemoPlotGetPayload<{ select: typeof PLOT_SELECT }>;

function plotView(row: PlotRow) {
  const { officer, visits, areaHundredths, controlAreaHundredths, ...plot } = row;
  const { team, ...person } = officer;
  return {
    ...plot,
    stage: plot.stage as PlotStage,
    crop: plot.crop as Crop,
    product: plot.product as SaleProduct,
    areaAcres: areaHundredths / 100,
    controlAreaAcres: controlAreaHundredths / 100,
    yieldGainPercent:
      plot.yieldKgPerAcre !== null && plot.controlYieldKgPerAcre !== null
        ? yieldGainPercent(plot.yieldKgPerAcre, plot.controlYieldKgPerAcre)
        : null,
    officer: person,
    team,
    visits: visits.map((visit) => ({ ...visit, stage: visit.stage as VisitStage })),
    createdAt: plot.createdAt.toISOString(),
    updatedAt: plot.updatedAt.toISOString(),
  };
}
/** A plot as its page and /api show it; an erased farmer's name is "Erased farmer" (their row's). */
export type PlotView = ReturnType<typeof plotView>;

/** The plots `viewer` reads: those of their own teams' officers; an admin's, every plot. */
async function scopeOf(viewer: Viewer): Promise<Prisma.DemoPlotWhereInput> {
  if (seesEveryone(viewer)) return {};
  return { officer: { teamId: { in: ownTeamIds(await policyViewer(viewer)) } } };
}

/** The plot, as `viewer` may read it: 404 when there is none, 403 when it is another team's. */
export async function getPlot(viewer: Viewer, id: number): Promise<PlotView> {
  const row = await prisma.demoPlot.findUnique({ where: { id }, select: PLOT_SELECT });
  if (!row) throw new AppError(404, PLOT_NOT_FOUND);
  authorize(await policyViewer(viewer), "plot.read", { teamId: row.officer.team?.id ?? null });
  return plotView(row);
}

/** Plots by id as they are now, for the change feed's reader (an admin's or the company's). */
export async function getPlots(ids: number[]): Promise<PlotView[]> {
  const rows = await prisma.demoPlot.findMany({ where: { id: { in: ids } }, select: PLOT_SELECT });
  return rows.map(plotView);
}

export type PlotPage = { plots: PlotView[]; page: number; hasMore: boolean };

/** One page of the plots `viewer` reads, newest sowing first, by stage, officer or farmer. */
export async function listPlots(
  viewer: Viewer,
  { stage, officerId, farmerId, page }: PlotListQuery,
): Promise<PlotPage> {
  const rows = await prisma.demoPlot.findMany({
    where: { AND: [await scopeOf(viewer), { stage, officerId, farmerId }] },
    select: PLOT_SELECT,
    orderBy: [{ sownOn: "desc" }, { id: "desc" }],
    skip: (page - 1) * PLOTS_PAGE_SIZE,
    // One more than the page tells whether another page follows.
    take: PLOTS_PAGE_SIZE + 1,
  });
  return { plots: rows.slice(0, PLOTS_PAGE_SIZE).map(plotView), page, hasMore: rows.length > PLOTS_PAGE_SIZE };
}

/** The plot each of these posts started or visited, with its stage now: a Demo Plot post's `plot`. */
export async function plotsOfPosts(postIds: number[]): Promise<Map<number, { id: number; stage: PlotStage }>> {
  const byPost = new Map<number, { id: number; stage: PlotStage }>();
  if (postIds.length === 0) return byPost;
  const [started, visited] = await Promise.all([
    prisma.demoPlot.findMany({ where: { postId: { in: postIds } }, select: { id: true, postId: true, stage: true } }),
    prisma.plotVisit.findMany({
      where: { postId: { in: postIds } },
      select: { postId: true, plot: { select: { id: true, stage: true } } },
    }),
  ]);
  for (const plot of started) byPost.set(plot.postId, { id: plot.id, stage: plot.stage as PlotStage });
  for (const visit of visited) byPost.set(visit.postId, { id: visit.plot.id, stage: visit.plot.stage as PlotStage });
  return byPost;
}

/**
 * The plots an officer follows that are not yet harvested, for New Post's visit: newest sowing
 * first, each with what the page names it by (its crop, farmer and sowing day, in the reader's words).
 */
export async function openPlotsOf(
  officerId: number,
): Promise<{ id: number; crop: string; farmer: string; sownOn: string }[]> {
  const plots = await prisma.demoPlot.findMany({
    where: { officerId, stage: { not: "HARVESTED" } },
    select: { id: true, crop: true, sownOn: true, farmer: { select: { name: true } } },
    orderBy: [{ sownOn: "desc" }, { id: "desc" }],
    take: 100,
  });
  return plots.map((plot) => ({
    id: plot.id,
    crop: plot.crop,
    farmer: plot.farmer.name,
    sownOn: plot.sownOn,
  }));
}
