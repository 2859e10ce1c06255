import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RESET_LINK_SENT } from "~/models/user.schema";

// A reset request must not take longer when an email goes out, or its time would tell that the
// account exists: with an SMTP server that accepts the connection and never answers, the request
// still answers as soon as the email is in the outbox. (SMTP_URL is read when the modules load.)
const connections = new Set<net.Socket>();
const silentSmtp = net.createServer((socket) => void connections.add(socket));
let db: typeof import("../../tests/support/db");
let passwordReset: typeof import("~/models/password-reset.server");
let users: typeof import("~/models/user.server");

beforeAll(async () => {
  await new Promise<void>((resolve) => silentSmtp.listen(0, "127.0.0.1", resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(silentSmtp.address() as net.AddressInfo).port}`;
  db = await import("../../tests/support/db");
  passwordReset = await import("~/models/password-reset.server");
  users = await import("~/models/user.server");
  await db.resetDatabase();
});

afterAll(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => silentSmtp.close(resolve));
});

it("answers a reset request for an existing account without waiting for the SMTP server", async () => {
  await users.registerUser({ username: "sana", email: "sana@example.pk", password: "first-pass" });
  const stillWaiting = new Promise((resolve) => setTimeout(() => resolve("still waiting for SMTP"), 3000));
  expect(
    await Promise.race([
      passwordReset.requestPasswordReset(
        "sana@example.pk",
        (await import("~/http/email-words.server")).emailWords("en"),
      ),
      stillWaiting,
    ]),
  ).toBe(RESET_LINK_SENT);
  expect(
    await db.prisma.outboxEmail.findFirstOrThrow({ where: { to: "sana@example.pk" }, select: { sentAt: true } }),
  ).toEqual({ sentAt: null });
  await expect.poll(() => connections.size).toBeGreaterThan(0);
});
