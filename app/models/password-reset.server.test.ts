import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { decodeEmail } from "../../tests/support/fake-smtp.mjs";
import { prisma, resetDatabase } from "../../tests/support/db";
import { HIDDEN_IN_OUTBOX } from "~/infra/mail.server";
import { sendAdminPasswordReset } from "~/models/admin.server";
import { requestPasswordReset, resetPassword } from "~/models/password-reset.server";
import { createUserSession } from "~/models/session.server";
import { EXPIRED_RESET_LINK, INVALID_RESET_LINK, RESET_LINK_SENT } from "~/models/user.schema";
import { registerUser, verifyLogin } from "~/models/user.server";
import { emailWords } from "~/http/email-words.server";

/** A reset email in English: the recipient chose no language, the request was English. */
const ENGLISH_EMAIL = emailWords("en");

// The emails go to a fake SMTP server, whole, as the recipient reads them; the outbox keeps them
// with the link hidden, and the log never has them (decision 106).
const smtp = await vi.hoisted(async () => {
  const { startFakeSmtp } = await import("../../tests/support/fake-smtp.mjs");
  const server = await startFakeSmtp();
  process.env.SMTP_URL = server.url;
  return server;
});
afterAll(async () => {
  // The worker's next test files keep their emails in the outbox, as the setup file wants.
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(async () => {
  await resetDatabase();
});

let emailsRead = 0;
/** The text of the newest email, once it has arrived. */
async function newestMail(): Promise<string> {
  await vi.waitFor(() => expect(smtp.messages.length).toBeGreaterThan(emailsRead));
  emailsRead = smtp.messages.length;
  return decodeEmail(smtp.messages.at(-1)?.data ?? "").text;
}

async function tokenFromMail(): Promise<string> {
  const email = await newestMail();
  const link = email.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0];
  if (!link) throw new Error(`No reset link in: ${email}`);
  return new URL(link).searchParams.get("token") ?? "";
}

describe("password reset", () => {
  it("answers the same message for unknown emails and sends nothing", async () => {
    expect(await requestPasswordReset("nobody@example.pk", ENGLISH_EMAIL)).toBe(RESET_LINK_SENT);
    expect(await prisma.outboxEmail.count()).toBe(0);
  });

  it("emails an absolute link with a token stored only as a hash, which works once and ends all sessions", async () => {
    const user = await registerUser({ username: "bilal", email: "bilal@example.pk", password: "first-pass" });
    await createUserSession(user.id);
    expect(await requestPasswordReset("BILAL@example.pk", ENGLISH_EMAIL)).toBe(RESET_LINK_SENT);

    const email = await prisma.outboxEmail.findFirstOrThrow();
    expect(email.to).toBe("bilal@example.pk");
    expect(email.text).toContain(HIDDEN_IN_OUTBOX);
    expect(email.text).not.toContain("token=");
    const token = await tokenFromMail();
    expect(decodeEmail(smtp.messages.at(-1)?.data ?? "").text).toContain(
      `http://localhost:3000/reset-password?token=${token}`,
    );
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await prisma.passwordResetToken.findFirstOrThrow();
    expect(stored.tokenHash).not.toBe(token);

    expect(await resetPassword(token, "second-pass")).toMatchObject({ ok: true });
    expect(await verifyLogin({ username: "bilal", password: "second-pass" })).toMatchObject({ ok: true });
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await resetPassword(token, "third-pass")).toEqual({ ok: false, error: EXPIRED_RESET_LINK });
  });

  it("a successful reset spends every open link of the account, older ones included", async () => {
    await registerUser({ username: "zainab", email: "zainab@example.pk", password: "first-pass" });
    await requestPasswordReset("zainab@example.pk", ENGLISH_EMAIL);
    const older = await tokenFromMail();
    await requestPasswordReset("zainab@example.pk", ENGLISH_EMAIL);
    const newer = await tokenFromMail();
    expect(newer).not.toBe(older);

    expect(await resetPassword(newer, "second-pass")).toMatchObject({ ok: true });
    expect(await resetPassword(older, "third-pass")).toEqual({ ok: false, error: EXPIRED_RESET_LINK });
    expect(await verifyLogin({ username: "zainab", password: "second-pass" })).toMatchObject({ ok: true });
  });

  it("issuing a new link spends the older unused ones: only the newest email resets the password", async () => {
    await registerUser({ username: "farah", email: "farah@example.pk", password: "first-pass" });
    await requestPasswordReset("farah@example.pk", ENGLISH_EMAIL);
    const older = await tokenFromMail();
    await requestPasswordReset("farah@example.pk", ENGLISH_EMAIL);
    const newer = await tokenFromMail();

    expect(await resetPassword(older, "second-pass")).toEqual({ ok: false, error: EXPIRED_RESET_LINK });
    expect(await resetPassword(newer, "third-pass")).toMatchObject({ ok: true });
    expect(await verifyLogin({ username: "farah", password: "third-pass" })).toMatchObject({ ok: true });
  });

  it("a link sent for an admin's request spends the older ones too, and a repeat of that request spends nothing", async () => {
    const user = await registerUser({ username: "hamid", email: "hamid@example.pk", password: "first-pass" });
    const admin = await registerUser({ username: "admin.two", email: "admin2@example.pk", password: "admin-pass" });
    await requestPasswordReset("hamid@example.pk", ENGLISH_EMAIL);
    const asked = await tokenFromMail();
    const key = { value: "r".repeat(32), from: "form" } as const;
    await sendAdminPasswordReset(admin.id, user.id, ENGLISH_EMAIL, key);
    const sent = await tokenFromMail();
    expect(await sendAdminPasswordReset(admin.id, user.id, ENGLISH_EMAIL, key)).toEqual({ replayed: true });

    expect(await resetPassword(asked, "second-pass")).toEqual({ ok: false, error: EXPIRED_RESET_LINK });
    expect(await resetPassword(sent, "third-pass")).toMatchObject({ ok: true });
  });

  it("refuses an expired token and an unknown one", async () => {
    await registerUser({ username: "sana", email: "sana@example.pk", password: "first-pass" });
    await requestPasswordReset("sana@example.pk", ENGLISH_EMAIL);
    const token = await tokenFromMail();
    await prisma.passwordResetToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await resetPassword(token, "second-pass")).toEqual({ ok: false, error: EXPIRED_RESET_LINK });
    expect(await resetPassword("not-a-token", "second-pass")).toEqual({ ok: false, error: INVALID_RESET_LINK });
    expect(await verifyLogin({ username: "sana", password: "first-pass" })).toMatchObject({ ok: true });
  });

  it("sends nothing to a deactivated account", async () => {
    const user = await registerUser({ username: "imran", email: "imran@example.pk", password: "first-pass" });
    await prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    await requestPasswordReset("imran@example.pk", ENGLISH_EMAIL);
    expect(await prisma.outboxEmail.count()).toBe(0);
  });
});

