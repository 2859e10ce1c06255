import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtp } from "../../tests/support/fake-smtp";

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

  it("keeps the message unsent in the outbox when the SMTP server is gone", async () => {
    await smtp.close();
    await mail.sendEmail({ to: "bilal@example.pk", subject: "Hello", text: "Body" });
    const stored = await db.prisma.outboxEmail.findFirstOrThrow({ where: { to: "bilal@example.pk" } });
    expect(stored.sentAt).toBeNull();
  });
});
