import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import { displayName } from "~/lib/names";
import { FARMER_ERASED, FARMER_NOT_FOUND, type FarmerInput } from "~/models/farmer.schema";
import { newFarmerRow, orDuplicate, requireFarmerFor } from "~/models/farmers.server";
import { HEAD_COUNT_BELOW_NAMED, phoneNotAFarmer } from "~/models/meeting.schema";
import { can, FARMER_NOT_YOURS } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import type { PostInput } from "~/models/post.schema";
import type { Viewer } from "~/models/team-scope.server";

// A Farmer Meeting post's people (decision 95): its head count and the farmers named at it. The
// farmers are checked before the post's transaction (`prepareMeeting`) and written in it
// (`recordMeeting`), so a meeting is made whole or not at all.

/** What a meeting writes with its post, once every attendee has been checked. */
export type PreparedMeeting = {
  headCount: number | null;
  farmerIds: number[];
  newFarmers: { field: string; row: Prisma.FarmerUncheckedCreateInput }[];
};

/** The same refusal, on the form's field of the attendee it is about. */
async function onField<T>(field: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const onIt = error.field ? `${field}.${error.field}` : field;
    throw new AppError(error.status, error.message, { field: onIt, values: error.values });
  }
}

/**
 * Checks a meeting's attendees for its author: farmers named by phone or id must be farmers the
 * author's team works with (another team's: 403) and not erased; a new farmer follows the
 * register's rules (a phone no farmer has). The head count, left out, is the number named.
 */
export async function prepareMeeting(
  authorId: number,
  input: Pick<PostInput, "headCount" | "attendeePhones" | "attendees">,
): Promise<PreparedMeeting> {
  const author: Viewer = await prisma.user.findUniqueOrThrow({
    where: { id: authorId },
    select: { id: true, role: true, teamId: true },
  });
  const reader = await policyViewer(author);
  const farmerIds = new Set<number>();

  const typed = input.attendeePhones ?? [];
  const byPhone = new Map(
    (
      await prisma.farmer.findMany({
        where: { phone: { in: typed.map(({ phone }) => phone) } },
        select: { id: true, phone: true, teamId: true },
      })
    ).map((farmer) => [farmer.phone, farmer]),
  );
  for (const { typed: text, phone } of typed) {
    const farmer = byPhone.get(phone);
    if (!farmer) throw new AppError(400, phoneNotAFarmer(text), { field: "attendeePhones" });
    if (!can(reader, "farmer.read", { teamId: farmer.teamId }))
      throw new AppError(403, FARMER_NOT_YOURS, { field: "attendeePhones" });
    farmerIds.add(farmer.id);
  }

  const newFarmers: PreparedMeeting["newFarmers"] = [];
  const newPhones = new Set<string>();
  for (const [index, attendee] of input.attendees.entries()) {
    const field = `attendees[${index}]`;
    if (attendee.farmer) {
      const { farmer } = attendee;
      newFarmers.push({ field, row: await onField(field, () => newAttendeeRow(author, farmer, newPhones)) });
      continue;
    }
    const { farmerId } = attendee;
    farmerIds.add(await onField(`${field}.farmerId`, () => namedFarmer(author, farmerId)));
  }

  const named = farmerIds.size + newFarmers.length;
  const headCount = input.headCount ?? (named > 0 ? named : null);
  if (headCount !== null && headCount < named) throw new AppError(400, HEAD_COUNT_BELOW_NAMED, { field: "headCount" });
  return { headCount, farmerIds: [...farmerIds], newFarmers };
}

/** A farmer named by id: one the author's team works with, not erased. */
async function namedFarmer(author: Viewer, id: number): Promise<number> {
  const farmer = await requireFarmerFor(author, id, "farmer.read").catch((error: unknown) => {
    // An id in a body that names no farmer is bad input, not a missing page.
    if (error instanceof AppError && error.status === 404) throw new AppError(400, FARMER_NOT_FOUND);
    throw error;
  });
  if (farmer.erasedAt) throw new AppError(409, FARMER_ERASED);
  return farmer.id;
}

/** A new farmer of the meeting: the register's rules, and no two of the meeting's with one phone. */
async function newAttendeeRow(author: Viewer, farmer: FarmerInput, phonesSoFar: Set<string>) {
  const row = await newFarmerRow(author, farmer);
  if (farmer.phone) {
    if (phonesSoFar.has(farmer.phone))
      throw new AppError(409, "Another new farmer of this meeting has this phone.", { field: "phone" });
    phonesSoFar.add(farmer.phone);
  }
  return row;
}

/** Writes the meeting's new farmers and its named attendees, in the post's transaction. */
export async function recordMeeting(
  tx: Prisma.TransactionClient,
  postId: number,
  meeting: PreparedMeeting,
): Promise<void> {
  const farmerIds = [...meeting.farmerIds];
  for (const { field, row } of meeting.newFarmers) {
    const created = await onField(field, () => orDuplicate(tx.farmer.create({ data: row, select: { id: true } })));
    farmerIds.push(created.id);
  }
  if (farmerIds.length > 0)
    await tx.meetingAttendee.createMany({ data: farmerIds.map((farmerId) => ({ postId, farmerId })) });
}

/** The named attendees of these meeting posts, by post, as the erasure left them ("Erased farmer"). */
export async function attendeesOf(postIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byPost = new Map<number, { id: number; name: string }[]>();
  if (postIds.length === 0) return byPost;
  const rows = await prisma.meetingAttendee.findMany({
    where: { postId: { in: postIds } },
    select: { postId: true, farmer: { select: { id: true, name: true } } },
    orderBy: [{ postId: "asc" }, { farmer: { name: "asc" } }, { farmerId: "asc" }],
  });
  for (const { postId, farmer } of rows) byPost.set(postId, [...(byPost.get(postId) ?? []), farmer]);
  return byPost;
}

const FARMER_MEETINGS_PAGE_SIZE = 20;

/** A meeting a farmer was named at, as their page and /api list it. */
export type FarmerMeeting = {
  postId: number;
  createdAt: string;
  headCount: number | null;
  officer: { id: number; name: string };
};

/** The meetings the farmer was named at, newest first, 20 a page, for a viewer who works with them. */
export async function farmerMeetings(
  viewer: Viewer,
  farmerId: number,
  page = 1,
): Promise<{ meetings: FarmerMeeting[]; page: number; hasMore: boolean }> {
  await requireFarmerFor(viewer, farmerId, "farmer.read");
  const rows = await prisma.meetingAttendee.findMany({
    where: { farmerId },
    select: {
      post: {
        select: {
          id: true,
          createdAt: true,
          headCount: true,
          user: { select: { id: true, firstName: true, lastName: true } },
        },
      },
    },
    orderBy: [{ post: { createdAt: "desc" } }, { postId: "desc" }],
    skip: (page - 1) * FARMER_MEETINGS_PAGE_SIZE,
    // One more than the page tells whether another page follows.
    take: FARMER_MEETINGS_PAGE_SIZE + 1,
  });
  return {
    meetings: rows.slice(0, FARMER_MEETINGS_PAGE_SIZE).map(({ post }) => ({
      postId: post.id,
      createdAt: post.createdAt.toISOString(),
      headCount: post.headCount,
      officer: { id: post.user.id, name: displayName(post.user) },
    })),
    page,
    hasMore: rows.length > FARMER_MEETINGS_PAGE_SIZE,
  };
}
