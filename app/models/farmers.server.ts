import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { currentTime } from "~/infra/clock.server";
import { type Created, createOnce, type SubmissionKey } from "~/infra/idempotency.server";
import { AppError } from "~/lib/app-error";
import { CROPS, type Crop } from "~/lib/crops";
import { phoneKey } from "~/lib/phone";
import {
  ERASED_NAME,
  FARMER_ERASED,
  FARMER_NOT_FOUND,
  FARMERS_PAGE_SIZE,
  type FarmerInput,
  type FarmerPatch,
  type FarmerSearch,
} from "~/models/farmer.schema";
import { lastKnownPlace } from "~/models/checkin.server";
import { type DealerOption, listDealerOptions } from "~/models/dealer.server";
import { authorize, can, ownTeamIds, seesEveryone } from "~/models/policy";
import { TEAM_NOT_FOUND } from "~/models/team.schema";
import { policyViewer } from "~/models/policy.server";
import type { Viewer } from "~/models/team-scope.server";

// The farmer register (decision 94). A farmer is worked with by the team of the officer who added
// them: its people and the managers who lead it read and change them, admins every farmer. A
// phone names one farmer of the company; erasure on request clears the personal data (name,
// phone, village) and keeps the row, so that counts of what was done with them stay right.

export const DEALER_UNKNOWN = "farmers:errors.dealerNotFound";
export const FARMER_TEAM_NOT_YOURS = "farmers:errors.teamNotYours";
export const NO_TEAM_TO_WORK_WITH = "farmers:errors.noTeamToWorkWith";

const FARMER_SELECT = {
  id: true,
  name: true,
  phone: true,
  village: true,
  tehsil: true,
  district: true,
  landHundredths: true,
  mainCrops: true,
  dealer: { select: { id: true, businessName: true } },
  team: { select: { id: true, name: true } },
  createdById: true,
  createdAt: true,
  updatedAt: true,
  erasedAt: true,
} satisfies Prisma.FarmerSelect;

type FarmerRow = Prisma.FarmerGetPayload<{ select: typeof FARMER_SELECT }>;

/** A farmer as pages and /api show them; an erased farmer's name is "Erased farmer", without phone or village. */
export type FarmerView = {
  id: number;
  name: string;
  phone: string | null;
  village: string | null;
  tehsil: string;
  district: string;
  /** Acres, to two decimals. */
  landAcres: number;
  mainCrops: Crop[];
  dealer: { id: number; businessName: string } | null;
  team: { id: number; name: string } | null;
  createdById: number | null;
  createdAt: string;
  updatedAt: string;
  erasedAt: string | null;
};

function cropsOf(stored: string): Crop[] {
  const crops: unknown = JSON.parse(stored);
  return Array.isArray(crops) ? crops.filter((crop): crop is Crop => (CROPS as readonly unknown[]).includes(crop)) : [];
}

function farmerView(row: FarmerRow): FarmerView {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    village: row.village,
    tehsil: row.tehsil,
    district: row.district,
    landAcres: row.landHundredths / 100,
    mainCrops: cropsOf(row.mainCrops),
    dealer: row.dealer,
    team: row.team,
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    erasedAt: row.erasedAt?.toISOString() ?? null,
  };
}

/** The farmers `viewer` works with: those of their own teams; an admin's, every farmer. */
async function scopeOf(viewer: Viewer): Promise<Prisma.FarmerWhereInput> {
  if (seesEveryone(viewer)) return {};
  return { teamId: { in: ownTeamIds(await policyViewer(viewer)) } };
}

/** The farmer for `action` by `viewer`: 404 when there is none, 403 when another team works with them. */
export async function requireFarmerFor(
  viewer: Viewer,
  id: number,
  action: "farmer.read" | "farmer.manage" | "farmer.erase",
): Promise<FarmerRow> {
  const row = await prisma.farmer.findUnique({ where: { id }, select: FARMER_SELECT });
  if (!row) throw new AppError(404, FARMER_NOT_FOUND);
  authorize(await policyViewer(viewer), action, { teamId: row.team?.id ?? null });
  return row;
}

/** The farmer, as `viewer` may read them. */
export async function getFarmer(viewer: Viewer, id: number): Promise<FarmerView> {
  return farmerView(await requireFarmerFor(viewer, id, "farmer.read"));
}

/** Farmers by id as they are now, for the change feed's reader (an admin's or the company's). */
export async function getFarmers(ids: number[]): Promise<FarmerView[]> {
  const rows = await prisma.farmer.findMany({ where: { id: { in: ids } }, select: FARMER_SELECT });
  return rows.map(farmerView);
}

export type FarmerPage = { farmers: FarmerView[]; page: number; hasMore: boolean };

