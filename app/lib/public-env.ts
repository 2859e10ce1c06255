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
export type PublicEnv = Record<keyof typeof PUBLIC_ENV_DEFAULTS, string>;
