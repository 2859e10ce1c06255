// The phone's IndexedDB for the component level: happy-dom has none, and the send queue
// (app/browser/send-queue.ts) keeps what waits on the phone there. fake-indexeddb is a whole
// IndexedDB in memory; the queue's own code (what it keeps, when and how it sends) is what runs.
import "fake-indexeddb/auto";

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
