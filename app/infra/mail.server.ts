import nodemailer, { type Transporter } from "nodemailer";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { Prisma } from "~/generated/prisma/client";
import { currentTime } from "~/infra/clock.server";
import { log } from "~/infra/log.server";

/**
 * An email; `secret`, when set, is a part of its text only the recipient may read (a reset
 * link): it is sent, but never written to the outbox.
 */
export type Email = { to: string; subject: string; text: string; html?: string; secret?: string };

/** What the outbox shows instead of an email's secret. */
export const HIDDEN_IN_OUTBOX = "[link hidden: only the recipient's copy has it]";

/** The outbox's copy of an email: everything but its secret, so no admin or copy of the database holds a live link. */
function outboxCopy({ secret, ...email }: Email): Omit<Email, "secret"> {
  if (!secret) return email;
  return {
    ...email,
    text: email.text.replaceAll(secret, HIDDEN_IN_OUTBOX),
    html: email.html?.replaceAll(secret, HIDDEN_IN_OUTBOX),
  };
}

let transport: Transporter | undefined;
function smtp(): Transporter | undefined {
  if (!env.SMTP_URL) return undefined;
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  return transport;
}

/**
 * Every email is kept in the outbox, its secret hidden. With SMTP_URL set it is also sent
 * (whole) and marked sent; without, it stays in the outbox (readable by admins at /admin/outbox)
 * and goes, whole, to the log, the only mailbox such a server has. A failing SMTP server does
 * not fail the caller: the message stays unsent in the outbox.
 */
export async function sendEmail(email: Email): Promise<void> {
  await (
    await storeAndDeliver(email)
  ).delivered;
}

/**
 * Like sendEmail, but answers as soon as the email is in the outbox and delivers it in the
 * background: an answer that must not take longer when an email goes out (a password reset
 * request, which would otherwise tell by its time whether an account exists) does not wait for SMTP.
 * `write` makes the email in the same transaction as the rows it speaks of (a reset link's
 * token): both are kept, or neither.
 */
export async function queueEmail<T>(
  write: (tx: Prisma.TransactionClient) => Promise<{ result: T; email: Email }>,
): Promise<T> {
  const { result, email, id } = await prisma.$transaction(async (tx) => {
    const written = await write(tx);
    const stored = await tx.outboxEmail.create({ data: outboxCopy(written.email), select: { id: true } });
    return { ...written, id: stored.id };
  });
  void deliver(id, email);
  return result;
}

async function storeAndDeliver(email: Email): Promise<{ delivered: Promise<void> }> {
  const stored = await prisma.outboxEmail.create({ data: outboxCopy(email), select: { id: true } });
  return { delivered: deliver(stored.id, email) };
}

async function deliver(id: number, email: Email): Promise<void> {
  const transporter = smtp();
  if (!transporter) {
    // Without SMTP the outbox is the only mailbox: the log says an email waits there, never what
    // it says (a reset link, a phone number) nor to whom.
    log.info({ emailId: id }, "email kept in the outbox (no SMTP_URL)");
    return;
  }
  try {
    const { secret: _secret, ...message } = email;
    await transporter.sendMail({ from: env.MAIL_FROM, ...message });
    await prisma.outboxEmail.update({ where: { id }, data: { sentAt: currentTime() } });
  } catch (error) {
    log.error({ err: error, emailId: id }, "could not send an email");
  }
}
