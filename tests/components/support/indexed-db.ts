// The phone's IndexedDB for the component level: happy-dom has none, and the send queue
// (app/browser/send-queue.ts) keeps what waits on the phone there. fake-indexeddb is a whole
// IndexedDB in memory; the queue's own code (what it keeps, when and how it sends) is what runs.
import "fake-indexeddb/auto";

// A photo waits in IndexedDB as a Blob. happy-dom's Blob is not Node's, and Node's structuredClone
// (which fake-indexeddb stores and reads with) makes it an empty object. A Blob cannot change, so
// the store keeps the same one, as a browser keeps its bytes; everything else is cloned as before.
const nodeClone = globalThis.structuredClone;
function keepingBlobs(value: unknown): unknown {
  if (value instanceof Blob) return value;
  if (Array.isArray(value)) return value.map(keepingBlobs);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, keepingBlobs(item)]));
  return nodeClone(value);
}
globalThis.structuredClone = ((value: unknown, options?: StructuredSerializeOptions) =>
  options ? nodeClone(value, options) : keepingBlobs(value)) as typeof structuredClone;

/** Empties every store of every database (the databases stay, as the app keeps its connection open). */
export async function forgetIndexedDb(): Promise<void> {
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores = Array.from(database.objectStoreNames);
    if (stores.length > 0) {
      const transaction = database.transaction(stores, "readwrite");
      for (const store of stores) transaction.objectStore(store).clear();
      await new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
    }
    database.close();
  }
}
