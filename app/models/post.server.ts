import { type PlotStage } from "~/lib/plot-stages";
import { prisma, readRows, type RowOf } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { centsToDecimal, parseMoneyToCents, saleTotalCents } from "~/lib/money";
import { reverseGeocode } from "~/models/geocode.server";
import { createOnce, type Created, type Keyed, type SubmissionKey } from "~/infra/idempotency.server";
import { AppError } from "~/lib/app-error";
import { distanceKm, type SentSource } from "~/lib/location-quality";
import {
  checkFilesOfPost,
  checkPixelsOfPost,
  prepareMedia,
  releaseUploads,
  takeUploads,
  type ReadyMedia,
  type UploadedFile,
} from "~/models/media.server";
import { distanceToday } from "~/models/metrics.server";
import {
  DEALER_REQUIRED,
  DEALER_TYPES,
  DEFAULT_PAGE_SIZE,
  MAX_FILES,
  MAX_PAGE_SIZE,
  TOO_MANY_FILES,
} from "~/models/post.schema";
import type { z } from "zod";
import type { checkInSchema, PostInput } from "~/models/post.schema";
import { notifyTargetProgress } from "~/models/target-notices.server";
import {
  EVERYONE,
  ownPeople,
  requestedAudience,
  type Audience,
  type AudienceQuery,
  type Person,
  type Viewer,
} from "~/models/team-scope.server";
import { currentTime } from "~/infra/clock.server";
import { CONFIRM_CREDIT_FIELD } from "~/lib/ledger";
import { balancesAfterRecoveries, saleCredit } from "~/models/ledger.server";
import { notifyCreditSale } from "~/models/notification.server";
import { planPlotWrite, plotsOfPosts, writePlot } from "~/models/demo-plots.server";
import { attendeesOf, prepareMeeting, recordMeeting } from "~/models/meetings.server";
import type { MessageKey } from "~/locales/namespaces";

// Posts, their media, reactions, comments and check-ins: every business rule and database
// access of the feed area. Pages and /api calls are thin doors onto these functions.

export const POST_NOT_FOUND = "posts:errors.postNotFound" satisfies MessageKey;
export const COMMENT_NOT_FOUND = "posts:errors.commentNotFound" satisfies MessageKey;
const NOT_YOUR_COMMENT = "posts:errors.notYourComment" satisfies MessageKey;

/**
 * A post's address when its place has none to be found (the spec's words for a failed lookup on a
 * post). New Post fills it in itself; sent so, the server looks once more before keeping it.
 */
const ADDRESS_NOT_AVAILABLE = "Address not available";

/** A page cursor: the last post's createdAt (epoch ms) and id, "1732260000000.123". */
export function encodeCursor(post: { createdAt: Date; id: number }): string {
  return `${post.createdAt.getTime()}.${post.id}`;
}

export function decodeCursor(cursor: string | null | undefined): { createdAt: Date; id: number } | null {
  const match = /^(\d{1,15})\.(\d{1,12})$/.exec(cursor ?? "");
  if (!match) return null;
  return { createdAt: new Date(Number(match[1])), id: Number(match[2]) };
}

// The feed is the app's hottest read, so it is plain SQL through readRows (Prisma's relation
// loading and query pipeline cost ten times more here): three statements whatever the page size.

type PostRow = RowOf<typeof sqlRows.post>;

type MediaRow = RowOf<typeof sqlRows.postMedia>;

