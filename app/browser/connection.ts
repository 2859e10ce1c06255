import { useSyncExternalStore } from "react";

// Whether requests get through, from evidence. A phone with one bar often says it is online
// (navigator.onLine) while nothing gets through, and a page served from the service worker's
// saved copy may read online too; so the app also counts what it saw itself:
//   offline: the browser says so, a page came from the phone's saved copy, a request failed on
//            the way (dropped, timed out, or answered by a proxy instead of the server), a probe
//            of /healthz failed or timed out;
//   online:  a request or a probe came back from the server.
// While offline, a probe runs every PROBE_EVERY_MS (and when the browser says it is back).

const PROBE_EVERY_MS = 15_000;
/** How long a probe waits for /healthz before it counts as failed. */
const PROBE_PATIENCE_MS = 8_000;

let offline: boolean | undefined;
let probeTimer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function isOffline(): boolean {
  return offline ?? !navigator.onLine;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function settle(next: boolean): void {
  offline = next;
  if (next && probeTimer === undefined) probeTimer = setInterval(() => void probeConnection(), PROBE_EVERY_MS);
  if (!next && probeTimer !== undefined) {
    clearInterval(probeTimer);
    probeTimer = undefined;
  }
  notify();
}

/** Evidence that nothing gets through: a request failed on the way, or a page came from the phone. */
export function connectionFailed(): void {
  settle(true);
}

/** Evidence that requests get through: an answer came from the server. */
export function connectionWorks(): void {
  settle(false);
}

/** Asks the server's /healthz; its answer (or none within the patience) is evidence either way. */
async function probeConnection(): Promise<void> {
  const patience = new AbortController();
  const timer = setTimeout(() => patience.abort(), PROBE_PATIENCE_MS);
  try {
    const response = await fetch("/healthz", { cache: "no-store", signal: patience.signal });
    if (response.ok) connectionWorks();
    else connectionFailed();
  } catch {
    connectionFailed();
  } finally {
    clearTimeout(timer);
  }
}

const browserOffline = () => connectionFailed();
// The browser's "online" is a hint, not proof: a probe decides (without evidence yet, the hint
// is all there is, so the state is read again at once).
const browserOnline = () => {
  notify();
  void probeConnection();
};

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    window.addEventListener("offline", browserOffline);
    window.addEventListener("online", browserOnline);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener("offline", browserOffline);
    window.removeEventListener("online", browserOnline);
  };
}

/** Whether requests get through, from the evidence above; true during the server render and hydration. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
}

/** The same, outside React: forms ask it before they send (offline, a post waits on the phone). */
export function seemsOnline(): boolean {
  return !isOffline();
}
