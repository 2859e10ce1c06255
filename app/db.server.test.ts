import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../tests/support/db";
import { readRows, sqlite } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";

// readRows against the real migrated database: a statement is checked against its declared row
// when prepared (names; the declared type of a table's column), and every value under tests.

beforeEach(async () => {
  await resetDatabase();
  await prisma.team.create({ data: { name: "North" } });
});

const team = { id: sqlite.integer, name: sqlite.text };

describe("readRows and the declared row", () => {
  it("reads a row as declared", () => {
    expect(readRows(team, Prisma.sql`SELECT id, name FROM Team`)).toEqual([{ id: 1, name: "North" }]);
  });

  it("refuses a statement whose columns are not the row's", () => {
    expect(() => readRows(team, Prisma.sql`SELECT id, name AS title FROM Team`)).toThrow(
      "A plain read does not match its declared row: missing name; unexpected title",
    );
    expect(() => readRows(team, Prisma.sql`SELECT id, name, createdAt FROM Team`)).toThrow(
      "missing none; unexpected createdAt",
    );
  });

  it("checks a statement read as another row against that row too", () => {
    expect(readRows(team, Prisma.sql`SELECT id, name FROM Team`)).toHaveLength(1);
    expect(() => readRows({ id: sqlite.integer, title: sqlite.text }, Prisma.sql`SELECT id, name FROM Team`)).toThrow(
      "missing title; unexpected name",
    );
  });

  it("refuses a table's column whose declared type is not the row's", () => {
    expect(() => readRows(team, Prisma.sql`SELECT id, createdAt AS name FROM Team`)).toThrow(
      "name is DATETIME in the schema, TEXT in the row",
    );
  });

  it("refuses, under tests, a null where the row says never, and a value of another kind", () => {
    expect(() => readRows(team, Prisma.sql`SELECT id, NULL AS name FROM Team`)).toThrow(
      "name is null, and its row says it never is",
    );
    expect(() => readRows(team, Prisma.sql`SELECT id, 7 AS name FROM Team`)).toThrow("name is a bigint, not TEXT");
    expect(() => readRows({ role: sqlite.oneOf(["OFFICER"]) }, Prisma.sql`SELECT 'ADMIN' AS role`)).toThrow(
      "role is ADMIN, not one of OFFICER",
    );
  });

  it("converts by the declared row: counts to numbers, 0/1 to booleans, times to dates, money stays exact", () => {
    const [row] = readRows(
      {
        count: sqlite.integer,
        some: sqlite.boolean,
        at: sqlite.datetime.orNull,
        none: sqlite.datetime.orNull,
        cents: sqlite.bigint,
      },
      Prisma.sql`SELECT COUNT(*) AS count, EXISTS (SELECT 1 FROM Team) AS some, MAX(createdAt) AS at,
        NULL AS none, 9007199254740993 AS cents FROM Team`,
    );
    expect(row).toEqual({ count: 1, some: true, at: expect.any(Date), none: null, cents: 9007199254740993n });
  });
});
