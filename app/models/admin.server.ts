import { Prisma } from "~/generated/prisma/client";
import { prisma, readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { AppError } from "~/lib/app-error";
import { centsToDecimal } from "~/lib/money";
import {
  ADMIN_PAGE_SIZE,
  type OutboxPage,
  OWN_ACCOUNT_LOCKED,
  OWN_ROLE_LOCKED,
  RESET_OF_DEACTIVATED,
  RESET_OF_SERVICE_ACCOUNT,
  USER_NOT_FOUND,
  type AdminDashboard,
  type AdminUser,
  type AdminUserList,
  type NewUserInput,
  type UpdateUserInput,
  type UserSearch,
} from "~/models/admin.schema";
import type { SubmissionKey } from "~/infra/idempotency.server";
import { type EmailWords, sendResetLink } from "~/models/password-reset.server";
import { SERVICE_ROLE_INVALID } from "~/models/api-token.schema";
import { audienceWhere, requestedAudience, type Viewer } from "~/models/team-scope.server";
import { TEAM_NOT_FOUND } from "~/models/team.schema";
import { appPeriodRange, currentTime } from "~/infra/clock.server";
import type { Role } from "~/models/user.schema";
import { registerUser } from "~/models/user.server";
import { log } from "~/infra/log.server";

// The admin dashboard's figures and account management (ADMIN only). The /admin page and the
// /api/admin/* calls are two doors onto these functions.

const RECENT_LIMIT = 5;

const adminUserSelect = {
  id: true,
  username: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  isActive: true,
  approval: true,
  team: { select: { id: true, name: true } },
  createdAt: true,
} as const satisfies Prisma.UserSelect;

const authorSelect = { id: true, username: true, firstName: true, lastName: true } as const satisfies Prisma.UserSelect;

function toAdminUser(user: Prisma.UserGetPayload<{ select: typeof adminUserSelect }>): AdminUser {
  return {
    ...user,
    role: user.role as Role,
    approval: user.approval as AdminUser["approval"],
    createdAt: user.createdAt.toISOString(),
  };
}

const between = ({ from, to }: { from: number; to: number }) => ({ gte: new Date(from), lt: new Date(to) });

/** Distinct users who posted or checked in within the range. */
async function countActiveUsers(range: { from: number; to: number }): Promise<number> {
  const [row] = readRows(
    sqlRows.count,
    Prisma.sql`
    SELECT COUNT(*) AS count FROM (
      SELECT userId FROM Post WHERE createdAt >= ${range.from} AND createdAt < ${range.to}
      UNION
      SELECT userId FROM CheckIn WHERE createdAt >= ${range.from} AND createdAt < ${range.to}
    )`,
  );
  return row?.count ?? 0;
}

async function sumThisMonth(type: "SALE" | "RECOVERY", month: { from: number; to: number }): Promise<string> {
  const where = { type, createdAt: between(month) };
  const sum =
    type === "SALE"
      ? (await prisma.post.aggregate({ where, _sum: { saleTotalCents: true } }))._sum.saleTotalCents
      : (await prisma.post.aggregate({ where, _sum: { recoveryAmountCents: true } }))._sum.recoveryAmountCents;
  return centsToDecimal(sum ?? 0n);
}

/** The stat cards (days, weeks and months in the app's time zone) and the latest activity. */
export async function getAdminDashboard(now = currentTime()): Promise<AdminDashboard> {
  const month = appPeriodRange("month", now);
  const [
    officers,
    activeToday,
    postsThisWeek,
    dealers,
    salesThisMonth,
    recoveryThisMonth,
    posts,
    registrations,
    imports,
  ] = await Promise.all([
    prisma.user.count({ where: { role: "OFFICER", isActive: true } }),
    countActiveUsers(appPeriodRange("today", now)),
    prisma.post.count({ where: { createdAt: between(appPeriodRange("week", now)) } }),
    prisma.dealer.count(),
    sumThisMonth("SALE", month),
    sumThisMonth("RECOVERY", month),
    prisma.post.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: RECENT_LIMIT,
      select: { id: true, type: true, text: true, createdAt: true, user: { select: authorSelect } },
    }),
    prisma.user.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: RECENT_LIMIT,
      select: adminUserSelect,
    }),
    prisma.dealerImport.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: RECENT_LIMIT,
      select: {
        id: true,
        fileName: true,
        total: true,
        successful: true,
        failed: true,
        createdAt: true,
        user: { select: authorSelect },
      },
    }),
  ]);
  return {
    stats: { officers, activeToday, postsThisWeek, dealers, salesThisMonth, recoveryThisMonth },
    recentPosts: posts.map((post) => ({ ...post, createdAt: post.createdAt.toISOString() })),
    recentRegistrations: registrations.map(toAdminUser),
    recentImports: imports.map((record) => ({ ...record, createdAt: record.createdAt.toISOString() })),
  };
}

/** Every word of the query must appear in the first name, last name, username or email. */
function userSearchWhere(query: string | undefined): Prisma.UserWhereInput {
  const words = (query ?? "").split(/\s+/).filter(Boolean);
  return {
    AND: words.map((word) => ({
      OR: [
        { firstName: { contains: word } },
        { lastName: { contains: word } },
        { username: { contains: word.toLowerCase() } },
        { email: { contains: word.toLowerCase() } },
      ],
    })),
  };
}

