// Sign-in attempts per account, beside the per-address limit of the HTTP server: guessing one
// officer's password from many addresses stops after FAILURES_ALLOWED wrong passwords in
// WINDOW_MS. Kept in this process's memory: every sign-in reaches the one primary (LiteFS sends
// writes there), and a restart forgetting the count only gives back one window.

const FAILURES_ALLOWED = 10;
/** How long wrong passwords count, and so how long a throttled account waits at most. */
export const WINDOW_SECONDS = 15 * 60;
const WINDOW_MS = WINDOW_SECONDS * 1000;
/** At most this many accounts are followed; the oldest is forgotten first. */
const MAX_ACCOUNTS = 10_000;

export const TOO_MANY_FOR_ACCOUNT = "Too many failed sign-ins for this account. Please wait 15 minutes and try again.";

const failures = new Map<string, number[]>();

function recent(username: string, now: number): number[] {
  return (failures.get(username) ?? []).filter((at) => now - at < WINDOW_MS);
}

/** Whether the account has had too many wrong passwords lately. */
export function isThrottled(username: string, now = Date.now()): boolean {
  return recent(username, now).length >= FAILURES_ALLOWED;
}

export function recordFailure(username: string, now = Date.now()): void {
  const kept = recent(username, now);
  failures.delete(username);
  failures.set(username, [...kept, now]);
  if (failures.size > MAX_ACCOUNTS) failures.delete(failures.keys().next().value!);
}

export function forgetFailures(username: string): void {
  failures.delete(username);
}
