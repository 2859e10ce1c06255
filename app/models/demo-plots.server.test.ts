import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { english } from "../../tests/support/english";
import {
  FARMER_PHONE_UNKNOWN,
  getPlot,
  listPlots,
  PLOT_HARVESTED,
  SOWN_IN_FUTURE,
  VISIT_IN_FUTURE,
} from "~/models/demo-plots.server";
import {
  HARVEST_DUE_ORDER,
  PLOT_AREA_INVALID,
  PLOT_NOT_FOUND,
  PLOT_PLACE_REQUIRED,
  plotListSchema,
  YIELD_INVALID,
} from "~/models/demo-plot.schema";
import { PLOT_NOT_FOLLOWED, PLOT_NOT_YOURS, FARMER_NOT_YOURS } from "~/models/policy";
import { createPost, getPost } from "~/models/post.server";
import { postSchema } from "~/models/post.schema";
import { AppError } from "~/lib/app-error";
import { CROPS } from "~/lib/crops";
import { PLOT_STAGES } from "~/lib/plot-stages";
import { SALE_PRODUCTS } from "~/lib/post-types";
import { farmerSchema } from "~/models/farmer.schema";
import { COMPANY_READER, withCurrentShapes } from "~/models/change.server";

// Today in Karachi is 2026-11-28.
const NOW = new Date("2026-11-28T07:00:00Z");

beforeEach(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  await resetDatabase();
});
afterEach(() => vi.useRealTimers());

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId, firstName: username },
    select: { id: true, role: true, teamId: true },
  });
}

async function world() {
  const north = (await prisma.team.create({ data: { name: "North" } })).id;
  const south = (await prisma.team.create({ data: { name: "South" } })).id;
  const manager = await person("manager", "MANAGER", north);
  await prisma.teamManager.create({ data: { teamId: north, userId: manager.id } });
  const ayesha = await person("ayesha", "OFFICER", north);
  const bilal = await person("bilal", "OFFICER", north);
  const sana = await person("sana", "OFFICER", south);
  const farmer = (teamId: number, phone: string) =>
    prisma.farmer.create({
      data: { name: `Farmer ${phone}`, phone, tehsil: "Sahiwal", district: "Sahiwal", landHundredths: 500, teamId },
      select: { id: true },
    });
  const rasool = await farmer(north, "+923001234567");
  const southern = await farmer(south, "+923007654321");
  return { north, south, manager, ayesha, bilal, sana, rasool, southern };
}

const START = {
  type: "DEMO_PLOT",
  text: "Plot laid",
  lat: "30.6",
  lng: "73.1",
  address: "Chak 45",
  plotAction: "start",
  farmerPhone: "0300-1234567",
  crop: "wheat",
  plotProduct: "SSP",
  plotAcres: "1",
  controlAcres: "0.5",
  sownOn: "2026-11-01",
  harvestDueOn: "2027-04-01",
};

/** A post as a form sends it, through the one schema. */
const post = (userId: number, fields: Record<string, unknown>) => createPost(userId, postSchema.parse(fields));

const visit = (plotId: number, fields: Record<string, unknown>) => ({
  type: "DEMO_PLOT",
  text: "Visited",
  plotAction: "visit",
  plotId: String(plotId),
  ...fields,
});
const HARVEST = {
  visitStage: "HARVEST",
  visitedOn: "2026-11-27",
  yieldKgPerAcre: "2400",
  controlYieldKgPerAcre: "2000",
};

/** What the database holds of posts, plots and visits: nothing written is nothing changed. */
const counts = async () => ({
  posts: await prisma.post.count(),
  plots: await prisma.demoPlot.count(),
  visits: await prisma.plotVisit.count(),
});

async function refusal(write: Promise<unknown>) {
  const error = await write.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  // The message as an English page and /api say it.
  return {
    status: (error as AppError).status,
    message: english((error as AppError).message, (error as AppError).values),
  };
}

async function startPlot(userId: number) {
  const { id } = await post(userId, START);
  return prisma.demoPlot.findUniqueOrThrow({ where: { postId: id } });
}

