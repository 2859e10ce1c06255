import path from "node:path";
import type Database from "better-sqlite3";
import { databaseFile, loadDotEnv, root } from "./common.mjs";

/** The database file and uploads folder the app uses, read like `npm start` reads them (.env, then defaults). */
export function dataPaths() {
  loadDotEnv();
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data");
  return {
    dataDir,
    databaseFile: databaseFile(process.env.DATABASE_URL ?? "file:./data/fieldline.db"),
    uploadsDir: path.join(dataDir, "uploads"),
  };
}

/** The newest Prisma migration applied to the open database `db`, or null when none is (it was never migrated). */
export function newestMigration(db: Database.Database): string | null {
  const hasMigrations = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
    .get();
  if (!hasMigrations) return null;
  const row = db
    .prepare(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name DESC LIMIT 1",
    )
    .get() as { migration_name: string } | undefined;
  return row?.migration_name ?? null;
}
