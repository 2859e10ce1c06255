// Types for bench.mjs, so that TypeScript tests can share its workspace and generator.
export declare function benchWorkspace(
  name: string,
  port: number,
): { dir: string; databasePath: string; baseUrl: string; env: Record<string, string | undefined> };

export declare function seededRandom(seed: number): () => number;
