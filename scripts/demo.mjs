#!/usr/bin/env node
// `npm run demo`: install if needed, build, create a fresh demo database with the seed data,
// and serve the production build. Works on a fresh clone before `npm install`.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  CommandError,
  bin,
  builtServer,
  databaseFile,
  ensureDependencies,
  loadDotEnv,
  removeDatabase,
  root,
  run,
  serve,
  waitForHttp,
} from "./lib/common.mjs";
import { continueUnderProjectNode } from "./lib/node-runtime.mjs";

const DEMO_DATABASE_URL = "file:./data/demo.db";
const DEMO_PASSWORD = "fieldline";
const DEMO_USERS = [
  "admin",
  "manager",
  "manager2",
  "manager3",
  ...Array.from({ length: 8 }, (_, i) => `officer${i + 1}`),
];

async function main() {
  loadDotEnv();
  await ensureDependencies();
  await continueUnderProjectNode();

  console.log("\n> react-router build");
  await run(...command("react-router", "build"));

  const port = process.env.PORT ?? "3000";
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    DATABASE_URL: DEMO_DATABASE_URL,
    SESSION_SECRET: process.env.SESSION_SECRET ?? crypto.randomBytes(32).toString("base64url"),
    // The demo lets anyone in so the spec's registration flow can be tried (decision 42).
    REGISTRATION_MODE: process.env.REGISTRATION_MODE ?? "open",
    // The three regional teams and their managers (prisma/seed.ts), whatever the shell says.
    SEED_TEAMS: "three",
    // The metrics on a port of their own, as on Fly (decision 105).
    METRICS_PORT: process.env.METRICS_PORT ?? "9091",
  };

  const file = databaseFile(DEMO_DATABASE_URL);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  removeDatabase(file);
  console.log(`\n> prisma migrate deploy (${path.relative(root, file)})`);
  await run(...command("prisma", "migrate", "deploy"), { env });
  console.log("\n> tsx prisma/seed.ts");
  await run(...command("tsx", "prisma/seed.ts"), { env });

  // The self-hosted map (MAP_TILES=self), made offline from the packages' data: no tile server asked.
  const mapArchive = path.resolve(root, process.env.DATA_DIR ?? "data", "maps", "pakistan.pmtiles");
  if (!fs.existsSync(mapArchive)) {
    console.log("\n> tsx scripts/make-map.ts");
    await run(...command("tsx", "scripts/make-map.ts", mapArchive), { env });
  }

  console.log("\n> starting the production server");
  const server = serve(...builtServer(), { env });

  if (await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000)) {
    if (server.exitCode !== null) return;
    console.log(`
  Fieldline demo is running at ${env.APP_URL}
  (its metrics for Prometheus at http://localhost:${env.METRICS_PORT}/metrics)

  Sign in with any of these usernames, password "${DEMO_PASSWORD}":
    ${DEMO_USERS.slice(0, 4).join(", ")}
    ${DEMO_USERS.slice(4).join(", ")}

  Three teams: Punjab (manager; officer1-3), Sindh & Balochistan (manager2; officer4, 5, 7)
  and North & Capital (manager3; officer6, 8). The admin sees everyone.
  officer7 reads Fieldline in Urdu; anyone can switch on the sign-in page or the profile.

  The demo database is ${path.relative(root, file)}; it is recreated on every \`npm run demo\`.
  Press Ctrl+C to stop.
`);
  }
}

function command(name, ...args) {
  const [executable, ...prefix] = bin(name);
  return [executable, [...prefix, ...args]];
}

main().catch((error) => {
  if (error instanceof CommandError) {
    if (error.output) process.stderr.write(error.output);
    console.error(`\nDemo stopped: ${error.message}`);
    process.exit(error.code);
  }
  console.error(error);
  process.exit(1);
});
