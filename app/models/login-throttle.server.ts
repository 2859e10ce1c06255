// How wrong passwords slow sign-in (decision 58). No count ever refuses an account as such, so no
// number of wrong passwords, from anywhere, keeps its owner out:
// - per client address and account: after PAIR_FREE_FAILURES wrong passwords, that address waits
//   before it may try that account again, a minute at first and twice as long after each further
//   wrong one (at most an hour);
// - per client address: after SIGN_IN_FAILURES_PER_MINUTE wrong passwords in a minute, for any
//   accounts (password spraying), the address waits out the minute;
// - a phone that has signed in to the account before (its signed device cookie names the
//   account) is spared both, so an officer behind the same carrier address as a guesser still
//   signs in; the device has a budget of its own, DEVICE_FAILURES_ALLOWED in DEVICE_WINDOW_MS.
// Kept in this process's memory: every sign-in reaches the one primary (LiteFS sends writes
// there), and a restart forgetting the counts only gives back what they had slowed.
import { LRUCache } from "lru-cache";
import { env } from "~/env.server";
import { currentTime } from "~/infra/clock.server";
import type { MessageKey } from "~/locales/namespaces";

const PAIR_FREE_FAILURES = 5;
const PAIR_FIRST_WAIT_MS = 60_000;
const PAIR_LONGEST_WAIT_MS = 60 * 60_000;
/** A pair that has not failed for this long starts afresh. */
const PAIR_MEMORY_MS = 24 * 60 * 60_000;
const ADDRESS_WINDOW_MS = 60_000;
const DEVICE_FAILURES_ALLOWED = 10;
const DEVICE_WINDOW_MS = 15 * 60_000;
/**
 * Entries kept of each kind; the one used longest ago is forgotten first. A flood of made-up
 * names from one address stops at its own address's limit long before it could push a pair out.
 */
const MAX_ENTRIES = 100_000;

export const TOO_MANY_FROM_ADDRESS: MessageKey = "auth:errors.tooManyFromAddress";

function tooManyForAccount(retryAfterSeconds: number): Pick<SignInRefusal, "error" | "values"> {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return { error: "auth:errors.tooManyForAccount", values: { minutes } };
}

/** Who is signing in, and from where. */
export type SignInSource = {
  /** The client address (an IPv6 address's /56), as the HTTP server saw it. */
  address: string;
  /** The id of this phone's device cookie, when it names this account; null otherwise. */
  device: string | null;
};

/** Why a sign-in must wait: a catalog's key (decision 101) with its values, said at the edge. */
export type SignInRefusal = { error: MessageKey; values?: Record<string, number>; retryAfterSeconds: number };

type PairState = { failures: number; lastAt: number };

const pairs = new LRUCache<string, PairState>({ max: MAX_ENTRIES });
const addressFailures = new LRUCache<string, number[]>({ max: MAX_ENTRIES });
const deviceFailures = new LRUCache<string, number[]>({ max: MAX_ENTRIES });

function recent(map: LRUCache<string, number[]>, key: string, windowMs: number, now: number): number[] {
  return (map.get(key) ?? []).filter((at) => now - at < windowMs);
}

const pairKey = (username: string, { address }: SignInSource) => `${address} ${username}`;

function pairWaitMs({ failures }: PairState): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_FIRST_WAIT_MS * 2 ** (failures - PAIR_FREE_FAILURES), PAIR_LONGEST_WAIT_MS);
}

function isTrustedDevice(source: SignInSource, now: number): boolean {
  return (
    source.device !== null &&
    recent(deviceFailures, source.device, DEVICE_WINDOW_MS, now).length < DEVICE_FAILURES_ALLOWED
  );
}

/** Why this attempt must wait before its password is even checked, or null when it may go ahead. */
export function signInRefusal(
  username: string,
  source: SignInSource,
  now = currentTime().getTime(),
): SignInRefusal | null {
  if (isTrustedDevice(source, now)) return null;
  const pair = pairs.get(pairKey(username, source));
  const pairReadyAt = pair ? pair.lastAt + pairWaitMs(pair) : 0;
  if (pairReadyAt > now) {
    const retryAfterSeconds = Math.ceil((pairReadyAt - now) / 1000);
    return { ...tooManyForAccount(retryAfterSeconds), retryAfterSeconds };
  }
  const fromAddress = recent(addressFailures, source.address, ADDRESS_WINDOW_MS, now);
  if (fromAddress.length >= env.SIGN_IN_FAILURES_PER_MINUTE) {
    const retryAfterSeconds = Math.ceil((fromAddress[0]! + ADDRESS_WINDOW_MS - now) / 1000);
    return { error: TOO_MANY_FROM_ADDRESS, retryAfterSeconds };
  }
  return null;
}

export function recordFailure(username: string, source: SignInSource, now = currentTime().getTime()): void {
  const key = pairKey(username, source);
  const pair = pairs.get(key);
  const failures = pair && now - pair.lastAt < PAIR_MEMORY_MS ? pair.failures + 1 : 1;
  pairs.set(key, { failures, lastAt: now });
  addressFailures.set(source.address, [...recent(addressFailures, source.address, ADDRESS_WINDOW_MS, now), now]);
  if (source.device) {
    deviceFailures.set(source.device, [...recent(deviceFailures, source.device, DEVICE_WINDOW_MS, now), now]);
  }
}

/**
 * The right password: the device starts afresh, or, without one, the address for the account (a
 * known phone does not clear what other phones behind its address have guessed).
 */
export function recordSuccess(username: string, source: SignInSource): void {
  if (source.device) deviceFailures.delete(source.device);
  else pairs.delete(pairKey(username, source));
}
