import { prisma, readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { displayName } from "~/lib/names";
import { formatMoney } from "~/lib/money";
import { PERFORMANCE_WINDOW_DAYS, type PerformanceNotification } from "~/lib/performance";
import type { MessageKey } from "~/locales/namespaces";

const notificationSelect = {
  id: true,
  type: true,
  badgeType: true,
  title: true,
  message: true,
  messageValues: true,
  isRead: true,
  previousRank: true,
  newRank: true,
  createdAt: true,
} as const;

const NOTIFICATION_PAGE_SIZE = 50;

// A notification is stored in words of no language (decision 103): its title and message are
// catalogs' keys and its values travel beside them, so that the page says it in the reader's
// language and /api in English. A value that is itself a word (a badge, a role) is its code,
// which the message picks a word for (ICU `select`).

type MessageValues = Record<string, string | number>;

/** A notification's words: two catalogs' keys and the values their messages need. */
export type NotificationWords = { title: MessageKey; message: MessageKey; values?: MessageValues };

/** The columns that keep a notification's words. */
export function storedWords({ title, message, values }: NotificationWords) {
  return { title, message, messageValues: values ? JSON.stringify(values) : null };
}

/** The values a stored notification's words need (none for a row written before keys). */
export function storedValues(messageValues: string | null): MessageValues | undefined {
  return messageValues === null ? undefined : (JSON.parse(messageValues) as MessageValues);
}

export const NOTIFICATION_NOT_FOUND = "people:errors.notificationNotFound";

/** The bell's count, on every page: a plain read (decision 36), not a query Prisma compiles each time. */
export async function countUnreadNotifications(userId: number): Promise<number> {
  const [row] = readRows(
    sqlRows.count,
    Prisma.sql`SELECT COUNT(*) AS count FROM Notification WHERE userId = ${userId} AND isRead = ${false}`,
  );
  return row?.count ?? 0;
}

/** The user's newest notifications first. */
export function listNotifications(userId: number) {
  return prisma.notification.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: NOTIFICATION_PAGE_SIZE,
    select: notificationSelect,
  });
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markNotificationRead(userId: number, notificationId: number): Promise<boolean> {
  const { count } = await prisma.notification.updateMany({
    where: { id: notificationId, userId },
    data: { isRead: true },
  });
  return count > 0;
}

export async function markAllNotificationsRead(userId: number): Promise<number> {
  const { count } = await prisma.notification.updateMany({ where: { userId, isRead: false }, data: { isRead: true } });
  return count;
}

export const CREDIT_SALE = "CREDIT_SALE";

/**
 * The managers who lead the dealer's team hear of a sale posted past its credit limit or while it
 * had overdue money (`notice`, with the account's figures): one notification each, written in the post's transaction so a
 * replay of the post notifies nobody twice. The seller, should they lead the team, is left out.
 */
export async function notifyCreditSale(
  tx: Prisma.TransactionClient,
  sale: { teamId: number | null; sellerId: number; dealerName: string; notice: string },
): Promise<void> {
  if (sale.teamId === null) return;
  const seller = await tx.user.findUnique({
    where: { id: sale.sellerId },
    select: { firstName: true, lastName: true },
  });
  const managers = await tx.teamManager.findMany({
    where: { teamId: sale.teamId, user: { role: "MANAGER", isActive: true }, userId: { not: sale.sellerId } },
    select: { userId: true },
  });
  const words = storedWords({
    title: "people:notifications.creditSale.title",
    message: "people:notifications.creditSale.message",
    values: { seller: displayName(seller ?? {}), dealer: sale.dealerName, notice: sale.notice },
  });
  await tx.notification.createMany({
    data: managers.map(({ userId }) => ({ userId, type: CREDIT_SALE, ...words })),
  });
}

/**
 * The head office's notes (SYSTEM notifications) the demo gives its managers and admin: a
 * welcome, and the latest scheduled calculation's summary (`ranked` officers).
 */
export function officeNotes(ranked: number): { welcome: NotificationWords; recalculated: NotificationWords } {
  return {
    welcome: { title: "people:notifications.welcome.title", message: "people:notifications.welcome.message" },
    recalculated: {
      title: "people:notifications.recalculated.title",
      message: "people:notifications.recalculated.message",
      values: { ranked },
    },
  };
}

/** What a performance calculation tells an officer, as a notification's row. */
export function performanceNotificationRow({ standing, ...notification }: PerformanceNotification) {
  return { ...notification, ...storedWords(performanceWords(notification, standing)) };
}

function performanceWords(
  { type, previousRank, newRank }: Omit<PerformanceNotification, "standing">,
  standing: PerformanceNotification["standing"],
): NotificationWords {
  if (type === "RANK_CHANGE") {
    if (newRank === null)
      return {
        title: "people:notifications.rank.droppedTitle",
        message: "people:notifications.rank.dropped",
        values: { previous: previousRank ?? "-" },
      };
    return {
      title: "people:notifications.rank.nowTitle",
      ...(previousRank === null
        ? { message: "people:notifications.rank.entered", values: { rank: newRank } }
        : { message: "people:notifications.rank.moved", values: { previous: previousRank, rank: newRank } }),
    };
  }
  const title = "people:notifications.badge.earned";
  const badge = standing.badge ?? "";
  const days = PERFORMANCE_WINDOW_DAYS;
  if (badge === "TROPHY")
    return {
      title,
      message: "people:notifications.badge.trophy",
      values: { badge, days, sales: formatMoney(standing.salesCents) },
    };
  if (badge === "STAR")
    return {
      title,
      message: "people:notifications.badge.star",
      values: { badge, days, postedDays: standing.postedDays },
    };
  return {
    title,
    message: "people:notifications.badge.ranked",
    values: { badge, rank: standing.rank ?? "-", score: standing.score.toFixed(2) },
  };
}
