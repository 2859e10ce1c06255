import Database from "better-sqlite3";
import { afterAll, describe, expect, inject, it } from "vitest";
import { CHANGE_ENTITIES } from "~/lib/change-events";
import { CHANGE_FEED, createTriggerSql, normalizeSql, TRIGGERS } from "./triggers";

// The declaration against the database `prisma migrate deploy` made for this run (the template
// every test worker copies): the triggers it holds, and the columns of the tables the feed follows.
const database = new Database(inject("fieldlineTemplateDb"), { readonly: true, fileMustExist: true });
afterAll(() => database.close());

const migrated = new Map(
  database
    .prepare<[], { name: string; sql: string }>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
    .all()
    .map(({ name, sql }) => [name, normalizeSql(sql)]),
);

function columnsOf(table: string): string[] {
  const columns = database.pragma(`table_info("${table}")`) as Array<{ name: string; pk: number }>;
  return columns.filter((column) => column.pk === 0).map((column) => column.name);
}

const FIX = "declare it in prisma/triggers.ts and write the migration `npm run triggers` prints";

describe("the migrations create the declared triggers", () => {
  it.each(TRIGGERS.map((trigger) => [trigger.name, trigger] as const))("%s", (name, trigger) => {
    expect(migrated.get(name), `no trigger ${name} in the migrated database: ${FIX}`).toBe(
      normalizeSql(createTriggerSql(trigger)),
    );
  });

  it("and no trigger the declaration does not name", () => {
    const declared = new Set(TRIGGERS.map((trigger) => trigger.name));
    expect(
      [...migrated.keys()].filter((name) => !declared.has(name)),
      FIX,
    ).toEqual([]);
  });
});

describe("the change feed knows every column of the tables it follows", () => {
  it("follows a table for every entity it speaks of", () => {
    expect(CHANGE_FEED.map((table) => table.entity).sort()).toEqual([...CHANGE_ENTITIES].sort());
  });

  it.each(CHANGE_FEED.map((table) => [table.table, table] as const))("%s", (table, { carried, ignored }) => {
    const columns = columnsOf(table);
    const named = [...carried, ...Object.keys(ignored)];
    const unknown = columns.filter((column) => !named.includes(column));
    expect(
      unknown,
      `${table} has ${unknown.length === 1 ? "a column" : "columns"} the change feed does not know: ` +
        `${unknown.join(", ")}. Name ${unknown.length === 1 ? "it" : "each"} in prisma/triggers.ts as carried ` +
        "(an update of it is a change of the row) or ignored (with why), then write the migration " +
        "`npm run triggers` prints",
    ).toEqual([]);
    expect(
      named.filter((column) => !columns.includes(column)),
      `prisma/triggers.ts names columns ${table} does not have`,
    ).toEqual([]);
    expect(
      carried.filter((column) => column in ignored),
      "a column both carried and ignored",
    ).toEqual([]);
  });
});
