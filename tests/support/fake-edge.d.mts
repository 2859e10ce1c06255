// Types for fake-edge.mjs, so that TypeScript tests and setup files can import it.
export interface FakeEdge {
  /** e.g. http://127.0.0.1:4599 */
  url: string;
  port: number;
  /** "GET /reverse?…" for every request so far. */
  requests: string[];
  close(): Promise<void>;
}

export declare function startFakeEdge(options?: { port?: number; host?: string }): Promise<FakeEdge>;

/** Where the fake search places every address it finds. */
export declare const FAKE_SEARCH_POINT: { lat: number; lng: number };
