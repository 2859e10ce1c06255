// Types for bench-data.mjs, so that the TypeScript benchmark scripts can import it.
export declare function fillScaleData(
  databasePath: string,
  options: {
    officers: number;
    posts: number;
    dealers: number;
    reactions: number;
    postsOnly?: boolean;
    seed?: number;
    now?: number;
  },
): Record<"users" | "dealers" | "posts" | "checkIns" | "media" | "reactions" | "comments", number>;
