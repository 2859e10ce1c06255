import { LRUCache } from "lru-cache";
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { currentTime } from "~/infra/clock.server";
import { hashSecretToken, newSecretToken } from "~/infra/secret-token.server";
import { AppError } from "~/lib/app-error";
import { tokenScopesFor } from "~/models/policy";
import { DAY_MS } from "~/lib/calendar";
import { TOKEN_PREFIX } from "~/lib/secrets-in-text";
import {
  ADMIN_SCOPE_FOR_ADMINS,
  type ApiTokenView,
  type CreatedToken,
  type NewServiceAccount,
  type NewToken,
  SERVICE_ACCOUNT_NOT_FOUND,
  type ServiceAccount,
  TOKEN_LIMIT_REACHED,
  TOKEN_NOT_FOUND,
  type TokenScope,
  TOKENS_NEED_SESSION,
} from "~/models/api-token.schema";
import { TEAM_ID_INVALID } from "~/models/team.schema";
import { USERNAME_TAKEN } from "~/models/user.schema";
import { log } from "~/infra/log.server";

// API tokens: a named credential for a tool, acting as its user within its scope, and service
// accounts, a tool's own user (decision 48). The bearer itself is read with the session, in
// session.server.ts.

const TOKEN_BYTES = 32;
const MAX_TOKENS_PER_ACCOUNT = 20;
/** A token's last use is written at most this often, so a busy tool does not write on every call. */
const USE_WRITE_INTERVAL_MS = 60_000;
const MAX_REMEMBERED_USES = 10_000;

const tokenSelect = {
  id: true,
  name: true,
  scope: true,
  hint: true,
  expiresAt: true,
  lastUsedAt: true,
  createdAt: true,
} as const satisfies Prisma.ApiTokenSelect;

function toView(token: Prisma.ApiTokenGetPayload<{ select: typeof tokenSelect }>): ApiTokenView {
  return {
    ...token,
    scope: token.scope as TokenScope,
    expiresAt: token.expiresAt?.toISOString() ?? null,
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    createdAt: token.createdAt.toISOString(),
  };
}

/** The user's tokens, newest first; an expired one stays listed (with its expiry) until revoked. */
export async function listTokens(userId: number): Promise<ApiTokenView[]> {
  const tokens = await prisma.apiToken.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: tokenSelect,
  });
  return tokens.map(toView);
}

/** What asks to make or revoke a token: a signed-in session, or a call with an API token. */
export type ManagedBy = "session" | "token";

/**
 * Tokens are made and revoked only from a signed-in session, never with a token: otherwise a
 * token that expires tomorrow (or leaked) could leave behind one that never expires, and revoke
 * the tokens its owner keeps.
 */
function requireSession(by: ManagedBy): void {
  if (by !== "session") throw new AppError(403, TOKENS_NEED_SESSION);
}

/**
 * A new token for the owner, answered with the token itself: the only time it is seen, as only
 * its SHA-256 is kept. The admin scope is for an ADMIN's tokens only: a token never does more
 * than its owner may. Only a signed-in session makes one.
 */
export async function createToken(
  owner: { id: number; role: string },
  input: NewToken,
  { by, now = currentTime() }: { by: ManagedBy; now?: Date },
): Promise<CreatedToken> {
  requireSession(by);
  if (!tokenScopesFor(owner).includes(input.scope)) {
    throw new AppError(400, ADMIN_SCOPE_FOR_ADMINS, { field: "scope" });
  }
  if ((await prisma.apiToken.count({ where: { userId: owner.id } })) >= MAX_TOKENS_PER_ACCOUNT) {
    throw new AppError(409, TOKEN_LIMIT_REACHED);
  }
  const token = newSecretToken(TOKEN_BYTES, TOKEN_PREFIX);
  const created = await prisma.apiToken.create({
    data: {
      userId: owner.id,
      name: input.name,
      scope: input.scope,
      tokenHash: hashSecretToken(token),
      hint: token.slice(0, TOKEN_PREFIX.length + 4),
      expiresAt: input.expiresInDays === undefined ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
    },
    select: tokenSelect,
  });
  return { ...toView(created), token };
}