function postRows(viewerId: number, where: Prisma.Sql, limit: number): PostRow[] {
  return readRows(
    sqlRows.post,
    Prisma.sql`
    SELECT p.id, p.type, p.text, p.headCount, p.lat, p.lng, p.address, ch.source AS locationSource, ch.accuracyM AS locationAccuracyM, p.createdAt, p.saleProduct, p.saleQty,
      p.salePriceCents, p.saleTotalCents, p.salePaidCents, p.recoveryAmountCents,
      u.id AS userId, u.username, u.email, u.role AS authorRole, u.isService AS authorIsService, u.firstName, u.lastName, u.selectedAvatar, u.currentBadge,
      t.id AS teamId, t.name AS teamName,
      d.id AS dealerId, d.businessName AS dealerName, d.ownerFirstName, d.ownerLastName,
      (SELECT COUNT(*) FROM Reaction r WHERE r.postId = p.id AND r.type = 'LIKE') AS likes,
      (SELECT COUNT(*) FROM Comment c WHERE c.postId = p.id AND c.isDeleted = 0) AS comments,
      EXISTS (SELECT 1 FROM Reaction r WHERE r.postId = p.id AND r.userId = ${viewerId} AND r.type = 'LIKE') AS liked
    FROM Post p
    -- CROSS JOIN keeps the posts the outer loop, read in their time index and stopped at the
    -- limit: with the tables' statistics SQLite would otherwise start from the fewer officers for
    -- a small limit, then count and sort every post (6.8 s for one post of 200,000).
    CROSS JOIN User u ON u.id = p.userId
    LEFT JOIN Team t ON t.id = u.teamId
    LEFT JOIN Dealer d ON d.id = p.dealerId
    LEFT JOIN CheckIn ch ON ch.postId = p.id
    WHERE ${where}
    ORDER BY p.createdAt DESC, p.id DESC
    LIMIT ${limit}`,
  );
}

async function mediaOf(postIds: number[]): Promise<Map<number, Omit<MediaRow, "postId">[]>> {
  const byPost = new Map<number, Omit<MediaRow, "postId">[]>();
  if (postIds.length === 0) return byPost;
  const rows = readRows(
    sqlRows.postMedia,
    Prisma.sql`
    SELECT id, postId, kind, url, thumbUrl, mimeType, durationSec, width, height
    FROM PostMedia WHERE postId IN (${Prisma.join(postIds)}) ORDER BY postId, position, id`,
  );
  for (const { postId, ...media } of rows) byPost.set(postId, [...(byPost.get(postId) ?? []), media]);
  return byPost;
}

function contactName(dealer: { ownerFirstName: string | null; ownerLastName: string | null }): string | null {
  return [dealer.ownerFirstName, dealer.ownerLastName].filter(Boolean).join(" ") || null;
}

/** The post's author as `ownPeople` tells them apart. */
function authorOf(row: PostRow): Person {
  return { id: row.userId, teamId: row.teamId, role: row.authorRole, isService: row.authorIsService };
}

/**
 * A post as the cards and the API show it: amounts as decimal strings, never cents. Not `whole`
 * (another team's post, in a company-wide list): the same fields, with null for its place (and how
 * it was had), its author's email and distance today, and its sale terms.
 */
function toPostView(
  row: PostRow,
  media: Omit<MediaRow, "postId">[],
  distanceTodayKm: number | null,
  whole: boolean,
  balanceAfter: bigint | null,
  plot: { id: number; stage: PlotStage } | null,
  attendees: { id: number; name: string }[],
) {
  const teamOnly = <T>(value: T): T | null => (whole ? value : null);
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    headCount: row.headCount,
    attendees,
    lat: row.lat === null || !whole ? null : String(row.lat),
    lng: row.lng === null || !whole ? null : String(row.lng),
    address: teamOnly(row.address),
    locationSource: teamOnly(row.locationSource),
    locationAccuracyM: teamOnly(row.locationAccuracyM),
    createdAt: row.createdAt.toISOString(),
    user: {
      id: row.userId,
      username: row.username,
      email: teamOnly(row.email),
      firstName: row.firstName,
      lastName: row.lastName,
      selectedAvatar: row.selectedAvatar,
      currentBadge: row.currentBadge,
      team: row.teamId === null ? null : { id: row.teamId, name: row.teamName ?? "" },
    },
    saleProduct: row.saleProduct,
    saleQty: teamOnly(row.saleQty),
    salePrice: row.salePriceCents === null || !whole ? null : centsToDecimal(row.salePriceCents),
    saleTotal: row.saleTotalCents === null || !whole ? null : centsToDecimal(row.saleTotalCents),
    salePaid: row.salePaidCents === null || !whole ? null : centsToDecimal(row.salePaidCents),
    recoveryAmount: row.recoveryAmountCents === null || !whole ? null : centsToDecimal(row.recoveryAmountCents),
    // A recovery's dealer balance once it counted, for a viewer who may read the dealer's account.
    dealerBalanceAfter: balanceAfter === null ? null : centsToDecimal(balanceAfter),
    dealerId: row.dealerId,
    dealer:
      row.dealerId === null
        ? null
        : { id: row.dealerId, businessName: row.dealerName ?? "", contactName: contactName(row) },
    media,
    likeCount: row.likes,
    commentCount: row.comments,
    likedByMe: row.liked,
    authorDistanceTodayKm: whole ? distanceTodayKm : null,
    // A Demo Plot post's plot (the one it started or visited), with its stage now.
    plot,
  };
}
export type PostView = ReturnType<typeof toPostView>;