/**
 * The users table: newest accounts first, 20 a page, of the people the viewer may see: an admin
 * everyone, a manager the teams they lead and their own (decision 42); `team` narrows to one.
 */
export async function searchUsers(viewer: Viewer, { query, page = 1, team }: UserSearch): Promise<AdminUserList> {
  const audience = await requestedAudience(viewer, { team }, { companyAllowed: false });
  const where = { AND: [userSearchWhere(query), audienceWhere(audience)] };
  const [users, total] = await Promise.all([
    prisma.user.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ADMIN_PAGE_SIZE,
      take: ADMIN_PAGE_SIZE,
      select: adminUserSelect,
    }),
    prisma.user.count({ where }),
  ]);
  return { users: users.map(toAdminUser), total, page, pageSize: ADMIN_PAGE_SIZE };
}

/**
 * An admin adds an account: in at once (no approval to wait for), with its role and team. A taken
 * username or email is a 409 on its field, a team that is not there a 400 on the team's.
 */
export async function createUserByAdmin(adminId: number, input: NewUserInput): Promise<AdminUser> {
  const { role, teamId, ...account } = input;
  if (teamId && (await prisma.team.count({ where: { id: teamId } })) === 0)
    throw new AppError(400, TEAM_NOT_FOUND, { field: "teamId" });
  const user = await registerUser(account, { approval: "APPROVED", teamId: teamId ?? null, role });
  log.info({ adminId, userId: user.id, role }, "admin added a user");
  return toAdminUser(await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: adminUserSelect }));
}

/** One account as the users table shows it, or null. */
export async function findUserForAdmin(userId: number): Promise<AdminUser | null> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: adminUserSelect });
  return user ? toAdminUser(user) : null;
}

/** The accounts of these ids that exist, as the users table shows them. */
export async function findUsersForAdmin(userIds: number[]): Promise<AdminUser[]> {
  const users = await prisma.user.findMany({ where: { id: { in: userIds } }, select: adminUserSelect });
  return users.map(toAdminUser);
}

/** Refuses, as updateUserByAdmin would, a deactivation that cannot be done; changes nothing (the page asks first). */
export async function assertCanDeactivate(adminId: number, userId: number): Promise<void> {
  if (userId === adminId) throw new AppError(400, OWN_ACCOUNT_LOCKED);
  if ((await prisma.user.count({ where: { id: userId } })) === 0) throw new AppError(404, USER_NOT_FOUND);
}

/**
 * Changes a user's role or whether the account may sign in. Deactivating ends the user's
 * sessions and API tokens in the same transaction. An admin may not demote or deactivate themselves, so the
 * acting admin always remains, and with them at least one ADMIN.
 */
export async function updateUserByAdmin(adminId: number, userId: number, input: UpdateUserInput): Promise<AdminUser> {
  const changed = await prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { role: true, isService: true } });
    if (!user) throw new AppError(404, USER_NOT_FOUND);
    // A service account is a tool, never an officer in the rankings (decision 48).
    if (user.isService && input.role === "OFFICER") throw new AppError(400, SERVICE_ROLE_INVALID);
    if (userId === adminId) {
      if (input.role !== undefined && input.role !== user.role) throw new AppError(400, OWN_ROLE_LOCKED);
      if (input.isActive === false) throw new AppError(400, OWN_ACCOUNT_LOCKED);
    }
    const updated = await tx.user.update({
      where: { id: userId },
      data: { role: input.role, isActive: input.isActive },
      select: adminUserSelect,
    });
    if (input.isActive === false) {
      // Deactivation ends the account's sessions and API tokens for good: reactivating it brings neither back.
      await tx.session.deleteMany({ where: { userId } });
      await tx.apiToken.deleteMany({ where: { userId } });
    }
    return toAdminUser(updated);
  });
  return changed;
}

/**
 * Emails the user a reset link (the forgot-password flow); refused for a deactivated account.
 * A repeat of the same request (the admin's same key) sends no second email.
 */
export async function sendAdminPasswordReset(
  adminId: number,
  userId: number,
  words: EmailWords,
  key?: SubmissionKey,
): Promise<{ replayed: boolean }> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, language: true, isActive: true, isService: true },
  });
  if (!user) throw new AppError(404, USER_NOT_FOUND);
  if (!user.isActive) throw new AppError(400, RESET_OF_DEACTIVATED);
  if (user.isService) throw new AppError(400, RESET_OF_SERVICE_ACCOUNT);
  const { replayed } = await sendResetLink(user, words, { adminId, key });
  if (!replayed) log.info({ adminId, userId }, "admin sent a password reset email");
  return { replayed };
}

/** The outbox for /admin/outbox: newest first, 20 a page. */
export async function listOutbox({ page = 1 }: { page?: number } = {}): Promise<OutboxPage> {
  const [emails, total] = await Promise.all([
    prisma.outboxEmail.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ADMIN_PAGE_SIZE,
      take: ADMIN_PAGE_SIZE,
      select: { id: true, to: true, subject: true, text: true, createdAt: true, sentAt: true },
    }),
    prisma.outboxEmail.count(),
  ]);
  return {
    emails: emails.map((email) => ({
      ...email,
      createdAt: email.createdAt.toISOString(),
      sentAt: email.sentAt?.toISOString() ?? null,
    })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
