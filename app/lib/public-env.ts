/**
 * The defaults of the settings the browser may see, used by app/env.server.ts when a variable is
 * unset; the root loader hands the settings to every page.
 */
export const PUBLIC_ENV_DEFAULTS = {
  TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  TILE_ATTRIBUTION: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  CURRENCY_SYMBOL: "$",
  APP_TIME_ZONE: "Asia/Karachi",
} as const;

/** The settings the browser may see, by name (each a string). */
export type PublicEnv = Record<keyof typeof PUBLIC_ENV_DEFAULTS, string> & {
  /** `self`: the PMTiles archive at MAP_ARCHIVE_PATH; `url`: the XYZ tiles at TILE_URL (its default depends on the disk). */
  MAP_TILES: "self" | "url";
};

/** Where the browser reads the self-hosted map (MAP_TILES=self): one archive, by range requests. */
export const MAP_ARCHIVE_PATH = "/maps/pakistan.pmtiles";
