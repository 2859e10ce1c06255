import { RouterContextProvider } from "react-router";
import { beforeEach, expect, test } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { afterResponseContext } from "~/http/context";
import { action } from "~/routes/api/dispatch";
import { RESET_LINK_SENT } from "~/models/user.schema";
import { registerUser } from "~/models/user.server";
import { english } from "../../tests/support/english";

beforeEach(resetDatabase);

/** POST /api/forgot-password through its route module, with the work after the answer held back. */
async function askForReset(email: string): Promise<{ answer: unknown; sendAfterwards: () => void }> {
  const held: Array<() => void> = [];
  const context = new RouterContextProvider();
  context.set(afterResponseContext, (task) => held.push(task));
  const request = new Request("http://localhost/api/forgot-password", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  const response = await action({
    request,
    context,
    params: {},
    url: new URL(request.url),
    pattern: "/api/forgot-password",
  } as unknown as Parameters<typeof action>[0]);
  return { answer: await response.json(), sendAfterwards: () => held.forEach((task) => task()) };
}

test("forgot-password answers before it looks the account up, so both answers take the same path", async () => {
  await registerUser({ username: "hamza", email: "hamza@example.pk", password: "first-pass" });
  const known = await askForReset("hamza@example.pk");
  const unknown = await askForReset("nobody@example.pk");
  expect(known.answer).toEqual({ message: english(RESET_LINK_SENT) });
  expect(unknown.answer).toEqual(known.answer);
  expect(await prisma.passwordResetToken.count()).toBe(0);

  known.sendAfterwards();
  unknown.sendAfterwards();
  await expect.poll(() => prisma.passwordResetToken.count()).toBe(1);
  await expect.poll(() => prisma.outboxEmail.count({ where: { to: "hamza@example.pk" } })).toBe(1);
});
