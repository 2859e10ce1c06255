import { connectionFailed, connectionWorks } from "~/browser/connection";
import { SUBMISSION_KEY_HEADER } from "~/lib/submission-key";
import { ANSWER_PATIENCE_MS } from "~/lib/failed-request";
import { QUEUE_DATABASE, rememberQueueEmpty, SEND_QUEUE_CHANGED } from "~/browser/send-queue-marks";
import { UploadFailed, uploadFile, uploadTarget } from "~/browser/upload";

// The send queue: posts and comments made without a connection wait here, in the phone's
// IndexedDB, and go to the /api when the connection returns. Each keeps the idempotency key it was made with, so a
// retry that races a slow success (or a second tab) never creates a second copy on the server.
// Browser only: call these from effects and event handlers.

/**
 * A photo or video of a post that could not be uploaded when it was chosen: kept on the phone (a
 * photo already made smaller) and uploaded just before its post is sent. `url` once uploaded.
 */
export type WaitingFile = {
  name: string;
  kind: "IMAGE" | "VIDEO";
  blob: Blob;
  durationSec?: number;
  url?: string;
};

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
  /** A post's files still to upload; the post is never sent before they are. */
  files?: WaitingFile[];
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

type Outcome = "sent" | "wait" | { refused: string };

/**
 * Uploads the item's waiting files (each kept with its URL as soon as it is up, so a later round
 * does not send it twice) and answers the body with them added to its media. A file the server
 * refuses stops the post: it is never sent without it.
 */
async function withFiles(
  item: QueuedSubmission,
): Promise<{ body: Record<string, unknown> } | Exclude<Outcome, "sent">> {
  const files = item.files ?? [];
  for (const [index, file] of files.entries()) {
    if (file.url) continue;
    try {
      file.url = await uploadFile(file.blob, file.name, await uploadTarget(file.name));
    } catch (error) {
      if (error instanceof UploadFailed && !error.later) return { refused: `${file.name}: ${error.message}` };
      if (!(error instanceof UploadFailed) || error.offline) connectionFailed();
      return "wait";
    }
    files[index] = file;
    await run("readwrite", (store) => store.put({ ...item, files }));
  }
  if (files.length === 0) return { body: item.body };
  const media = Array.isArray(item.body.media) ? (item.body.media as unknown[]) : [];
  const uploaded = files.map(({ url, name, kind, durationSec }) => ({
    url,
    name,
    kind,
    ...(durationSec === undefined ? {} : { durationSec: durationSec.toFixed(1) }),
  }));
  return { body: { ...item.body, media: [...media, ...uploaded] } };
}

/**
 * Sends one; "wait" means try again later (offline, no answer in time, signed out, server busy).
 * A request with no answer is given up after the officer's patience: a round that never ended
 * would hold every later "Send now".
 */
async function send(item: QueuedSubmission): Promise<Outcome> {
  const ready = await withFiles(item);
  if (!(typeof ready === "object" && "body" in ready)) return ready;
  const { body } = ready;
  let response: Response;
  const patience = new AbortController();
  const timer = setTimeout(() => patience.abort(), ANSWER_PATIENCE_MS);
  try {
    response = await fetch(item.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", [SUBMISSION_KEY_HEADER]: item.key },
      body: JSON.stringify(body),
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
 * `media[0].url` and `attendees[0].name` style fields gathered into their lists, the key
 * travelling as the header.
 */
export function postBodyFromForm(form: FormData, skip: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const lists: Record<string, Array<Record<string, string>>> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || value.trim() === "" || skip.includes(name)) continue;
    const item = /^(media|attendees)\[(\d+)\]\.(\w+)$/.exec(name);
    if (item) ((lists[item[1]!] ??= [])[Number(item[2])] ??= {})[item[3]!] = value;
    else body[name] = value;
  }
  for (const [list, items] of Object.entries(lists)) body[list] = items.filter(Boolean);
  return body;
}