describe("a Demo Plot post starts a plot", () => {
  it("on a farmer of the author's team, found by phone, with the mid-season visit due halfway", async () => {
    const w = await world();
    const plot = await startPlot(w.ayesha.id);
    expect(plot).toMatchObject({
      farmerId: w.rasool.id,
      officerId: w.ayesha.id,
      crop: "wheat",
      product: "SSP",
      areaHundredths: 100,
      controlAreaHundredths: 50,
      lat: 30.6,
      sownOn: "2026-11-01",
      midVisitDueOn: "2027-01-15",
      harvestDueOn: "2027-04-01",
      stage: "SOWN",
    });
    expect((await getPost(plot.postId, w.ayesha))?.plot).toEqual({ id: plot.id, stage: "SOWN" });
  });

  it("a post of another type, or a Demo Plot post without plotAction, starts none", async () => {
    const w = await world();
    await post(w.ayesha.id, { type: "DEMO_PLOT", text: "Just a post" });
    await post(w.ayesha.id, { ...START, type: "FIELD_VISIT" });
    expect(await counts()).toEqual({ posts: 2, plots: 0, visits: 0 });
  });

  it("refuses absurd input in the schema: an area, a harvest before sowing, no place", () => {
    const issues = (fields: Record<string, unknown>) =>
      postSchema.safeParse({ ...START, ...fields }).error?.issues.map((issue) => issue.message);
    expect(issues({ plotAcres: "500" })).toEqual([PLOT_AREA_INVALID]);
    expect(issues({ plotAcres: "0.001" })).toEqual([PLOT_AREA_INVALID]);
    expect(issues({ harvestDueOn: "2026-10-01" })).toEqual([HARVEST_DUE_ORDER]);
    expect(issues({ harvestDueOn: "2028-03-01" })).toEqual([HARVEST_DUE_ORDER]);
    expect(issues({ lat: "", lng: "" })).toEqual([PLOT_PLACE_REQUIRED]);
    expect(issues({ ...visit(1, { ...HARVEST, yieldKgPerAcre: "1000000" }) })).toEqual([YIELD_INVALID]);
  });

  it("names in its English messages the very crops, products and stages the schemas take", () => {
    const issue = (fields: Record<string, unknown>) =>
      english(postSchema.safeParse({ ...START, ...fields }).error?.issues[0]?.message ?? "");
    expect(issue({ crop: "opium" })).toBe(`Crop must be one of: ${CROPS.join(", ")}`);
    expect(issue({ plotProduct: "UREA" })).toBe(`Product must be one of: ${SALE_PRODUCTS.join(", ")}`);
    expect(issue({ sownOn: "2026-11-01", harvestDueOn: "2028-01-01" })).toBe(
      "Expected harvest date must be after the sowing date and within 400 days of it",
    );
    expect(english(plotListSchema.safeParse({ stage: "RIPE" }).error?.issues[0]?.message ?? "")).toBe(
      `stage must be one of ${PLOT_STAGES.join(", ")}`,
    );
    expect(english(farmerSchema.safeParse({ mainCrops: ["opium"] }).error?.issues.at(-1)?.message ?? "")).toBe(
      `Main crops must be among: ${CROPS.join(", ")}`,
    );
  });

  it("refuses another team's farmer (403), an unknown phone (400) and a sowing in the future (400), writing nothing", async () => {
    const w = await world();
    expect(await refusal(post(w.ayesha.id, { ...START, farmerPhone: "0300 7654321" }))).toEqual({
      status: 403,
      message: english(FARMER_NOT_YOURS),
    });
    expect(await refusal(post(w.ayesha.id, { ...START, farmerPhone: "0300 1111111" }))).toEqual({
      status: 400,
      message: english(FARMER_PHONE_UNKNOWN),
    });
    expect(await refusal(post(w.ayesha.id, { ...START, sownOn: "2026-11-29" }))).toEqual({
      status: 400,
      message: english(SOWN_IN_FUTURE),
    });
    expect(await counts()).toEqual({ posts: 0, plots: 0, visits: 0 });
  });
});

