// npm run user (scripts/user.ts), the operator's first step, run as the operator runs it (tsx,
// configured by DATABASE_URL) against real SQLite files.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";

let dir: string;
let databaseFile: string;

beforeEach(() => {
  dir = path.join(inject("fieldlineTestDir"), `user-script-${crypto.randomBytes(6).toString("hex")}`);
  databaseFile = path.join(dir, "fieldline.db");
  fs.mkdirSync(dir, { recursive: true });
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const ADMIN = ["--username", "ayesha", "--email", "ayesha@example.pk", "--role", "ADMIN", "--password", "field-pass"];

function user(...args: string[]) {
  return spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/user.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${databaseFile}` },
  });
}

describe("npm run user", () => {
  it("on a database file that is not there says what to run in one line, and creates no file", () => {
    const result = user(...ADMIN);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim()).toBe(
      `There is no database at ${databaseFile}: run \`npm run db:migrate\` (or \`npm start\`, which migrates first) to create it, or set DATABASE_URL to the app's database.`,
    );
    expect(fs.existsSync(databaseFile)).toBe(false);
  }, 30_000);

  it("on a database never migrated says what to run in one line, and changes nothing", () => {
    new Database(databaseFile).close();
    const result = user(...ADMIN);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `The database at ${databaseFile} was never migrated: run \`npm run db:migrate\` (or \`npm start\`, which migrates first), then this again.`,
    );
    const db = new Database(databaseFile, { readonly: true });
    expect(db.prepare("SELECT name FROM sqlite_master").all()).toEqual([]);
    db.close();
  }, 30_000);

  it("on a migrated database creates the admin", () => {
    fs.copyFileSync(inject("fieldlineTemplateDb"), databaseFile);
    const result = user(...ADMIN);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('Created ADMIN "ayesha" <ayesha@example.pk>.\n');
    const db = new Database(databaseFile, { readonly: true });
    expect(db.prepare("SELECT username, role FROM User").all()).toEqual([{ username: "ayesha", role: "ADMIN" }]);
    db.close();
  }, 30_000);
});
