import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { sendAdminPasswordReset, updateUserByAdmin } from "~/models/admin.server";
import { RESET_OF_SERVICE_ACCOUNT } from "~/models/admin.schema";
import {
  ADMIN_SCOPE_FOR_ADMINS,
  apiTokenSchema,
  createdTokenSchema,
  TOKENS_NEED_SESSION,
  SERVICE_ROLE_INVALID,
  serviceAccountSchema,
  TOKEN_NOT_FOUND,
} from "~/models/api-token.schema";
import {
  createServiceAccount,
  createServiceToken,
  createToken,
  listServiceAccounts,
  listTokens,
  revokeServiceToken,
  revokeToken,
} from "~/models/api-token.server";
import { requestPasswordReset } from "~/models/password-reset.server";
import { requestCredential } from "~/http/credentials.server";
import { registerUser, verifyLogin } from "~/models/user.server";
import { emailWords } from "~/http/email-words.server";

/** A reset email in English: the recipient chose no language, the request was English. */
const ENGLISH_EMAIL = emailWords("en");

beforeEach(resetDatabase);

let counter = 0;
async function makeUser(role = "OFFICER") {
  const username = `tokenuser${++counter}`;
  const user = await registerUser({ username, email: `${username}@example.pk`, password: "secret12" });
  if (role !== "OFFICER") await prisma.user.update({ where: { id: user.id }, data: { role } });
  return { ...user, role };
}

