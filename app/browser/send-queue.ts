import { connectionFailed, connectionWorks } from "~/browser/connection";
import { SUBMISSION_KEY_HEADER } from "~/lib/submission-key";
import { ANSWER_PATIENCE_MS } from "~/lib/failed-request";
import { QUEUE_DATABASE, rememberQueueEmpty, SEND_QUEUE_CHANGED } from "~/browser/send-queue-marks";

// The send queue: posts and comments made without a connection wait here, in the phone's
// IndexedDB, and go to the /api when the connection returns. Each keeps the idempotency key it was made with, so a
// retry that races a slow success (or a second tab) never creates a second copy on the server.
// Browser only: call these from effects and event handlers.

export type QueuedSubmission = {
  key: string;
  userId: number;
  kind: "post" | "comment";
  /** The /api address it is sent to, e.g. /api/posts or /api/posts/12/comments. */
  url: string;
  body: Record<string, unknown>;
  /** What the waiting list shows, e.g. "Field Visit: Met farmers at Chak 12". */
  label: string;
  createdAt: number;
  /** The server refused it (a reason the officer must see); it is no longer retried. */
  error?: string;
};

// The store keeps its old name too (QUEUE_DATABASE).
const STORE = "waiting";

let database: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  database ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(QUEUE_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return database;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error);
  });
}

function changed() {
  window.dispatchEvent(new Event(SEND_QUEUE_CHANGED));
}

export async function keepForLater(item: QueuedSubmission): Promise<void> {
  rememberQueueEmpty(item.userId, false);
  await run("readwrite", (store) => store.put(item));
  changed();
}

/** The user's waiting submissions, oldest first. */
export async function listWaiting(userId: number): Promise<QueuedSubmission[]> {
  const all = await run<QueuedSubmission[]>("readonly", (store) => store.getAll());
  return all.filter((item) => item.userId === userId).sort((a, b) => a.createdAt - b.createdAt);
}

export async function discard(key: string): Promise<void> {
  await run("readwrite", (store) => store.delete(key));
  changed();
}

/**
 * Sends one; "wait" means try again later (offline, no answer in time, signed out, server busy).
 * A request with no answer is given up after the officer's patience: a round that never ended
 * would hold every later "Send now".
 */
async function send(item: QueuedSubmission): Promise<"sent" | "wait" | { refused: string }> {
  let response: Response;
  const patience = new AbortController();
  const timer = setTimeout(() => patience.abort(), ANSWER_PATIENCE_MS);
  try {
    response = await fetch(item.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", [SUBMISSION_KEY_HEADER]: item.key },
      body: JSON.stringify(item.body),
      signal: patience.signal,
    });
  } catch {
    connectionFailed();
    return "wait";
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) {
    connectionWorks();
    return "sent";
  }
  if (response.status === 401 || response.status === 408 || response.status === 429 || response.status >= 500)
    return "wait";
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  return { refused: answer?.error ?? `Refused by the server (${response.status})` };
}

let sending: Promise<number> | undefined;

/**
 * Sends the user's waiting submissions in order, one at a time; stops at the first that must
 * wait. Answers how many were sent. Calls made while a round runs join it.
 */
export function sendWaiting(userId: number): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    try {
      for (const item of await listWaiting(userId)) {
        if (item.error) continue;
        const outcome = await send(item);
        if (outcome === "wait") break;
        if (outcome === "sent") {
          await run("readwrite", (store) => store.delete(item.key));
          sent += 1;
        } else {
          await run("readwrite", (store) => store.put({ ...item, error: outcome.refused }));
        }
        changed();
      }
    } finally {
      sending = undefined;
    }
    return sent;
  })();
  return sending;
}

/**
 * The JSON body of POST /api/posts from the new-post form's fields: empty fields left out,
 * `media[0].url` style fields gathered into the media list, the key travelling as the header.
 */
export function postBodyFromForm(form: FormData, skip: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const media: Array<Record<string, string>> = [];
  for (const [name, value] of form) {
    if (typeof value !== "string" || value.trim() === "" || skip.includes(name)) continue;
    const item = /^media\[(\d+)\]\.(\w+)$/.exec(name);
    if (item) (media[Number(item[1])] ??= {})[item[2]!] = value;
    else body[name] = value;
  }
  if (media.length > 0) body.media = media.filter(Boolean);
  return body;
}