/**
 * One page of the farmers `viewer` works with, by name: `query` matches name, village or phone
 * (a number typed "0300 123" matches its digits as stored). Erased farmers are not listed.
 */
export async function searchFarmers(viewer: Viewer, { query, page }: FarmerSearch): Promise<FarmerPage> {
  const text = query?.trim();
  const matches: Prisma.FarmerWhereInput[] = text
    ? [{ name: { contains: text } }, { village: { contains: text } }, { phone: { contains: text } }]
    : [];
  const digits = text?.replace(/\D/g, "") ?? "";
  if (text && /^[\d\s()+-]+$/.test(text) && digits.length >= 3) matches.push({ phone: { contains: phoneKey(digits) } });
  const rows = await prisma.farmer.findMany({
    where: { AND: [await scopeOf(viewer), { erasedAt: null }, matches.length > 0 ? { OR: matches } : {}] },
    select: FARMER_SELECT,
    orderBy: [{ name: "asc" }, { id: "asc" }],
    skip: (page - 1) * FARMERS_PAGE_SIZE,
    // One more than the page tells whether another page follows.
    take: FARMERS_PAGE_SIZE + 1,
  });
  return { farmers: rows.slice(0, FARMERS_PAGE_SIZE).map(farmerView), page, hasMore: rows.length > FARMERS_PAGE_SIZE };
}

/**
 * The dealers the farmer form offers: the nearest to the viewer's last known place (as New Post
 * orders them; by name without one), and the one chosen already however far it is.
 */
export async function dealerChoicesFor(viewer: Viewer, chosenId: number | null): Promise<DealerOption[]> {
  const near = await lastKnownPlace(viewer.id);
  return listDealerOptions({ chosenId: chosenId ?? undefined, near: near ?? undefined }).options;
}

/** 400 on the dealer field unless the dealer exists (every user reads every dealer). */
async function requireDealerOf(dealerId: number | null | undefined): Promise<void> {
  if (dealerId == null) return;
  const dealer = await prisma.dealer.findUnique({ where: { id: dealerId }, select: { id: true } });
  if (!dealer) throw new AppError(400, DEALER_UNKNOWN, { field: "dealerId" });
}

/**
 * 409 on the phone field when another farmer has the phone: the message names them when the
 * viewer works with them, and says only that they exist otherwise.
 */
async function refuseDuplicatePhone(viewer: Viewer, phone: string | null | undefined, self?: number): Promise<void> {
  if (!phone) return;
  const other = await prisma.farmer.findUnique({ where: { phone }, select: { id: true, name: true, teamId: true } });
  if (!other || other.id === self) return;
  const visible =
    seesEveryone(viewer) || (other.teamId !== null && ownTeamIds(await policyViewer(viewer)).includes(other.teamId));
  throw duplicatePhone(visible ? other.name : null);
}

function duplicatePhone(name: string | null): AppError {
  if (name) return new AppError(409, "farmers:errors.phoneOfFarmer", { field: "phone", values: { name } });
  return new AppError(409, "farmers:errors.phoneOfAnotherTeam", { field: "phone" });
}

/** A second writer of the same phone loses at the unique index, with the same answer as the check's. */
export async function orDuplicate<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw duplicatePhone(null);
    throw error;
  }
}

/**
 * The team that is to work with the farmer: `teamId` when sent (400 unknown, 403 unless the viewer
 * manages that team's farmers: their own, one they lead, any for an admin), else `otherwise`.
 */
async function teamToWorkWith(viewer: Viewer, teamId: number | undefined, otherwise: number | null) {
  if (teamId === undefined) return otherwise;
  const team = await prisma.team.findUnique({ where: { id: teamId }, select: { id: true } });
  if (!team) throw new AppError(400, TEAM_NOT_FOUND, { field: "teamId" });
  if (!can(await policyViewer(viewer), "farmer.manage", { teamId }))
    throw new AppError(403, FARMER_TEAM_NOT_YOURS, { field: "teamId" });
  return teamId;
}

function columnsOf(input: FarmerPatch): Prisma.FarmerUncheckedUpdateManyInput {
  return {
    name: input.name,
    phone: input.phone,
    village: input.village,
    tehsil: input.tehsil,
    district: input.district,
    // The schema reads the acres typed as hundredths of an acre.
    landHundredths: input.landAcres,
    mainCrops: input.mainCrops === undefined ? undefined : JSON.stringify(input.mainCrops),
    dealerId: input.dealerId,
  };
}

/**
 * The row of a new farmer whom the team sent works with, else the viewer's (an admin's: of no team
 * unless they choose one, worked with by admins), once the viewer may put them in that team, their
 * dealer exists and no farmer has their phone. Written with `orDuplicate`.
 */
