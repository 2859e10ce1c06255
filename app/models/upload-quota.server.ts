import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { AppError } from "~/lib/app-error";
import type { MessageKey } from "~/locales/namespaces";
import { appDate, appDayRange, currentTime } from "~/infra/clock.server";

// The bytes of photos and videos a user has stored, per day in the app's time zone, within
// UPLOAD_DAILY_MB. What is counted is what is kept for good: re-encoded photos
// with their thumbnails and videos as stored. Originals waiting for a post (incoming/) have
// their own cap of pending uploads and are not counted twice.

const MB = 1024 * 1024;

export const DAILY_UPLOAD_LIMIT: MessageKey = "common:errors.dailyUploadLimit";

/** The day (YYYY-MM-DD) in the app's time zone at `now`, and the seconds until it ends. */
function localDay(now: Date): { day: string; secondsLeft: number } {
  const day = appDate(now);
  return { day, secondsLeft: Math.ceil((appDayRange(day).to - now.getTime()) / 1000) };
}

/** The field a refusal belongs to, and the time it is judged at (tests). */
type QuotaOptions = { field?: string; now?: Date };

function quotaReached(secondsLeft: number, field?: string): AppError {
  return new AppError(429, DAILY_UPLOAD_LIMIT, {
    field,
    retryAfterSec: secondsLeft,
    values: { megabytes: env.UPLOAD_DAILY_MB },
  });
}

/** Refuses (429) a user who has used up today's quota, before any file is read or decoded. */
export async function requireUploadRoom(
  userId: number,
  { field, now = currentTime() }: QuotaOptions = {},
): Promise<void> {
  const { day, secondsLeft } = localDay(now);
  const used = await prisma.uploadDay.findUnique({ where: { userId_day: { userId, day } }, select: { bytes: true } });
  if ((used?.bytes ?? 0) >= env.UPLOAD_DAILY_MB * MB) throw quotaReached(secondsLeft, field);
}

/**
 * Counts `bytes` the user is about to store against today's quota, or refuses (429) when they
 * would pass it. One statement adds and checks, so racing uploads of one user cannot both pass.
 */
export async function reserveUploadBytes(
  userId: number,
  bytes: number,
  { field, now = currentTime() }: QuotaOptions = {},
): Promise<void> {
  const { day, secondsLeft } = localDay(now);
  const limit = env.UPLOAD_DAILY_MB * MB;
  if (bytes > limit) throw quotaReached(secondsLeft, field);
  const counted = await prisma.$executeRaw`
    INSERT INTO UploadDay (userId, day, bytes) VALUES (${userId}, ${day}, ${bytes})
    ON CONFLICT (userId, day) DO UPDATE SET bytes = UploadDay.bytes + excluded.bytes
    WHERE UploadDay.bytes + excluded.bytes <= ${limit}`;
  if (counted === 0) throw quotaReached(secondsLeft, field);
}