/** The rows as the viewer sees them: their own people's whole, anyone else's without what is the team's. */
async function toPostViews(rows: PostRow[], viewer: Viewer): Promise<PostView[]> {
  const own = await ownPeople(viewer);
  const whole = new Map(rows.map((row) => [row.id, own(authorOf(row))]));
  const recoveries = rows.filter((row) => row.type === "RECOVERY" && row.dealerId !== null).map((row) => row.id);
  // A meeting's named farmers, for its own people only: another team's farmers are theirs.
  const meetings = rows.filter((row) => row.type === "FARMER_MEETING" && whole.get(row.id)).map((row) => row.id);
  const [distances, media, balances, plots, attendees] = await Promise.all([
    distanceToday([...new Set(rows.filter((row) => whole.get(row.id)).map((row) => row.userId))]),
    mediaOf(rows.map((row) => row.id)),
    balancesAfterRecoveries(viewer, recoveries),
    plotsOfPosts(rows.filter((row) => row.type === "DEMO_PLOT").map((row) => row.id)),
    attendeesOf(meetings),
  ]);
  return rows.map((row) =>
    toPostView(
      row,
      media.get(row.id) ?? [],
      distances.get(row.userId) ?? null,
      whole.get(row.id) ?? false,
      balances.get(row.id) ?? null,
      plots.get(row.id) ?? null,
      attendees.get(row.id) ?? [],
    ),
  );
}

/**
 * Which posts a page of an audience's teams (and of the unassigned, when it has them) is read
 * from: one team's straight from its own index entries (`Post.authorTeamId`, kept by triggers);
 * several teams' newest each, then the newest of those. Read in time order and filtered instead,
 * a small (or new, postless) team's page would go through every post: 260 ms of 200,000 for a
 * team without any.
 */
function teamPosts(
  audience: Exclude<Audience, { everyone: true }>,
  after: (post: Prisma.Sql) => Prisma.Sql,
  limit: number,
): Prisma.Sql {
  const teams = [
    ...audience.teamIds.map((teamId) => (post: Prisma.Sql) => Prisma.sql`${post}.authorTeamId = ${teamId}`),
    ...(audience.unassigned ? [(post: Prisma.Sql) => Prisma.sql`${post}.authorTeamId IS NULL`] : []),
  ];
  const [only] = teams;
  if (!only) return Prisma.sql`0`;
  if (teams.length === 1) return Prisma.sql`${only(Prisma.sql`p`)} AND ${after(Prisma.sql`p`)}`;
  const newest = (team: (post: Prisma.Sql) => Prisma.Sql) => Prisma.sql`SELECT * FROM (
    SELECT ap.id, ap.createdAt FROM Post ap WHERE ${team(Prisma.sql`ap`)} AND ${after(Prisma.sql`ap`)}
    ORDER BY ap.createdAt DESC, ap.id DESC LIMIT ${limit})`;
  return Prisma.sql`p.id IN (SELECT id FROM (${Prisma.join(teams.map(newest), " UNION ALL ")})
    ORDER BY createdAt DESC, id DESC LIMIT ${limit})`;
}

