// Shared by the benchmark scripts (bench-feed, bench-map): a scratch directory with the
// production server's settings, and the seed's fixed-seed generator (mulberry32).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A temporary directory for the database and uploads, and the environment to serve from it. */
export function benchWorkspace(name, port) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fieldline-${name}-`));
  const databasePath = path.join(dir, "bench.db");
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: baseUrl,
    DATABASE_URL: `file:${databasePath}`,
    DATA_DIR: path.join(dir, "data"),
    SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijklmnop",
    LOG_REQUESTS: "false",
    GEOCODER: "none",
  };
  return { dir, databasePath, baseUrl, env };
}

/** A fixed-seed generator of floats in [0, 1), so every run writes the same rows. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Signs in through POST /api/login and returns the Cookie header to send. */
export async function signIn(baseUrl, username, password) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
