import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeEmail, startFakeSmtp } from "../../tests/support/fake-smtp.mjs";

// The settings are read when the app's modules load, so SMTP_URL is set before importing them.
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let mail: typeof import("~/infra/mail.server");
let db: typeof import("~/db.server");

beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
  mail = await import("~/infra/mail.server");
  db = await import("~/db.server");
});

afterAll(async () => {
  await smtp.close();
});

describe("sendEmail with SMTP_URL set", () => {
  it("sends through SMTP and marks the outbox copy as sent", async () => {
    await mail.sendEmail({
      to: "ayesha@example.pk",
      subject: "Reset your Fieldline password",
      text: "Open this link: http://x/reset",
    });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.to).toEqual(["<ayesha@example.pk>"]);
    expect(smtp.messages[0]?.data).toContain("Subject: Reset your Fieldline password");
    const stored = await db.prisma.outboxEmail.findFirstOrThrow({ where: { to: "ayesha@example.pk" } });
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("sends an email's secret to its recipient only: the outbox's copy has it hidden", async () => {
    const link = "http://x/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789-_ABCDEFG";
    await mail.sendEmail({
      to: "sana@example.pk",
      subject: "Reset",
      text: `Open this link:\n\n${link}\n`,
      secret: link,
    });
    expect(decodeEmail(smtp.messages.at(-1)!.data).text).toContain(link);
    const stored = await db.prisma.outboxEmail.findFirstOrThrow({ where: { to: "sana@example.pk" } });
    expect(stored.text).toBe(`Open this link:\n\n${mail.HIDDEN_IN_OUTBOX}\n`);
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("keeps the message unsent in the outbox when the SMTP server is gone", async () => {
    await smtp.close();
    await mail.sendEmail({ to: "bilal@example.pk", subject: "Hello", text: "Body" });
    const stored = await db.prisma.outboxEmail.findFirstOrThrow({ where: { to: "bilal@example.pk" } });
    expect(stored.sentAt).toBeNull();
  });
});
