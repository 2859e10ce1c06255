// The phone's IndexedDB for the component level: happy-dom has none, and the send queue
// (app/browser/send-queue.ts) keeps what waits on the phone there. An in-memory stand-in for the
// little of it the app uses (open with an upgrade, one store by key path, put/get/getAll/delete in
// a transaction, the list of databases); `forgetIndexedDb` empties it between tests. The queue's
// own code (what it keeps, when and how it sends) is what runs.

type Listener = (() => void) | null;

class FakeRequest<T> {
  result!: T;
  error: DOMException | null = null;
  onsuccess: Listener = null;
  onerror: Listener = null;
  onupgradeneeded: Listener = null;
}

class FakeStore {
  constructor(
    readonly rows: Map<unknown, unknown>,
    private readonly keyPath: string,
    private readonly transaction: FakeTransaction,
  ) {}

  #request<T>(work: () => T): FakeRequest<T> {
    const request = new FakeRequest<T>();
    request.result = work();
    this.transaction.settleLater();
    return request;
  }

  put(value: Record<string, unknown>) {
    // A structured clone, as IndexedDB keeps it (a later change to the object is not kept).
    return this.#request(() => {
      this.rows.set(value[this.keyPath], structuredClone(value));
      return value[this.keyPath];
    });
  }
  get(key: unknown) {
    return this.#request(() => structuredClone(this.rows.get(key)));
  }
  getAll() {
    return this.#request(() => [...this.rows.values()].map((row) => structuredClone(row)));
  }
  delete(key: unknown) {
    return this.#request(() => void this.rows.delete(key));
  }
}

class FakeTransaction {
  oncomplete: Listener = null;
  onerror: Listener = null;
  error: DOMException | null = null;
  #settling = false;

  constructor(private readonly database: FakeDatabase) {}

  objectStore(name: string): FakeStore {
    const store = this.database.stores.get(name);
    if (!store) throw new DOMException(`No object store ${name}`, "NotFoundError");
    return new FakeStore(store.rows, store.keyPath, this);
  }

  /** Completes once the caller has set its handlers (IndexedDB's transactions complete after the current task). */
  settleLater() {
    if (this.#settling) return;
    this.#settling = true;
    setTimeout(() => this.oncomplete?.(), 0);
  }
}

class FakeDatabase {
  readonly stores = new Map<string, { keyPath: string; rows: Map<unknown, unknown> }>();
  constructor(readonly name: string) {}

  createObjectStore(name: string, { keyPath }: { keyPath: string }) {
    this.stores.set(name, { keyPath, rows: new Map() });
  }
  transaction(_name: string, _mode: string): FakeTransaction {
    return new FakeTransaction(this);
  }
}

const databases = new Map<string, FakeDatabase>();

const fakeIndexedDb = {
  open(name: string): FakeRequest<FakeDatabase> {
    const request = new FakeRequest<FakeDatabase>();
    setTimeout(() => {
      const known = databases.get(name);
      request.result = known ?? new FakeDatabase(name);
      if (!known) {
        databases.set(name, request.result);
        request.onupgradeneeded?.();
      }
      request.onsuccess?.();
    }, 0);
    return request;
  },
  async databases() {
    return [...databases.keys()].map((name) => ({ name, version: 1 }));
  },
};

Object.defineProperty(globalThis, "indexedDB", { value: fakeIndexedDb, configurable: true });

/** Empties every store (the databases stay open, as the app keeps its connection). */
export function forgetIndexedDb(): void {
  for (const database of databases.values()) for (const store of database.stores.values()) store.rows.clear();
}