export async function newFarmerRow(viewer: Viewer, input: FarmerInput): Promise<Prisma.FarmerUncheckedCreateInput> {
  const teamId = await teamToWorkWith(viewer, input.teamId, viewer.teamId);
  if (teamId === null && !seesEveryone(viewer)) throw new AppError(403, NO_TEAM_TO_WORK_WITH);
  await requireDealerOf(input.dealerId);
  await refuseDuplicatePhone(viewer, input.phone);
  return { ...(columnsOf(input) as Prisma.FarmerUncheckedCreateInput), teamId, createdById: viewer.id };
}

/**
 * Adds a farmer (newFarmerRow's rules). With a submission key, a repeat answers the farmer the
 * first made (`replayed`), before any check.
 */
export async function createFarmer(
  viewer: Viewer,
  input: FarmerInput,
  key?: SubmissionKey,
): Promise<Created<FarmerView>> {
  // A repeat whose first farmer was made meanwhile is a replay (createOnce); any other clash is the phone's.
  const { value, replayed } = await orDuplicate(
    createOnce(
      key,
      input,
      (idempotencyKey) =>
        prisma.farmer.findFirst({
          where: { createdById: viewer.id, idempotencyKey },
          select: { ...FARMER_SELECT, requestHash: true },
        }),
      async (keyed) =>
        prisma.farmer.create({ data: { ...(await newFarmerRow(viewer, input)), ...keyed }, select: FARMER_SELECT }),
    ),
  );
  return { value: farmerView(value), replayed };
}

/** Changes the fields sent; an erased farmer is not changed again (409). */
export async function updateFarmer(viewer: Viewer, id: number, patch: FarmerPatch): Promise<FarmerView> {
  const farmer = await requireFarmerFor(viewer, id, "farmer.manage");
  if (farmer.erasedAt) throw new AppError(409, FARMER_ERASED);
  const teamId = await teamToWorkWith(viewer, patch.teamId, farmer.team?.id ?? null);
  await requireDealerOf(patch.dealerId);
  await refuseDuplicatePhone(viewer, patch.phone, id);
  // Only a farmer not erased meanwhile is changed: an erasure's personal data never comes back.
  const changed = await orDuplicate(
    prisma.farmer.updateMany({ where: { id, erasedAt: null }, data: { ...columnsOf(patch), teamId } }),
  );
  if (changed.count === 0) throw new AppError(409, FARMER_ERASED);
  return getFarmer(viewer, id);
}

/**
 * Erases the farmer's personal data on their request: the name becomes "Erased farmer", the phone
 * and village go; the row stays so that counts of meetings and plots stay right. Twice: 409.
 */
export async function eraseFarmer(viewer: Viewer, id: number, now = currentTime()): Promise<FarmerView> {
  const farmer = await requireFarmerFor(viewer, id, "farmer.erase");
  if (farmer.erasedAt) throw new AppError(409, FARMER_ERASED);
  // Only a farmer not yet erased is erased: of two erasures at once, the later finds none (409).
  const [erased] = await prisma.$transaction([
    prisma.farmer.updateMany({
      where: { id, erasedAt: null },
      data: { name: ERASED_NAME, phone: null, village: null, erasedAt: now },
    }),
    dropWebhookBodiesOf(id),
  ]);
  if (erased.count === 0) throw new AppError(409, FARMER_ERASED);
  return getFarmer(viewer, id);
}

/**
 * The webhook bodies kept of the events that showed the farmer (the farmer's own, the meetings they
 * were named at, their plots and the plots' posts) are dropped: one still to send is made anew
 * from the erased shapes at its next attempt, one sent keeps no copy of the name or phone.
 */
function dropWebhookBodiesOf(farmerId: number) {
  return prisma.$executeRaw`
    UPDATE "WebhookDelivery" SET "body" = NULL
    WHERE "body" IS NOT NULL AND "changeSeq" IN (
      SELECT c."seq" FROM "Change" c
      WHERE (c."entity" = 'farmer' AND c."entityId" = ${farmerId})
         OR (c."entity" = 'plot' AND c."entityId" IN (SELECT "id" FROM "DemoPlot" WHERE "farmerId" = ${farmerId}))
         OR (c."entity" = 'post' AND c."entityId" IN (
              SELECT "postId" FROM "MeetingAttendee" WHERE "farmerId" = ${farmerId}
              UNION SELECT "postId" FROM "DemoPlot" WHERE "farmerId" = ${farmerId}
              UNION SELECT v."postId" FROM "PlotVisit" v JOIN "DemoPlot" p ON p."id" = v."plotId"
                WHERE p."farmerId" = ${farmerId})))`;
}