describe("a Demo Plot post visits a plot", () => {
  it("mid-season moves SOWN to MID_SEASON; the harvest to HARVESTED with the yields; one visit per stage (409)", async () => {
    const w = await world();
    const plot = await startPlot(w.ayesha.id);
    await post(w.ayesha.id, visit(plot.id, { visitStage: "MID_SEASON", visitedOn: "2026-11-20" }));
    expect((await getPlot(w.ayesha, plot.id)).stage).toBe("MID_SEASON");
    const before = await counts();
    expect(
      await refusal(post(w.ayesha.id, visit(plot.id, { visitStage: "MID_SEASON", visitedOn: "2026-11-21" }))),
    ).toEqual({ status: 409, message: "This plot's mid-season visit is already recorded." });
    expect(await counts()).toEqual(before);

    await post(w.ayesha.id, visit(plot.id, { ...HARVEST, verdict: "Good grain" }));
    const harvested = await getPlot(w.manager, plot.id);
    expect(harvested).toMatchObject({
      stage: "HARVESTED",
      harvestedOn: "2026-11-27",
      yieldKgPerAcre: 2400,
      controlYieldKgPerAcre: 2000,
      yieldGainPercent: 20,
      verdict: "Good grain",
    });
    expect(harvested.visits.map((v) => v.stage)).toEqual(["MID_SEASON", "HARVEST"]);
    expect(await refusal(post(w.ayesha.id, visit(plot.id, HARVEST)))).toEqual({
      status: 409,
      message: english(PLOT_HARVESTED),
    });
  });

  it("refuses a harvest before sowing, a visit in the future, another officer's or team's plot, writing nothing", async () => {
    const w = await world();
    const plot = await startPlot(w.ayesha.id);
    const before = await counts();
    expect(await refusal(post(w.ayesha.id, visit(plot.id, { ...HARVEST, visitedOn: "2026-10-30" })))).toEqual({
      status: 400,
      message: "Visit date cannot be before the plot was sown (2026-11-01)",
    });
    expect(await refusal(post(w.ayesha.id, visit(plot.id, { ...HARVEST, visitedOn: "2026-11-29" })))).toEqual({
      status: 400,
      message: english(VISIT_IN_FUTURE),
    });
    expect(await refusal(post(w.bilal.id, visit(plot.id, HARVEST)))).toEqual({
      status: 403,
      message: english(PLOT_NOT_FOLLOWED),
    });
    expect(await refusal(post(w.sana.id, visit(plot.id, HARVEST)))).toEqual({
      status: 403,
      message: english(PLOT_NOT_FOLLOWED),
    });
    expect(await refusal(post(w.ayesha.id, visit(999_999, HARVEST)))).toEqual({
      status: 404,
      message: english(PLOT_NOT_FOUND),
    });
    expect(await counts()).toEqual(before);
    expect((await getPlot(w.ayesha, plot.id)).stage).toBe("SOWN");
  });
});

describe("reading plots", () => {
  it("the officer's team and its manager read a plot, another team 403; lists are scoped and filtered", async () => {
    const w = await world();
    const plot = await startPlot(w.ayesha.id);
    expect((await getPlot(w.bilal, plot.id)).farmer).toEqual({ id: w.rasool.id, name: "Farmer +923001234567" });
    expect(await refusal(getPlot(w.sana, plot.id))).toEqual({ status: 403, message: english(PLOT_NOT_YOURS) });
    const list = (viewer: typeof w.sana, query: Record<string, string> = {}) =>
      listPlots(viewer, plotListSchema.parse(query)).then((page) => page.plots.map((p) => p.id));
    expect(await list(w.manager)).toEqual([plot.id]);
    expect(await list(w.sana)).toEqual([]);
    expect(await list(w.ayesha, { stage: "HARVESTED" })).toEqual([]);
    expect(await list(w.ayesha, { farmerId: String(w.rasool.id) })).toEqual([plot.id]);
  });

  it("the change feed tells a plot's start and harvest; after the farmer's erasure its reads name them Erased farmer", async () => {
    const w = await world();
    const plot = await startPlot(w.ayesha.id);
    await post(w.ayesha.id, visit(plot.id, HARVEST));
    const changes = await prisma.change.findMany({ where: { entity: "plot" }, orderBy: { seq: "asc" } });
    expect(changes.map((change) => [change.entityId, change.op])).toEqual([
      [plot.id, "created"],
      [plot.id, "updated"],
    ]);
    await prisma.farmer.update({
      where: { id: w.rasool.id },
      data: { name: "Erased farmer", phone: null, erasedAt: NOW },
    });
    const feed = await withCurrentShapes(changes, COMPANY_READER);
    expect(feed.map((change) => (change.data as { farmer?: { name: string } }).farmer?.name)).toEqual([
      "Erased farmer",
      "Erased farmer",
    ]);
    const text = JSON.stringify([
      feed,
      await getPlot(w.ayesha, plot.id),
      await listPlots(w.ayesha, plotListSchema.parse({})),
    ]);
    expect(text).not.toContain("Farmer +923001234567");
    expect(await prisma.demoPlot.count()).toBe(1);
  });
});
