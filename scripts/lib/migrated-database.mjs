// A freshly migrated database without running `prisma migrate deploy` each time: the CLI and its
// schema engine take 5-11 s on a busy 2-core machine, and one `npm test` needs a migrated database
// in seven places (each level's template, the e2e and hostile servers, the page-weight server).
// The first caller migrates a template named after what decides its contents (every file of
// prisma/migrations and the Prisma version); every caller copies it (decision 100).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { bin, removeDatabase, root, run } from "./common.mjs";

const MIGRATIONS = path.join(root, "prisma", "migrations");

/** A hash of every migration file's path and contents, and of the Prisma version that applies them. */
function migrationsHash() {
  const hash = crypto.createHash("sha256");
  const prisma = JSON.parse(fs.readFileSync(path.join(root, "node_modules", "prisma", "package.json"), "utf8"));
  hash.update(`prisma ${prisma.version}\n`);
  for (const file of fs.readdirSync(MIGRATIONS, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(`${file}\n`).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The migrated template's path, made first when missing. */
async function migratedTemplate() {
  const template = path.join(os.tmpdir(), `fieldline-migrated-${migrationsHash()}.db`);
  if (fs.existsSync(template)) return template;
  // Migrated under a name of its own, then renamed: a caller beside this one never copies half a file.
  const scratch = path.join(os.tmpdir(), `fieldline-migrating-${process.pid}-${crypto.randomUUID()}.db`);
  try {
    await run(bin("prisma")[0], ["migrate", "deploy"], {
      env: { ...process.env, DATABASE_URL: `file:${scratch}` },
      quiet: true,
    });
    fs.renameSync(scratch, template);
  } finally {
    removeDatabase(scratch);
  }
  return template;
}

/** Writes a database with every migration applied at `file` (replacing what was there). */
export async function copyMigratedDatabase(file) {
  removeDatabase(file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(await migratedTemplate(), file);
}
