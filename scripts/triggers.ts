// `npm run triggers [-- --all]`: the SQL a new migration needs so that the database's triggers are
// the ones prisma/triggers.ts declares (decision 77). It applies prisma/migrations to a database in
// memory, compares its triggers with the declaration and prints, for each one that differs or is
// missing, a DROP and a CREATE, and a DROP for each trigger the declaration no longer names.
// Nothing is printed when they agree. With --all it prints every declared trigger's CREATE.
// Paste the output into prisma/migrations/<timestamp>_<name>/migration.sql.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createTriggerSql, normalizeSql, TRIGGERS } from "../prisma/triggers";

const MIGRATIONS = path.resolve(import.meta.dirname, "../prisma/migrations");

/** Each trigger of a database with every migration applied, by name. */
function migratedTriggers(): Map<string, string> {
  const database = new Database(":memory:");
  try {
    for (const migration of fs.readdirSync(MIGRATIONS, { withFileTypes: true }).filter((entry) => entry.isDirectory()))
      database.exec(fs.readFileSync(path.join(MIGRATIONS, migration.name, "migration.sql"), "utf8"));
    const rows = database
      .prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
      .all();
    return new Map(rows.map(({ name, sql }) => [name, sql]));
  } finally {
    database.close();
  }
}

function dropTriggerSql(name: string): string {
  return `DROP TRIGGER IF EXISTS "${name}";`;
}

function migrationSql(all: boolean): string[] {
  if (all) return TRIGGERS.map(createTriggerSql);
  const migrated = migratedTriggers();
  const declared = new Set(TRIGGERS.map((trigger) => trigger.name));
  const statements: string[] = [];
  for (const name of migrated.keys()) if (!declared.has(name)) statements.push(dropTriggerSql(name));
  for (const trigger of TRIGGERS) {
    const sql = createTriggerSql(trigger);
    const now = migrated.get(trigger.name);
    if (now !== undefined && normalizeSql(now) === normalizeSql(sql)) continue;
    if (now !== undefined) statements.push(dropTriggerSql(trigger.name));
    statements.push(sql);
  }
  return statements;
}

const statements = migrationSql(process.argv.includes("--all"));
if (statements.length > 0) console.log(statements.join("\n"));
else console.error("The migrations already create every trigger prisma/triggers.ts declares.");
