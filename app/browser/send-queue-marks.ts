// What the shell needs to know of the send queue (browser/send-queue.ts) before loading it: the
// queue and the offline bar load only when the phone is offline or something may wait.

/**
 * The send queue's IndexedDB database. It keeps the queue's old name on purpose: phones updating to
 * a new build may hold posts queued under it, and a renamed database would lose those posts.
 */
export const QUEUE_DATABASE = "fieldline-outbox";

/** Fired on window whenever the waiting list changes. */
export const SEND_QUEUE_CHANGED = "fieldline:send-queue-changed";

const nothingWaiting = (userId: number) => `fieldline:nothing-waiting:${userId}`;

/**
 * Whether posts or comments of this officer may wait on this phone: no if the queue was last seen
 * empty, or if this phone never queued anything (it has no queue database); else (and where the
 * browser refuses storage or cannot list its databases) yes.
 */
export async function queueMayHold(userId: number): Promise<boolean> {
  try {
    if (localStorage.getItem(nothingWaiting(userId)) !== null) return false;
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === QUEUE_DATABASE);
  } catch {
    return true;
  }
}

/** Remembers whether the officer's queue is empty: set by whoever just read or changed it. */
export function rememberQueueEmpty(userId: number, empty: boolean): void {
  try {
    if (empty) localStorage.setItem(nothingWaiting(userId), "1");
    else localStorage.removeItem(nothingWaiting(userId));
  } catch {
    // No storage: queueMayHold says yes.
  }
}