/**
 * One page of posts, newest first, after `cursor`: of the audience's people (everyone's by
 * default), as the viewer sees them (other teams' without places, emails and sale terms).
 */
export async function listPosts({
  viewer,
  cursor,
  limit = DEFAULT_PAGE_SIZE,
  audience = EVERYONE,
}: {
  viewer: Viewer;
  cursor?: string | null;
  limit?: number;
  audience?: Audience;
}): Promise<{ posts: PostView[]; nextCursor: string | null }> {
  const take = Math.min(Math.max(1, Math.trunc(limit)), MAX_PAGE_SIZE);
  const cursorAt = decodeCursor(cursor);
  const after = (post: Prisma.Sql) =>
    cursorAt
      ? Prisma.sql`(${post}.createdAt < ${cursorAt.createdAt.getTime()} OR (${post}.createdAt = ${cursorAt.createdAt.getTime()} AND ${post}.id < ${cursorAt.id}))`
      : Prisma.sql`1 = 1`;
  const rows = audience.everyone
    ? postRows(viewer.id, after(Prisma.sql`p`), take + 1)
    : postRows(viewer.id, teamPosts(audience, after, take + 1), take + 1);
  const page = rows.slice(0, take);
  const last = page.at(-1);
  return { posts: await toPostViews(page, viewer), nextCursor: rows.length > take && last ? encodeCursor(last) : null };
}

/**
 * One page of the feed as the viewer asks for it (`scope`, `team`): their own people by default,
 * the whole company, or one team of theirs (403 for another).
 */
export async function feedPage(
  viewer: Viewer,
  query: AudienceQuery & { cursor?: string | null; limit?: number },
): Promise<{ posts: PostView[]; nextCursor: string | null }> {
  const audience = await requestedAudience(viewer, query, { companyAllowed: true });
  return listPosts({ viewer, cursor: query.cursor, limit: query.limit, audience });
}

/** One post as the viewer sees it (another team's without places, emails and sale terms). */
export async function getPost(id: number, viewer: Viewer): Promise<PostView | null> {
  const [row] = postRows(viewer.id, Prisma.sql`p.id = ${id}`, 1);
  return row ? ((await toPostViews([row], viewer))[0] ?? null) : null;
}

/** The posts of these ids that exist, as the feed shows them to the viewer, in one read. */
export async function getPosts(ids: number[], viewer: Viewer): Promise<PostView[]> {
  if (ids.length === 0) return [];
  return toPostViews(postRows(viewer.id, Prisma.sql`p.id IN (${Prisma.join(ids)})`, ids.length), viewer);
}

async function requirePost(id: number): Promise<void> {
  const found = await prisma.post.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw new AppError(404, POST_NOT_FOUND);
}

/** The amounts of a post as stored: the total is always price × quantity, whatever the client sent. */
export function postAmounts(
  input: Pick<PostInput, "type" | "saleProduct" | "saleQty" | "salePrice" | "salePaid" | "recoveryAmount">,
) {
  if (input.type === "SALE") {
    const priceCents = parseMoneyToCents(input.salePrice ?? "") ?? 0;
    const quantity = input.saleQty ?? 0;
    const paidCents = parseMoneyToCents(input.salePaid ?? "");
    return {
      saleProduct: input.saleProduct ?? null,
      saleQty: quantity,
      salePriceCents: BigInt(priceCents),
      saleTotalCents: BigInt(saleTotalCents(priceCents, quantity)),
      // Nothing paid is all on credit: no PAYMENT entry (the ledger's triggers write one for more than 0).
      salePaidCents: paidCents ? BigInt(paidCents) : null,
      recoveryAmountCents: null,
    };
  }
  if (input.type === "RECOVERY") {
    return {
      saleProduct: null,
      saleQty: null,
      salePriceCents: null,
      saleTotalCents: null,
      salePaidCents: null,
      recoveryAmountCents: BigInt(parseMoneyToCents(input.recoveryAmount ?? "") ?? 0),
    };
  }
  return {
    saleProduct: null,
    saleQty: null,
    salePriceCents: null,
    saleTotalCents: null,
    salePaidCents: null,
    recoveryAmountCents: null,
  };
}