function apiCall(token: string, path = "/api/posts", extra: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}`, ...extra } });
}

const until = (condition: () => Promise<boolean>) => expect.poll(condition, { timeout: 5000, interval: 20 }).toBe(true);

describe("API tokens", () => {
  it("are shown once with a recognisable prefix, stored only as their SHA-256, and listed without the token", async () => {
    const officer = await makeUser();
    const created = await createToken(officer, { name: "Sheet sync", scope: "read" }, { by: "session" });
    expect(createdTokenSchema.parse(created)).toEqual(created);
    expect(created.token).toMatch(/^fl_[A-Za-z0-9_-]{43}$/);
    expect(created.hint).toBe(created.token.slice(0, 7));
    const row = await prisma.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(3));
    const [listed] = await listTokens(officer.id);
    expect(apiTokenSchema.strict().parse(listed)).toEqual(listed);
    expect(listed).not.toHaveProperty("token");
  });

  it("act as their user on /api, never on a page; an unknown or malformed bearer is nobody", async () => {
    const officer = await makeUser();
    const { token, id } = await createToken(officer, { name: "t", scope: "write" }, { by: "session" });
    expect(await requestCredential(apiCall(token))).toMatchObject({
      user: { id: officer.id, username: officer.username },
      token: { id, scope: "write" },
    });
    expect(await requestCredential(apiCall(token, "/profile"))).toBeNull();
    expect(await requestCredential(apiCall(`${token}x`))).toBeNull();
    expect(await requestCredential(apiCall(""))).toBeNull();
    expect(await requestCredential(apiCall("x".repeat(5000)))).toBeNull();
  });

  it("stop at their expiry, at revocation, and when the user is deactivated or refused, not at a password change", async () => {
    const officer = await makeUser();
    const admin = await makeUser("ADMIN");
    const now = new Date();
    const expiring = await createToken(officer, { name: "week", scope: "read", expiresInDays: 7 }, { by: "session" });
    const day = 24 * 60 * 60 * 1000;
    expect(await requestCredential(apiCall(expiring.token), new Date(now.getTime() + 6 * day))).not.toBeNull();
    expect(await requestCredential(apiCall(expiring.token), new Date(now.getTime() + 8 * day))).toBeNull();

    const kept = await createToken(officer, { name: "kept", scope: "read" }, { by: "session" });
    await prisma.user.update({ where: { id: officer.id }, data: { passwordHash: "changed" } });
    expect(await requestCredential(apiCall(kept.token))).not.toBeNull();

    await prisma.user.update({ where: { id: officer.id }, data: { approval: "REFUSED" } });
    expect(await requestCredential(apiCall(kept.token))).toBeNull();
    await prisma.user.update({ where: { id: officer.id }, data: { approval: "APPROVED" } });
    expect(await requestCredential(apiCall(kept.token))).not.toBeNull();

    await revokeToken(officer.id, kept.id, "session");
    expect(await requestCredential(apiCall(kept.token))).toBeNull();
    await expect(revokeToken(officer.id, kept.id, "session")).rejects.toMatchObject({
      status: 404,
      message: TOKEN_NOT_FOUND,
    });

    // Deactivation ends them for good: reactivating the account brings none back.
    const ended = await createToken(officer, { name: "ended", scope: "read" }, { by: "session" });
    await updateUserByAdmin(admin.id, officer.id, { isActive: false });
    expect(await requestCredential(apiCall(ended.token))).toBeNull();
    await updateUserByAdmin(admin.id, officer.id, { isActive: true });
    expect(await requestCredential(apiCall(ended.token))).toBeNull();
    expect(await listTokens(officer.id)).toEqual([]);
  });

  it("cannot be revoked by someone else", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const { id, token } = await createToken(owner, { name: "mine", scope: "read" }, { by: "session" });
    await expect(revokeToken(other.id, id, "session")).rejects.toMatchObject({ status: 404 });
    expect(await requestCredential(apiCall(token))).not.toBeNull();
  });

  it("have the admin scope only for an admin, and are made and revoked only from a session, never with a token", async () => {
    const manager = await makeUser("MANAGER");
    await expect(createToken(manager, { name: "x", scope: "admin" }, { by: "session" })).rejects.toMatchObject({
      status: 400,
      message: ADMIN_SCOPE_FOR_ADMINS,
    });
    const admin = await makeUser("ADMIN");
    await expect(createToken(admin, { name: "x", scope: "read" }, { by: "token" })).rejects.toMatchObject({
      status: 403,
      message: TOKENS_NEED_SESSION,
    });
    const made = await createToken(admin, { name: "x", scope: "write" }, { by: "session" });
    await expect(revokeToken(admin.id, made.id, "token")).rejects.toMatchObject({
      status: 403,
      message: TOKENS_NEED_SESSION,
    });
    expect(await listTokens(admin.id)).toHaveLength(1);
  });

  it("write their last use at most once a minute", async () => {
    const officer = await makeUser();
    const { id, token } = await createToken(officer, { name: "busy", scope: "read" }, { by: "session" });
    // A year ahead: after the uses the other tests made (their token ids come back after each reset).
    const t0 = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000);
    await requestCredential(apiCall(token), t0);
    const lastUse = async () => (await prisma.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt?.getTime();
    await until(async () => (await lastUse()) === t0.getTime());
    for (let second = 1; second < 60; second += 10) {
      await requestCredential(apiCall(token), new Date(t0.getTime() + second * 1000));
    }
    const later = new Date(t0.getTime() + 61_000);
    await requestCredential(apiCall(token), later);
    await until(async () => (await lastUse()) === later.getTime());
  });
});

describe("service accounts", () => {
  it("are approved MANAGERs or ADMINs with a team, sign in with tokens only, and get no password reset", async () => {
    const team = await prisma.team.create({ data: { name: "North" } });
    const account = await createServiceAccount({ username: "Sync-Bot", role: "MANAGER", teamId: team.id });
    expect(serviceAccountSchema.parse(account)).toEqual(account);
    expect(account).toMatchObject({ username: "sync-bot", role: "MANAGER", team: { id: team.id }, tokens: [] });
    await expect(createServiceAccount({ username: "sync-bot", role: "ADMIN" })).rejects.toMatchObject({ status: 409 });

    const { token } = await createServiceToken(account.id, { name: "nightly", scope: "write" }, "session");
    expect(await requestCredential(apiCall(token))).toMatchObject({ user: { id: account.id, teamId: team.id } });
    expect((await verifyLogin({ username: "sync-bot", password: "!service-account" })).ok).toBe(false);

    const admin = await makeUser("ADMIN");
    await expect(sendAdminPasswordReset(admin.id, account.id, ENGLISH_EMAIL)).rejects.toMatchObject({
      status: 400,
      message: RESET_OF_SERVICE_ACCOUNT,
    });
    await requestPasswordReset("sync-bot@service.invalid", ENGLISH_EMAIL);
    expect(await prisma.passwordResetToken.count({ where: { userId: account.id } })).toBe(0);
    await expect(updateUserByAdmin(admin.id, account.id, { role: "OFFICER" })).rejects.toMatchObject({
      status: 400,
      message: SERVICE_ROLE_INVALID,
    });
    await expect(createServiceToken(account.id, { name: "x", scope: "admin" }, "session")).rejects.toMatchObject({
      status: 400,
    });
  });

  it("are listed with their tokens; a person is no service account", async () => {
    const account = await createServiceAccount({ username: "erp", role: "ADMIN" });
    const made = await createServiceToken(account.id, { name: "erp", scope: "admin" }, "session");
    const [listed] = await listServiceAccounts();
    expect(listed?.tokens.map((token) => token.id)).toEqual([made.id]);
    const person = await makeUser();
    await expect(createServiceToken(person.id, { name: "x", scope: "read" }, "session")).rejects.toMatchObject({
      status: 404,
    });
    await expect(revokeServiceToken(person.id, made.id, "session")).rejects.toMatchObject({ status: 404 });
    await revokeServiceToken(account.id, made.id, "session");
    expect((await listServiceAccounts())[0]?.tokens).toEqual([]);
  });
});