/** Revokes (deletes) one of the user's tokens: the next call with it answers 401. Only a signed-in session revokes. */
export async function revokeToken(userId: number, tokenId: number, by: ManagedBy): Promise<void> {
  requireSession(by);
  const { count } = await prisma.apiToken.deleteMany({ where: { id: tokenId, userId } });
  if (count === 0) throw new AppError(404, TOKEN_NOT_FOUND);
}

/** When this process last tried to record each token's use (the most recently used tokens). */
const lastWriteAttempts = new LRUCache<number, number>({ max: MAX_REMEMBERED_USES });

/**
 * Records that a token was used, at most once a minute per token. Not awaited: the call it
 * came with does not wait for the write. On a LiteFS replica the database is read-only and the
 * write fails; the primary records the token's next write call.
 */
export function noteTokenUse(tokenId: number, lastUsedAt: Date | null, now: Date): void {
  const since = now.getTime() - USE_WRITE_INTERVAL_MS;
  if ((lastUsedAt?.getTime() ?? 0) > since || (lastWriteAttempts.get(tokenId) ?? 0) > since) return;
  lastWriteAttempts.set(tokenId, now.getTime());
  prisma.apiToken
    .updateMany({
      where: { id: tokenId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(since) } }] },
      data: { lastUsedAt: now },
    })
    .catch((error: unknown) => log.warn({ err: error, tokenId }, "a token's last use was not recorded"));
}

// ---- Service accounts ----

const serviceAccountSelect = {
  id: true,
  username: true,
  role: true,
  isActive: true,
  team: { select: { id: true, name: true } },
  createdAt: true,
  apiTokens: { select: tokenSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }] },
} as const satisfies Prisma.UserSelect;

function toServiceAccount({
  apiTokens,
  ...account
}: Prisma.UserGetPayload<{ select: typeof serviceAccountSelect }>): ServiceAccount {
  return {
    ...account,
    role: account.role as ServiceAccount["role"],
    createdAt: account.createdAt.toISOString(),
    tokens: apiTokens.map(toView),
  };
}

/** Never an argon2 hash: no password signs a service account in. */
const NO_PASSWORD = "!service-account";

/** Every service account with its tokens, oldest first. */
export async function listServiceAccounts(): Promise<ServiceAccount[]> {
  const accounts = await prisma.user.findMany({
    where: { isService: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: serviceAccountSelect,
  });
  return accounts.map(toServiceAccount);
}

/**
 * A tool's own account (an admin makes it): a MANAGER of one team's work or an ADMIN, approved,
 * that signs in only with its tokens. Its email is in the reserved .invalid domain: no mail
 * reaches it, and no password reset is sent for it.
 */
export async function createServiceAccount(input: NewServiceAccount): Promise<ServiceAccount> {
  const username = input.username.toLowerCase();
  const email = `${username}@service.invalid`;
  if (await prisma.user.findFirst({ where: { OR: [{ username }, { email }] }, select: { id: true } })) {
    throw new AppError(409, USERNAME_TAKEN, { field: "username" });
  }
  const teamId = input.teamId ?? null;
  if (teamId !== null && !(await prisma.team.findUnique({ where: { id: teamId }, select: { id: true } }))) {
    throw new AppError(400, TEAM_ID_INVALID, { field: "teamId" });
  }
  const account = await prisma.user.create({
    data: { username, email, passwordHash: NO_PASSWORD, role: input.role, teamId, isService: true },
    select: serviceAccountSelect,
  });
  log.info({ userId: account.id, role: input.role }, "service account created");
  return toServiceAccount(account);
}

async function serviceAccount(accountId: number): Promise<{ id: number; role: string }> {
  const account = await prisma.user.findFirst({
    where: { id: accountId, isService: true },
    select: { id: true, role: true },
  });
  if (!account) throw new AppError(404, SERVICE_ACCOUNT_NOT_FOUND);
  return account;
}

/** A new token for a service account (an admin's call, from a signed-in session). */
export async function createServiceToken(accountId: number, input: NewToken, by: ManagedBy): Promise<CreatedToken> {
  requireSession(by);
  return createToken(await serviceAccount(accountId), input, { by });
}

/** Revokes one of a service account's tokens (an admin's call, from a signed-in session). */
export async function revokeServiceToken(accountId: number, tokenId: number, by: ManagedBy): Promise<void> {
  requireSession(by);
  await serviceAccount(accountId);
  await revokeToken(accountId, tokenId, by);
}