/**
 * Whether a sale that warns (past the dealer's credit limit, or to a dealer with overdue money) was
 * confirmed: the New Post form asks the officer first; another tool cannot, so its sale posts and
 * the managers hear of it (decision 82).
 */
type CreditConfirmation = { confirmed: boolean };

const viewerSelect = { id: true, role: true, teamId: true } as const;

/**
 * Creates a post with its media (files of the same form, or earlier uploads) and, when it has
 * coordinates, its check-in; everything is checked before anything is written. The user's
 * idempotency key with the same content answers the first post; with other content, 422.
 * `defaultSource` (the door's: TYPED for the page) is no part of the request, so the page's form
 * and the send queue's resend of it are one request.
 */
export async function createPost(
  userId: number,
  input: PostInput,
  files: readonly UploadedFile[] = [],
  key?: SubmissionKey,
  defaultSource: SentSource = "API",
  credit: CreditConfirmation = { confirmed: true },
): Promise<{ id: number; replayed: boolean }> {
  const { value, replayed } = await createOnce(
    key,
    // A sent total is ignored (the server computes it), so it is no part of the request.
    { ...input, saleTotal: undefined, text: input.text.trim(), files: files.map((file) => file.bytes) },
    (value) =>
      prisma.post.findFirst({ where: { userId, idempotencyKey: value }, select: { id: true, requestHash: true } }),
    (keyed) => insertPost(userId, { ...input, source: input.source ?? defaultSource }, files, keyed, credit),
  );
  return { id: value.id, replayed };
}

