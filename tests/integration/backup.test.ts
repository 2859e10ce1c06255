// npm run backup / npm run restore (scripts/lib/backup.ts) against real SQLite files and a
// real uploads folder: backup → destroy → restore → compare, a backup taken while another
// process writes, and the restore's refusals.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { createObjectStore } from "~/infra/object-storage.server";
import { BackupError, DATABASE_NAME, MANIFEST_NAME, createBackup, restoreBackup } from "../../scripts/lib/backup.ts";
import { startLocalS3 } from "../support/s3-server";

const BATCH_SIZE = 10;
let dir: string;
let databaseFile: string;
let uploadsDir: string;
let backupsDir: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = path.join(inject("fieldlineTestDir"), `backup-${crypto.randomBytes(6).toString("hex")}`);
  databaseFile = path.join(dir, "data", "fieldline.db");
  uploadsDir = path.join(dir, "data", "uploads");
  backupsDir = path.join(dir, "backups");
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  fs.copyFileSync(inject("fieldlineTemplateDb"), databaseFile);
});

afterEach(async () => {
  for (const child of children.splice(0)) await stop(child);
  fs.rmSync(dir, { recursive: true, force: true });
});

function fillDatabase(notifications: number) {
  const db = new Database(databaseFile);
  db.pragma("journal_mode = WAL");
  db.transaction(() => {
    const user = db.prepare("INSERT INTO User (username, email, passwordHash, updatedAt) VALUES (?, ?, 'x', ?)");
    for (let i = 1; i <= 20; i++) user.run(`officer${i}`, `officer${i}@example.pk`, Date.now());
    const note = db.prepare(
      "INSERT INTO Notification (userId, type, title, message, createdAt) VALUES (?, 'RANK_CHANGE', ?, ?, ?)",
    );
    for (let i = 0; i < notifications; i++)
      note.run((i % 20) + 1, `seed-${i}`, `Rank ${i} — رینک ✓`.repeat(4), Date.now() + i);
  })();
  db.close();
}

function fillUploads() {
  const files: Record<string, Buffer> = {
    "posts/0123456789abcdef0123456789abcdef.jpg": crypto.randomBytes(300_000),
    "posts/fedcba9876543210fedcba9876543210.mp4": crypto.randomBytes(1_200_000),
    "dealers/00112233445566778899aabbccddeeff.webp": crypto.randomBytes(20_000),
    "imports/ffeeddccbbaa99887766554433221100.xlsx": Buffer.from("PK spreadsheet bytes"),
  };
  for (const [name, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(uploadsDir, name)), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, name), bytes);
  }
}

/** Every row of every table, in rowid order, as text: equal dumps mean identical rows. */
function dumpRows(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[];
    return tables
      .map(({ name }) => `${name}\n${JSON.stringify(db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).raw().all())}`)
      .join("\n");
  } finally {
    db.close();
  }
}

function hashTree(root: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(root, file)] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  }
  return hashes;
}

