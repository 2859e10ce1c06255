import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import { createCookieSessionStorage } from "react-router";
import { prisma, readRows, type RowOf } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { appCookie } from "~/infra/cookies.server";
import { hashSecretToken } from "~/infra/secret-token.server";
import { MAX_TOKEN_LENGTH, type TokenScope } from "~/models/api-token.schema";
import { noteTokenUse } from "~/models/api-token.server";
import { type CurrentUser, currentUserSelect } from "~/models/user.server";
import { currentTime } from "~/infra/clock.server";

const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
// The cookie carries only the id of a Session row; deleting the row signs the browser out.
const sessionCookie = { ...appCookie("fl_session"), maxAge: SESSION_LIFETIME_MS / 1000 };
/** The session cookie's name: __Host-fl_session when cookies are Secure (decision 17). */
export const SESSION_COOKIE = sessionCookie.name;

const sessionStorage = createCookieSessionStorage<{ sessionId: string }>({
  cookie: sessionCookie,
});

// The user's own columns; the team's name comes from a join.
const CURRENT_USER_COLUMNS = Object.keys(currentUserSelect).filter((column) => column !== "team");

// Checking the cookie's signature (an HMAC through WebCrypto) costs more than reading the
// session row, and every request asks: a cookie value once verified is remembered (bounded;
// the least recently used goes first). Only verified values enter, so a forged cookie never does.
const verifiedSessionIds = new LRUCache<string, string>({ max: 10_000 });
const SESSION_COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE.replace(/[^\w-]/g, "\\$&")}=([^;]*)`);

async function getSessionId(cookieHeader: string | null): Promise<string | undefined> {
  const value = SESSION_COOKIE_VALUE.exec(cookieHeader ?? "")?.[1]?.trim();
  if (!value) return undefined;
  const remembered = verifiedSessionIds.get(value);
  if (remembered) return remembered;
  const sessionId = (await sessionStorage.getSession(`${SESSION_COOKIE}=${value}`)).get("sessionId");
  if (!sessionId) return undefined;
  verifiedSessionIds.set(value, sessionId);
  return sessionId;
}

type UserRow = RowOf<typeof sqlRows.sessionUser>;

function toCurrentUser({ teamName, ...user }: UserRow): CurrentUser {
  return { ...user, team: user.teamId === null || teamName === null ? null : { id: user.teamId, name: teamName } };
}

const USER_SELECT = Prisma.raw(`${CURRENT_USER_COLUMNS.map((column) => `u.${column}`).join(", ")}, t.name AS teamName`);

/**
 * The active user behind the session cookie of a request's Cookie header, or null. Every request
 * asks, so it is one plain statement (readRows) rather than a Prisma query.
 */
export async function getSessionUser(cookieHeader: string | null): Promise<CurrentUser | null> {
  const sessionId = await getSessionId(cookieHeader);
  if (!sessionId) return null;
  const [row] = readRows(
    sqlRows.sessionUser,
    Prisma.sql`
    SELECT ${USER_SELECT}
    FROM Session s JOIN User u ON u.id = s.userId LEFT JOIN Team t ON t.id = u.teamId
    WHERE s.id = ${sessionId} AND s.expiresAt > ${currentTime()} AND u.isActive = 1`,
  );
  return row ? toCurrentUser(row) : null;
}

/** Who a request acts as: a session's user, or a token's user within the token's scope. */
export type RequestCredential = { user: CurrentUser; token: { id: number; scope: TokenScope } | null };

/**
 * The credential of an API token: its user within its scope. An empty, overlong, unknown, expired
 * or revoked token, or one of an account deactivated, refused or waiting, is nobody (null).
 */
export function apiTokenCredential(token: string, now: Date): RequestCredential | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [row] = readRows(
    sqlRows.tokenUser,
    Prisma.sql`
    SELECT ${USER_SELECT}, k.id AS tokenId, k.scope AS tokenScope, k.lastUsedAt AS tokenUsedAt
    FROM ApiToken k JOIN User u ON u.id = k.userId LEFT JOIN Team t ON t.id = u.teamId
    WHERE k.tokenHash = ${hashSecretToken(token)} AND (k.expiresAt IS NULL OR k.expiresAt > ${now})
      AND u.isActive = 1 AND u.approval = 'APPROVED'`,
  );
  if (!row) return null;
  const { tokenId, tokenScope, tokenUsedAt, ...user } = row;
  noteTokenUse(tokenId, tokenUsedAt, now);
  return { user: toCurrentUser(user), token: { id: tokenId, scope: tokenScope } };
}

/** Starts a session for the user and answers the Set-Cookie header that carries it. */
export async function createUserSession(userId: number): Promise<string> {
  const session = await prisma.session.create({
    data: {
      id: crypto.randomBytes(32).toString("base64url"),
      userId,
      expiresAt: new Date(currentTime().getTime() + SESSION_LIFETIME_MS),
    },
    select: { id: true },
  });
  const cookieSession = await sessionStorage.getSession();
  cookieSession.set("sessionId", session.id);
  return sessionStorage.commitSession(cookieSession);
}

/** Ends the session of a request's Cookie header (if any) and answers the Set-Cookie header that clears it. */
export async function destroyUserSession(cookieHeader: string | null): Promise<string> {
  const cookieSession = await sessionStorage.getSession(cookieHeader);
  const sessionId = cookieSession.get("sessionId");
  if (sessionId) await prisma.session.deleteMany({ where: { id: sessionId } });
  return sessionStorage.destroySession(cookieSession);
}