async function insertPost(
  userId: number,
  input: PostInput,
  files: readonly UploadedFile[],
  keyed: Keyed,
  credit: CreditConfirmation,
): Promise<{ id: number }> {
  if (files.length + input.media.length > MAX_FILES) throw new AppError(413, TOO_MANY_FILES, { field: "media" });
  const checked = await checkFilesOfPost(userId, files, input.media.length);
  // A Demo Plot post's plot, started or visited: checked here, written with the post (decision 96).
  const plot = await planPlotWrite(userId, input);

  const dealerId = DEALER_TYPES.has(input.type) ? (input.dealerId ?? null) : null;
  // A visit records how far from its dealer it was logged (decision 64), as things stood then.
  let dealerDistanceM: number | null = null;
  const amounts = postAmounts(input);
  let creditSale: { teamId: number | null; dealerName: string; notice: string } | null = null;
  if (dealerId !== null) {
    const dealer = await prisma.dealer.findUnique({
      where: { id: dealerId },
      select: { lat: true, lng: true, teamId: true, businessName: true },
    });
    if (!dealer) throw new AppError(400, DEALER_REQUIRED, { field: "dealerId" });
    if (input.lat !== undefined && input.lng !== undefined)
      dealerDistanceM = Math.round(distanceKm({ lat: input.lat, lng: input.lng }, dealer) * 1000);
    if (amounts.saleTotalCents !== null) {
      const seller = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: viewerSelect });
      const sale = { id: dealerId, teamId: dealer.teamId };
      const check = await saleCredit(seller, sale, amounts.saleTotalCents, amounts.salePaidCents ?? 0n);
      if (check.refusal) throw new AppError(422, check.refusal);
      if (check.warning && !credit.confirmed) throw new AppError(409, check.warning, { field: CONFIRM_CREDIT_FIELD });
      if (check.notice) creditSale = { teamId: dealer.teamId, dealerName: dealer.businessName, notice: check.notice };
    }
  }
  const meeting = input.type === "FARMER_MEETING" ? await prepareMeeting(userId, input) : null;
  const uploads = await takeUploads(
    userId,
    input.media.map((item) => item.url),
  );
  await checkPixelsOfPost([...checked.map(({ file, sniffed }) => ({ bytes: file.bytes, sniffed })), ...uploads]);

  const ready: ReadyMedia[] = [];
  for (const { file, sniffed } of checked) ready.push(await prepareMedia(file.bytes, sniffed, userId));
  for (const [index, upload] of uploads.entries()) {
    ready.push(await prepareMedia(upload.bytes, upload.sniffed, userId, input.media[index]?.durationSec));
  }

  let address = input.address?.trim() || null;
  if (input.lat !== undefined && input.lng !== undefined && (!address || address === ADDRESS_NOT_AVAILABLE))
    address = (await reverseGeocode(input.lat, input.lng)) ?? ADDRESS_NOT_AVAILABLE;

  const createdAt = currentTime();
  const post = await prisma.$transaction(async (tx) => {
    const created = await tx.post.create({
      data: {
        userId,
        type: input.type,
        text: input.text.trim(),
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        address,
        ...amounts,
        dealerId,
        dealerDistanceM,
        headCount: meeting?.headCount ?? null,
        createdAt,
        ...keyed,
        media: { create: ready.map((media, position) => ({ ...media, position })) },
      },
      select: { id: true },
    });
    if (input.lat !== undefined && input.lng !== undefined) {
      await tx.checkIn.create({
        data: {
          userId,
          type: input.type,
          lat: input.lat,
          lng: input.lng,
          address,
          ...placeQuality(input),
          postId: created.id,
          createdAt,
        },
      });
    }
    if (meeting) await recordMeeting(tx, created.id, meeting);
    if (creditSale) await notifyCreditSale(tx, { ...creditSale, sellerId: userId });
    if (plot) await writePlot(tx, plot, created.id);
    return created;
  });
  await releaseUploads(uploads);
  // Half a target, the whole of it, or behind pace: told once each (decision 85).
  await notifyTargetProgress([userId], createdAt);
  return post;
}

/**
 * How a check-in's place was had, as sent: a place sent without a source came from another tool
 * (the page forms say TYPED, GPS, MAP or ADDRESS themselves).
 */
function placeQuality(input: { source?: SentSource; accuracy?: number; fixAt?: number }) {
  return {
    source: input.source ?? "API",
    accuracyM: input.accuracy ?? null,
    fixAt: input.fixAt === undefined ? null : new Date(input.fixAt),
  };
}

const checkInSelect = {
  id: true,
  userId: true,
  type: true,
  lat: true,
  lng: true,
  address: true,
  source: true,
  accuracyM: true,
  createdAt: true,
} as const satisfies Prisma.CheckInSelect;

function toCheckInView(checkIn: Prisma.CheckInGetPayload<{ select: typeof checkInSelect }>) {
  return { ...checkIn, lat: String(checkIn.lat), lng: String(checkIn.lng), createdAt: checkIn.createdAt.toISOString() };
}
export type CheckInView = ReturnType<typeof toCheckInView>;

export async function recordCheckIn(userId: number, input: z.infer<typeof checkInSchema>): Promise<CheckInView> {
  const address = input.address?.trim() || (await reverseGeocode(input.lat, input.lng)) || null;
  const checkIn = await prisma.checkIn.create({
    data: { userId, type: input.type, lat: input.lat, lng: input.lng, address, ...placeQuality(input) },
    select: checkInSelect,
  });
  return toCheckInView(checkIn);
}

/** The check-ins of these ids that exist, as POST /api/checkins answers them. */
export async function getCheckIns(ids: number[]): Promise<CheckInView[]> {
  const checkIns = await prisma.checkIn.findMany({ where: { id: { in: ids } }, select: checkInSelect });
  return checkIns.map(toCheckInView);
}