describe("the reset email in its recipient's language", () => {
  it("is in the language the recipient chose, else in the language of the request that sent it", async () => {
    await registerUser({ username: "nadia", email: "nadia@example.pk", password: "first-pass", firstName: "Nadia" });
    await registerUser({ username: "omar", email: "omar@example.pk", password: "first-pass" });
    await prisma.user.update({ where: { username: "nadia" }, data: { language: "ur" } });

    // Nadia reads Urdu, whatever the device that asked; Omar chose nothing and asked from an Urdu phone.
    await requestPasswordReset("nadia@example.pk", ENGLISH_EMAIL);
    await requestPasswordReset("omar@example.pk", emailWords("ur"));
    const [nadia, omar] = await prisma.outboxEmail.findMany({ orderBy: { id: "asc" } });
    expect(nadia?.subject).toBe("اپنا Fieldline پاس ورڈ ری سیٹ کریں");
    expect(nadia?.text).toMatch(/^السلام علیکم Nadia،\n\nکسی نے آپ کے Fieldline اکاؤنٹ کا پاس ورڈ/);
    expect(nadia?.text).toContain(HIDDEN_IN_OUTBOX);
    expect(omar?.text).toMatch(/^السلام علیکم،\n\n/);

    // An English reader's email, word for word as before.
    await registerUser({ username: "ella", email: "ella@example.pk", password: "first-pass", firstName: "Ella" });
    await requestPasswordReset("ella@example.pk", ENGLISH_EMAIL);
    const ella = await prisma.outboxEmail.findFirstOrThrow({ where: { to: "ella@example.pk" } });
    expect(ella.subject).toBe("Reset your Fieldline password");
    expect(ella.text).toBe(
      `Hello Ella,\n\nSomeone asked to reset the password of your Fieldline account. To choose a new password, open this link within one hour:\n\n${HIDDEN_IN_OUTBOX}\n\nIf you did not ask for this, you can ignore this email; your password stays the same.\n`,
    );
  });
});
