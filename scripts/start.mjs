#!/usr/bin/env node
// `npm start`: the production start. Applies pending migrations to DATABASE_URL, then serves
// the built app with the compiled server, plain Node (run `npm run build` first). No demo data. SESSION_SECRET is required; the
// app itself says so if it is missing. `--skip-migrations` is for LiteFS, where only the
// primary migrates (litefs.yml).
import fs from "node:fs";
import path from "node:path";
import {
  CommandError,
  SERVER_BUILD,
  bin,
  builtServer,
  databaseFile,
  loadDotEnv,
  root,
  run,
  serve,
} from "./lib/common.mjs";
import { continueUnderProjectNode } from "./lib/node-runtime.mjs";

async function main() {
  await continueUnderProjectNode();
  loadDotEnv();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    // The same default as app/env.server.ts, so that migrations and the app use one file.
    DATABASE_URL: process.env.DATABASE_URL ?? "file:./data/fieldline.db",
  };

  if (!fs.existsSync(path.join(root, SERVER_BUILD))) {
    console.error("There is no production build: run `npm run build` first.");
    process.exit(1);
  }

  const file = databaseFile(env.DATABASE_URL);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.mkdirSync(path.resolve(root, env.DATA_DIR ?? "./data"), { recursive: true });

  if (!process.argv.includes("--skip-migrations")) {
    const [prisma, ...prismaArgs] = bin("prisma");
    await run(prisma, [...prismaArgs, "migrate", "deploy"], { env });
  }

  serve(...builtServer(), { env });
}

main().catch((error) => {
  if (error instanceof CommandError) {
    console.error(`Start aborted: ${error.message}`);
    process.exit(error.code);
  }
  console.error(error);
  process.exit(1);
});