export async function listReactions(postId: number) {
  await requirePost(postId);
  return prisma.reaction.findMany({ where: { postId }, orderBy: { id: "asc" }, select: { userId: true, type: true } });
}

/** Adds the user's like; liking twice is harmless. */
export async function likePost(postId: number, userId: number): Promise<void> {
  await requirePost(postId);
  // Not an upsert: Prisma runs it as a read, then an insert, so two likes of the same user at once
  // would both insert, the second failing on the unique index.
  await prisma.$executeRaw`
    INSERT INTO Reaction (postId, userId, type, createdAt) VALUES (${postId}, ${userId}, 'LIKE', ${currentTime().getTime()})
    ON CONFLICT (postId, userId, type) DO NOTHING`;
}

export async function unlikePost(postId: number, userId: number): Promise<void> {
  await requirePost(postId);
  await prisma.reaction.deleteMany({ where: { postId, userId, type: "LIKE" } });
}

const authorSelect = {
  id: true,
  username: true,
  email: true,
  firstName: true,
  lastName: true,
  selectedAvatar: true,
  currentBadge: true,
  teamId: true,
  role: true,
  isService: true,
} satisfies Prisma.UserSelect;

const commentSelect = {
  id: true,
  text: true,
  isDeleted: true,
  createdAt: true,
  user: { select: authorSelect },
} satisfies Prisma.CommentSelect;

/** A comment; its author's email only for the viewer's own people (`whole`), null otherwise. */
function toCommentView(row: Prisma.CommentGetPayload<{ select: typeof commentSelect }>, whole: boolean) {
  const { teamId: _teamId, role: _role, isService: _isService, email, ...author } = row.user;
  return {
    ...row,
    user: { ...author, email: whole ? email : null },
    text: row.isDeleted ? "" : row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
export type CommentView = ReturnType<typeof toCommentView>;

/**
 * The post's comments, oldest first; deleted ones stay in place without their text. Another
 * team's commenter comes without their email.
 */
export async function listComments(postId: number, viewer: Viewer): Promise<CommentView[]> {
  await requirePost(postId);
  const [rows, own] = await Promise.all([
    prisma.comment.findMany({
      where: { postId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: commentSelect,
    }),
    ownPeople(viewer),
  ]);
  return rows.map((row) => toCommentView(row, own(row.user)));
}

/**
 * Adds a comment; a repeat of the same submission (the user's idempotency key, same post and text)
 * answers the first comment; the key with another post or text is refused (422).
 */
export async function addComment(
  postId: number,
  userId: number,
  text: string,
  key?: SubmissionKey,
): Promise<Created<CommentView>> {
  await requirePost(postId);
  const { value, replayed } = await createOnce(
    key,
    { postId, text: text.trim() },
    (value) =>
      prisma.comment.findFirst({
        where: { userId, idempotencyKey: value },
        select: { ...commentSelect, requestHash: true },
      }),
    (keyed) => prisma.comment.create({ data: { postId, userId, text: text.trim(), ...keyed }, select: commentSelect }),
  );
  // The commenter's own comment: whole.
  return { value: toCommentView(value, true), replayed };
}

/** An author deletes their own comment; it then shows as deleted. */
export async function deleteComment(postId: number, commentId: number, userId: number): Promise<void> {
  if (!Number.isSafeInteger(commentId) || commentId <= 0) throw new AppError(404, COMMENT_NOT_FOUND);
  const comment = await prisma.comment.findUnique({ where: { id: commentId }, select: { postId: true, userId: true } });
  if (!comment || comment.postId !== postId) throw new AppError(404, COMMENT_NOT_FOUND);
  if (comment.userId !== userId) throw new AppError(403, NOT_YOUR_COMMENT);
  await prisma.comment.update({ where: { id: commentId }, data: { isDeleted: true } });
}
