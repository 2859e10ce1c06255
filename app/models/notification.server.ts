import { prisma, readRows } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { displayName } from "~/lib/names";

const notificationSelect = {
  id: true,
  type: true,
  badgeType: true,
  title: true,
  message: true,
  isRead: true,
  previousRank: true,
  newRank: true,
  createdAt: true,
} as const;

const NOTIFICATION_PAGE_SIZE = 50;

export const NOTIFICATION_NOT_FOUND = "Notification not found";

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
  const message = `${displayName(seller ?? {})} posted a sale to ${sale.dealerName}. ${sale.notice}`;
  await tx.notification.createMany({
    data: managers.map(({ userId }) => ({ userId, type: CREDIT_SALE, title: "Sale past the credit terms", message })),
  });
}
