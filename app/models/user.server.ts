import { hash, verify } from "@node-rs/argon2";
import type { z } from "zod";
import { lockForWrite, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { countRateLimited, countSignInFailure } from "~/infra/prometheus.server";
import { AppError } from "~/lib/app-error";
import { coordinatesText } from "~/lib/coordinates";
import type { Language } from "~/lib/languages";
import { reverseGeocode } from "~/models/geocode.server";
import { recordFailure, recordSuccess, signInRefusal, type SignInSource } from "~/models/login-throttle.server";
import { type ExpectedVersions, requireVersion, rowVersion } from "~/models/row-version.server";
import type { MessageKey } from "~/locales/namespaces";
import {
  INVALID_LOGIN,
  type LocationValues,
  type loginSchema,
  type ProfileUpdate,
  type RegistrationInput,
  type Role,
  USERNAME_TAKEN,
} from "~/models/user.schema";

/** The columns of the signed-in user that every request reads (the session's user). */
export const currentUserSelect = {
  id: true,
  username: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  role: true,
  language: true,
  selectedAvatar: true,
  currentBadge: true,
  homeLat: true,
  homeLng: true,
  homeAddress: true,
  warehouseLat: true,
  warehouseLng: true,
  warehouseAddress: true,
  currentPerformanceScore: true,
  performanceRank: true,
  approval: true,
  teamId: true,
  team: { select: { id: true, name: true } },
} as const;

export type CurrentUser = Prisma.UserGetPayload<{ select: typeof currentUserSelect }>;

// argon2id with OWASP's minimum memory setting (19 MiB, 2 passes): about 30 ms here.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export type LoginResult =
  | { ok: true; userId: number }
  | {
      ok: false;
      /** A catalog's key (decision 101) and its values, said at the edge. */
      error: MessageKey;
      values?: Record<string, number>;
      /** Set when the attempt must wait (429). */
      retryAfterSeconds?: number;
    };

export const DEACTIVATED_LOGIN: MessageKey = "auth:errors.deactivatedLogin";
export const REFUSED_LOGIN: MessageKey = "auth:errors.refusedLogin";

/** A sign-in from nowhere in particular: a script's, a test's. */
const LOCAL: SignInSource = { address: "local", device: null };

/** Checks a sign-in; wrong passwords slow the address that sends them (login-throttle.server.ts). */
export async function verifyLogin(input: z.infer<typeof loginSchema>, source = LOCAL): Promise<LoginResult> {
  const username = input.username.toLowerCase();
  const refusal = signInRefusal(username, source);
  if (refusal) {
    countRateLimited("sign-in");
    return { ok: false, ...refusal };
  }
  const user = await prisma.user.findUnique({
    where: { username },
    select: { id: true, passwordHash: true, isActive: true, approval: true },
  });
  // An unknown username spends the same time as a real check, so timing does not reveal which exist.
  const valid = await verify(user?.passwordHash ?? DUMMY_HASH, input.password).catch(() => false);
  if (!user || !valid) {
    recordFailure(username, source);
    countSignInFailure();
    return { ok: false, error: INVALID_LOGIN };
  }
  recordSuccess(username, source);
  if (!user.isActive) return { ok: false, error: DEACTIVATED_LOGIN };
  if (user.approval === "REFUSED") return { ok: false, error: REFUSED_LOGIN };
  return { ok: true, userId: user.id };
}

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$YVnYdkfD+0uSPeZUHUV2Jw$I1b+Mkyt3Oa7EkoxxWtkAI1BC3/Z8UCEaOlAJjvWshg";

/**
 * Whether a new account is in at once, and its team (app/models/registration.server.ts decides);
 * its role when an admin adds it (an OFFICER otherwise).
 */
type Admission = { approval: "APPROVED" | "PENDING"; teamId: number | null; role?: Role };

/** Creates an account, an OFFICER unless the admission says. Throws an AppError 409 on the username or email field when it is taken. */
export async function registerUser(
  input: RegistrationInput & LocationValues,
  admission: Admission = { approval: "APPROVED", teamId: null },
): Promise<CurrentUser> {
  const username = input.username.toLowerCase();
  const email = input.email.toLowerCase();
  const taken = await prisma.user.findFirst({
    where: { OR: [{ username }, { email }] },
    select: { username: true },
  });
  if (taken) {
    throw taken.username === username
      ? new AppError(409, USERNAME_TAKEN, { field: "username" })
      : new AppError(409, "auth:errors.emailTaken", { field: "email" });
  }
  const { password, ...fields } = input;
  try {
    const user = await prisma.user.create({
      data: { role: "OFFICER", ...fields, ...admission, username, email, passwordHash: await hashPassword(password) },
      select: currentUserSelect,
    });
    return user;
  } catch (error) {
    // Two registrations raced for the same name: answer as if we had seen it first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError(409, USERNAME_TAKEN, { field: "username" });
    }
    throw error;
  }
}

