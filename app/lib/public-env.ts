/**
 * The defaults of the settings the browser may see: app/env.server.ts uses them when a variable
 * is unset, and pages use them when the root's data is missing.
 */
export const PUBLIC_ENV_DEFAULTS = {
  TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  TILE_ATTRIBUTION: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  CURRENCY_SYMBOL: "$",
  APP_TIME_ZONE: "Asia/Karachi",
} as const;
