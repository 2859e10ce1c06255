// Types for bench-data.mjs, so that the TypeScript benchmark scripts can import it.
export declare function fillScaleData(
  databasePath: string,
  options: {
    officers: number;
    posts: number;
    dealers: number;
    reactions: number;
    teams?: number;
    postsOnly?: boolean;
    seed?: number;
    now?: number;
  },
): Record<
  "teams" | "users" | "officers" | "dealers" | "posts" | "checkIns" | "media" | "reactions" | "comments",
  number
>;
