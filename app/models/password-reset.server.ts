import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { queueEmail } from "~/infra/mail.server";
import { hashSecretToken, newSecretToken } from "~/infra/secret-token.server";
import { createOnce, type Created, type SubmissionKey } from "~/infra/idempotency.server";
import { hashPassword } from "~/models/user.server";
import { EXPIRED_RESET_LINK, INVALID_RESET_LINK, RESET_DONE, RESET_LINK_SENT } from "~/models/user.schema";
import { currentTime } from "~/infra/clock.server";
import type { Translate } from "~/locales/namespaces";

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * An email's words in its recipient's language: the one they chose (`User.language`), else the
 * language of the request that sends it (decision 103; the edge's `emailWords`).
 */
export type EmailWords = (recipientLanguage: string | null) => Translate;

/** Sends a reset link when the email belongs to an active person's account; answers the same either way. */
export async function requestPasswordReset(email: string, words: EmailWords): Promise<string> {
  const user = await prisma.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, email: true, firstName: true, language: true, isActive: true, isService: true },
  });
  // A service account has no password to reset (decision 48).
  if (user?.isActive && !user.isService) await sendResetLink(user, words);
  return RESET_LINK_SENT;
}

/**
 * Issues a one-hour, single-use token (stored only hashed), spends the user's older open ones, and
 * queues the email with the link (sent to the user; the outbox's copy hides it).
 * With the `request` of an admin (their Reset Password, with its key), a repeat of the same request
 * sends nothing more: the first one's link is already on its way.
 */
export async function sendResetLink(
  user: ResetUser,
  words: EmailWords,
  request?: { adminId: number; key: SubmissionKey | undefined },
): Promise<Created<{ id: number }>> {
  const requestedById = request?.adminId ?? null;
  return createOnce(
    request?.key,
    { userId: user.id },
    (value) =>
      prisma.passwordResetToken.findFirst({
        where: { requestedById, requestKey: value },
        select: { id: true, requestHash: true },
      }),
    (keyed) =>
      issueResetLink(user, words(user.language), {
        requestedById,
        requestKey: keyed.idempotencyKey,
        requestHash: keyed.requestHash,
      }),
  );
}

type ResetUser = { id: number; email: string; firstName: string | null; language: string | null };
type ResetRequest = { requestedById: number | null; requestKey: string | null; requestHash: string | null };

function issueResetLink(user: ResetUser, t: Translate, request: ResetRequest): Promise<{ id: number }> {
  const token = newSecretToken(32);
  const link = new URL(`/reset-password?${new URLSearchParams({ token })}`, env.APP_URL).toString();
  const greeting = user.firstName
    ? t("people:email.reset.greetingNamed", { name: user.firstName })
    : t("people:email.reset.greeting");
  return queueEmail(async (tx) => {
    // Only the newest link works: an older email (perhaps read by someone else) resets nothing.
    await tx.passwordResetToken.updateMany({
      where: { userId: user.id, usedAt: null },
      data: { usedAt: currentTime() },
    });
    return {
      result: await tx.passwordResetToken.create({
        data: {
          userId: user.id,
          tokenHash: hashSecretToken(token),
          expiresAt: new Date(currentTime().getTime() + TOKEN_LIFETIME_MS),
          ...request,
        },
        select: { id: true },
      }),
      email: {
        to: user.email,
        subject: t("people:email.reset.subject"),
        text: [greeting, t("people:email.reset.body"), link, `${t("people:email.reset.ignore")}\n`].join("\n\n"),
        // Only the recipient reads the live link: the outbox keeps the email without it.
        secret: link,
      },
    };
  });
}

export type ResetOutcome = { ok: true; message: string } | { ok: false; error: string };

/** Sets the new password, spends the token (and every other open one of the user) and ends every session of the user. */
export async function resetPassword(token: string, newPassword: string): Promise<ResetOutcome> {
  const passwordHash = await hashPassword(newPassword);
  return prisma.$transaction(async (tx) => {
    const now = currentTime();
    const record = await tx.passwordResetToken.findUnique({
      where: { tokenHash: hashSecretToken(token) },
      select: { id: true, userId: true, expiresAt: true, usedAt: true },
    });
    if (!record) return { ok: false, error: INVALID_RESET_LINK };
    // Spending the token first makes a second use fail even if two resets race.
    const spent = await tx.passwordResetToken.updateMany({
      where: { id: record.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (spent.count === 0) return { ok: false, error: EXPIRED_RESET_LINK };
    await tx.passwordResetToken.updateMany({ where: { userId: record.userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: record.userId }, data: { passwordHash } });
    await tx.session.deleteMany({ where: { userId: record.userId } });
    return { ok: true, message: RESET_DONE };
  });
}