export async function getUserById(id: number): Promise<CurrentUser | null> {
  return prisma.user.findUnique({ where: { id }, select: currentUserSelect });
}

type Place = "home" | "warehouse";

/** The user's version (the ETag of GET /api/me): it changes with every change to what GET answers. */
export function userVersion(user: CurrentUser): string {
  return rowVersion(toApiUser(user));
}

export const PROFILE_CHANGED =
  "Your profile was changed since you read it. Read it again and send your change with its new ETag in If-Match.";

/**
 * Saves profile and location changes (only the fields given); a place given without an address
 * gets one looked up. A place saved is a pin unless `placedFromAddress` says it was found from
 * its address (no map). With `expected` versions (If-Match), a user changed since is refused
 * (412), checked under the write lock. The rankings show names and avatars, so a change
 * refreshes them.
 */
export async function updateProfile(
  userId: number,
  changes: ProfileUpdate,
  placedFromAddress: Partial<Record<Place, boolean>> = {},
  expected?: ExpectedVersions,
): Promise<CurrentUser> {
  const data = { ...(await withAddresses(changes)), ...(await approximateAfter(userId, changes, placedFromAddress)) };
  const user = await prisma.$transaction(async (tx) => {
    if (expected) {
      await lockForWrite(tx);
      const now = await tx.user.findUnique({ where: { id: userId }, select: currentUserSelect });
      requireVersion(now ? userVersion(now) : "", expected, PROFILE_CHANGED);
    }
    return tx.user.update({ where: { id: userId }, data, select: currentUserSelect });
  });
  return user;
}

/** The approximate marks after a change: a place found from its address is; a moved one is not; an unmoved one keeps its mark. */
async function approximateAfter(
  userId: number,
  changes: ProfileUpdate,
  placedFromAddress: Partial<Record<Place, boolean>>,
) {
  const places = (["home", "warehouse"] as const).filter((place) => changes[`${place}Lat`] !== undefined);
  if (places.length === 0) return {};
  const before = await prisma.user.findUnique({
    where: { id: userId },
    select: {
      homeLat: true,
      homeLng: true,
      homeApproximate: true,
      warehouseLat: true,
      warehouseLng: true,
      warehouseApproximate: true,
    },
  });
  const unmoved = (place: Place) =>
    before?.[`${place}Lat`] === changes[`${place}Lat`] && before?.[`${place}Lng`] === changes[`${place}Lng`];
  return Object.fromEntries(
    places.map((place) => [
      `${place}Approximate`,
      (placedFromAddress[place] ?? false) || (Boolean(before?.[`${place}Approximate`]) && unmoved(place)),
    ]),
  );
}

/** Which of the user's places were found from a typed address rather than pinned. */
export async function approximatePlaces(userId: number): Promise<Record<Place, boolean>> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { homeApproximate: true, warehouseApproximate: true },
  });
  return { home: user?.homeApproximate ?? false, warehouse: user?.warehouseApproximate ?? false };
}

/** Sets the user's avatar: one of the default avatars (checked by avatarSchema). */
export async function updateAvatar(userId: number, selectedAvatar: string): Promise<CurrentUser> {
  const user = await prisma.user.update({ where: { id: userId }, data: { selectedAvatar }, select: currentUserSelect });
  return user;
}

/** Fills a missing address from the coordinates: the geocoder, else the coordinates as text. */
export async function withAddresses<T extends LocationValues>(values: T): Promise<T> {
  const filled = { ...values };
  for (const place of ["home", "warehouse"] as const) {
    const lat = filled[`${place}Lat`];
    const lng = filled[`${place}Lng`];
    if (lat == null || lng == null || filled[`${place}Address`]) continue;
    filled[`${place}Address`] = (await reverseGeocode(lat, lng)) ?? coordinatesText(lat, lng);
  }
  return filled;
}

/** The user as the JSON API shows it: coordinates as strings, as existing clients expect. */
/** Remembers the language a user reads Fieldline in (decision 101), for every device they sign in on. */
export async function saveLanguage(userId: number, language: Language): Promise<void> {
  await prisma.user.update({ where: { id: userId }, data: { language }, select: { id: true } });
}

export function toApiUser(user: CurrentUser) {
  const coordinate = (value: number | null) => (value === null ? null : String(value));
  return {
    ...user,
    homeLat: coordinate(user.homeLat),
    homeLng: coordinate(user.homeLng),
    warehouseLat: coordinate(user.warehouseLat),
    warehouseLng: coordinate(user.warehouseLng),
    currentPerformanceScore: user.currentPerformanceScore === null ? null : user.currentPerformanceScore.toFixed(2),
  };
}

export function hasCompletedLocations(user: Pick<CurrentUser, "homeLat" | "warehouseLat">): boolean {
  return user.homeLat !== null && user.warehouseLat !== null;
}