function count(sql: string): number {
  const db = new Database(databaseFile, { readonly: true, timeout: 5000 });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function startChild(args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once("data", () => resolve(child));
    child.once("exit", (code) => reject(new Error(`child exited early (${code})`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

async function waitFor(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

describe("npm run backup and npm run restore", () => {
  it("restores a destroyed database and uploads to exactly what was backed up", async () => {
    fillDatabase(2_000);
    fillUploads();
    const rowsBefore = dumpRows(databaseFile);
    const filesBefore = hashTree(uploadsDir);

    const { dir: backupDir, manifest } = await createBackup({ databaseFile, uploadsDir, backupsDir });
    expect(path.basename(backupDir)).toMatch(/^fieldline-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
    expect(manifest.uploads.map((entry) => entry.path).sort()).toEqual(
      Object.keys(filesBefore)
        .map((name) => `uploads/${name}`)
        .sort(),
    );
    expect(manifest.migration).toMatch(/^\d{14}_/);
    expect(fs.readdirSync(backupsDir)).toEqual([path.basename(backupDir)]);

    // Destroy: the database overwritten with garbage, its WAL gone, one upload deleted and one changed.
    fs.writeFileSync(databaseFile, crypto.randomBytes(8192));
    fs.rmSync(`${databaseFile}-wal`, { force: true });
    fs.rmSync(path.join(uploadsDir, "posts/0123456789abcdef0123456789abcdef.jpg"));
    fs.writeFileSync(path.join(uploadsDir, "dealers/00112233445566778899aabbccddeeff.webp"), "changed");
    fs.writeFileSync(path.join(uploadsDir, "posts/99999999999999999999999999999999.jpg"), "added after the backup");

    await restoreBackup({ backupDir, databaseFile, uploadsDir });

    expect(dumpRows(databaseFile)).toBe(rowsBefore);
    expect(hashTree(uploadsDir)).toEqual(filesBefore);
    expect(count("SELECT count(*) AS n FROM Notification")).toBe(2_000);
    const db = new Database(databaseFile, { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
    expect(fs.readdirSync(path.dirname(databaseFile)).sort()).toEqual(["fieldline.db", "uploads"]);
  });

  it("takes a consistent snapshot while another process keeps writing", async () => {
    fillDatabase(30_000);
    fillUploads();
    const writer = await startChild(["tests/support/sqlite-writer.mjs", databaseFile, String(BATCH_SIZE)]);
    const batches = "SELECT count(DISTINCT title) AS n FROM Notification WHERE title LIKE 'batch-%'";
    await waitFor(() => count(batches) >= 20);

    const before = count(batches);
    const { dir: backupDir } = await createBackup({ databaseFile, uploadsDir, backupsDir });
    const after = count(batches);
    await stop(writer);

    const snapshot = new Database(path.join(backupDir, DATABASE_NAME), { readonly: true });
    const inBackup = (snapshot.prepare(batches).get() as { n: number }).n;
    const torn = snapshot
      .prepare("SELECT title, count(*) AS n FROM Notification WHERE title LIKE 'batch-%' GROUP BY title HAVING n <> ?")
      .all(BATCH_SIZE);
    const seeded = (
      snapshot.prepare("SELECT count(*) AS n FROM Notification WHERE title LIKE 'seed-%'").get() as { n: number }
    ).n;
    snapshot.close();

    // The writer went on during the backup, and the backup holds a whole prefix of its batches.
    expect(after).toBeGreaterThan(before);
    expect(inBackup).toBeGreaterThanOrEqual(before);
    expect(inBackup).toBeLessThanOrEqual(after);
    expect(torn).toEqual([]);
    expect(seeded).toBe(30_000);
  });

  it("refuses to restore over a database another process has open", async () => {
    fillDatabase(10);
    const { dir: backupDir } = await createBackup({ databaseFile, uploadsDir, backupsDir });
    const server = await startChild([
      "-e",
      `const db = new (require("better-sqlite3"))(${JSON.stringify(databaseFile)}); db.pragma("journal_mode = WAL"); console.log("ready"); setInterval(() => db.prepare("SELECT 1").get(), 1000);`,
    ]);
    const rows = dumpRows(databaseFile);

    await expect(restoreBackup({ backupDir, databaseFile, uploadsDir })).rejects.toThrow(
      new BackupError(`The database is open in process ${server.pid}. Stop the server before restoring.`),
    );
    expect(dumpRows(databaseFile)).toBe(rows);
  });

  it("refuses a backup whose files do not match the manifest, and changes nothing", async () => {
    fillDatabase(10);
    fillUploads();
    const { dir: backupDir } = await createBackup({ databaseFile, uploadsDir, backupsDir });
    fs.appendFileSync(path.join(backupDir, "uploads/posts/0123456789abcdef0123456789abcdef.jpg"), "x");
    fs.writeFileSync(path.join(uploadsDir, "posts/11111111111111111111111111111111.jpg"), "new since the backup");
    const files = hashTree(uploadsDir);

    await expect(restoreBackup({ backupDir, databaseFile, uploadsDir })).rejects.toThrow(
      "uploads/posts/0123456789abcdef0123456789abcdef.jpg does not match its checksum in the manifest.",
    );
    expect(hashTree(uploadsDir)).toEqual(files);
    expect(fs.existsSync(`${databaseFile}.restoring`)).toBe(false);
  });

  it("refuses a manifest that points outside the backup", async () => {
    fillDatabase(10);
    const { dir: backupDir, manifest } = await createBackup({ databaseFile, uploadsDir, backupsDir });
    const hostile = {
      ...manifest,
      uploads: [{ path: "uploads/../../data/fieldline.db", size: 1, sha256: "0".repeat(64) }],
    };
    fs.writeFileSync(path.join(backupDir, MANIFEST_NAME), JSON.stringify(hostile));

    await expect(restoreBackup({ backupDir, databaseFile, uploadsDir })).rejects.toThrow(/is not a valid manifest/);
  });

  it("refuses a backup whose database fails PRAGMA integrity_check", async () => {
    fillDatabase(3_000);
    const { dir: backupDir, manifest } = await createBackup({ databaseFile, uploadsDir, backupsDir });
    // Damage the headers of a few b-tree pages, and record the damaged file's checksum as a
    // backup written from a bad disk would.
    const snapshot = path.join(backupDir, DATABASE_NAME);
    const bytes = fs.readFileSync(snapshot);
    for (const page of [3, 4, 5]) bytes.fill(0x5a, 4096 * page, 4096 * page + 12);
    fs.writeFileSync(snapshot, bytes);
    const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
    fs.writeFileSync(
      path.join(backupDir, MANIFEST_NAME),
      JSON.stringify({ ...manifest, database: { ...manifest.database, sha256 } }),
    );
    const rows = dumpRows(databaseFile);

    await expect(restoreBackup({ backupDir, databaseFile, uploadsDir })).rejects.toThrow(
      /PRAGMA integrity_check failed/,
    );
    expect(dumpRows(databaseFile)).toBe(rows);
  });

  it("works as npm run backup and npm run restore, configured by DATABASE_URL and DATA_DIR", () => {
    fillDatabase(100);
    fillUploads();
    const rows = dumpRows(databaseFile);
    const files = hashTree(uploadsDir);
    const cli = (script: string, ...args: string[]) =>
      spawnSync(path.join("node_modules", ".bin", "tsx"), [script, ...args], {
        encoding: "utf8",
        env: { ...process.env, DATABASE_URL: `file:${databaseFile}`, DATA_DIR: path.dirname(uploadsDir) },
      });

    const backup = cli("scripts/backup.ts", "--out", backupsDir);
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written to .*fieldline-.*: database \d+ bytes \(integrity ok\), 4 uploaded files/,
    );
    const [backupDir] = fs.readdirSync(backupsDir).map((name) => path.join(backupsDir, name));

    fs.rmSync(databaseFile);
    fs.rmSync(uploadsDir, { recursive: true });
    const restore = cli("scripts/restore.ts", backupDir!);
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain("Restored the backup of");
    expect(dumpRows(databaseFile)).toBe(rows);
    expect(hashTree(uploadsDir)).toEqual(files);

    const usage = cli("scripts/restore.ts");
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain("Usage: npm run restore -- <backup folder>");
  }, 60_000);
});

describe("npm run backup and npm run restore with STORAGE=s3", () => {
  // Not spawnSync: the S3 server runs in this process and must answer while the command runs.
  const cli = (extraEnv: Record<string, string>, script: string, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(path.join("node_modules", ".bin", "tsx"), [script, ...args], {
        env: { ...process.env, DATABASE_URL: `file:${databaseFile}`, DATA_DIR: path.dirname(uploadsDir), ...extraEnv },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => (stdout += chunk));
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("close", (status) => resolve({ status, stdout, stderr }));
    });

  it("backs up the database with a manifest of the bucket's objects, and restores it only while the bucket holds them", async () => {
    const s3 = await startLocalS3(path.join(dir, "s3"));
    try {
      const bucket = createObjectStore({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: "us-east-1",
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        forcePathStyle: true,
      });
      const keys = [
        "posts/0123456789abcdef0123456789abcdef.webp",
        "posts-thumbs/0123456789abcdef0123456789abcdef.webp",
        "dealers/00112233445566778899aabbccddeeff.webp",
      ];
      for (const key of keys) await bucket.write(key, crypto.randomBytes(2_000), "image/webp");
      fillDatabase(100);
      const rows = dumpRows(databaseFile);

      const backup = await cli(s3.env, "scripts/backup.ts", "--out", backupsDir);
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(
        /database \d+ bytes \(integrity ok\), 3 objects of the bucket fieldline-uploads listed \(they stay in the bucket\)/,
      );
      const [backupDir] = fs.readdirSync(backupsDir).map((name) => path.join(backupsDir, name));
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir!, MANIFEST_NAME), "utf8"));
      expect(manifest.uploads).toEqual([]);
      expect(manifest.objects.bucket).toBe("fieldline-uploads");
      expect(manifest.objects.items.map((item: { key: string }) => item.key)).toEqual([...keys].sort());
      expect(fs.readdirSync(backupDir!).sort()).toEqual([DATABASE_NAME, MANIFEST_NAME]);

      // The disk is lost: the database goes; the bucket is elsewhere and keeps its objects.
      fs.rmSync(databaseFile);
      const restored = await cli(s3.env, "scripts/restore.ts", backupDir!);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toContain("the bucket fieldline-uploads holds 3 of its 3 objects.");
      expect(dumpRows(databaseFile)).toBe(rows);

      // An object the backup names is gone (deleted since): the restore says which and changes nothing.
      await bucket.remove(keys[2]!);
      fs.rmSync(databaseFile);
      const refused = await cli(s3.env, "scripts/restore.ts", backupDir!);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain(
        `Restore refused: The bucket lacks 1 of the 3 objects this backup names (${keys[2]}). Bring them back from the bucket's object versions, or restore the database anyway with --allow-missing-objects.`,
      );
      expect(fs.existsSync(databaseFile)).toBe(false);
      const anyway = await cli(s3.env, "scripts/restore.ts", backupDir!, "--allow-missing-objects");
      expect(anyway.status, anyway.stderr).toBe(0);
      expect(anyway.stdout).toContain(`the bucket fieldline-uploads holds 2 of its 3 objects (missing: ${keys[2]})`);
      expect(dumpRows(databaseFile)).toBe(rows);

      // Without the bucket's settings, a bucket backup is not restored as if it had no files.
      const withoutBucket = await cli({}, "scripts/restore.ts", backupDir!);
      expect(withoutBucket.status).toBe(1);
      expect(withoutBucket.stderr).toContain(
        "This backup's files are in the bucket fieldline-uploads: restore it with STORAGE=s3 and that bucket's settings.",
      );
    } finally {
      await s3.close();
    }
  }, 90_000);
});
