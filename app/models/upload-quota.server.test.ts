import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { AppError } from "~/lib/app-error";
import { DAILY_UPLOAD_LIMIT, requireUploadRoom, reserveUploadBytes } from "~/models/upload-quota.server";
import { english } from "../../tests/support/english";

beforeEach(resetDatabase);

const MB = 1024 * 1024;
let users = 0;
async function officer() {
  const username = `quota.${++users}`;
  return (
    await prisma.user.create({
      data: { username, email: `${username}@example.pk`, passwordHash: "x", role: "OFFICER" },
    })
  ).id;
}

async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const thrown = await promise.then(
    () => new Error("not refused"),
    (error: unknown) => error,
  );
  if (thrown instanceof AppError) return thrown;
  throw thrown;
}

// 23:30 in Karachi (UTC+5) on 26 November 2026: half an hour before the next day.
const lateEvening = new Date("2026-11-26T18:30:00Z");

describe("the daily upload quota", () => {
  it("counts a user's stored bytes per day up to 200 MB, then answers 429 until midnight in the app's time zone", async () => {
    const [ali, sara] = [await officer(), await officer()];
    for (let n = 0; n < 20; n++) await reserveUploadBytes(ali, 10 * MB, { now: lateEvening });
    const error = await refusalOf(reserveUploadBytes(ali, 1, { now: lateEvening }));
    expect(error).toMatchObject({ status: 429, message: DAILY_UPLOAD_LIMIT, retryAfterSec: 30 * 60 });
    expect(english(error.message, error.values)).toBe("Daily upload limit reached (200 MB a day). Try again tomorrow.");
    await expect(refusalOf(requireUploadRoom(ali, { now: lateEvening }))).resolves.toMatchObject({ status: 429 });
    // Another user, and the same user the next day in Karachi, are not affected.
    await expect(reserveUploadBytes(sara, 10 * MB, { now: lateEvening })).resolves.toBeUndefined();
    const nextDay = new Date("2026-11-26T19:00:00Z");
    await expect(requireUploadRoom(ali, { now: nextDay })).resolves.toBeUndefined();
    await expect(reserveUploadBytes(ali, 10 * MB, { now: nextDay })).resolves.toBeUndefined();
  });

  it("lets racing uploads of one user pass only as far as the quota goes", async () => {
    const ali = await officer();
    const answers = await Promise.allSettled(
      Array.from({ length: 30 }, () => reserveUploadBytes(ali, 10 * MB, { now: lateEvening })),
    );
    expect(answers.filter((answer) => answer.status === "fulfilled")).toHaveLength(20);
    const [day] = await prisma.uploadDay.findMany({ where: { userId: ali }, select: { day: true, bytes: true } });
    expect(day).toEqual({ day: "2026-11-26", bytes: 200 * MB });
  });
});
