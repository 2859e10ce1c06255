// Online backups of the SQLite database and the uploaded files, and their restore.
// `npm run backup` and `npm run restore` are thin command lines over this module.
//
// A backup is a folder `fieldline-<UTC time>/` holding database.sqlite (a VACUUM INTO snapshot:
// one read transaction, so it is consistent while the server writes and never blocks it),
// uploads/ (a copy of DATA_DIR/uploads) and manifest.json (size and SHA-256 of every file).
// With STORAGE=s3 the files stay in the bucket: the manifest lists its objects (key, size,
// ETag) instead, and a restore checks that the bucket still holds them.
// It is assembled under a hidden name and renamed when complete, so a half-written backup
// never looks like a backup.
import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { z } from "zod";
import { newestMigration } from "./data-paths.ts";

export const DATABASE_NAME = "database.sqlite";
export const MANIFEST_NAME = "manifest.json";
const UPLOADS_NAME = "uploads";

export class BackupError extends Error {}

const fileEntrySchema = z.strictObject({
  // A path inside the backup folder: relative, forward slashes, no "..".
  path: z.string().regex(/^(?!\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._/-]+$/),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
});

const objectEntrySchema = z.strictObject({
  key: z.string().min(1),
  size: z.number().int().nonnegative(),
  etag: z.string(),
});

const manifestSchema = z.strictObject({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The newest Prisma migration applied to the backed-up database. */
  migration: z.string().nullable(),
  database: fileEntrySchema,
  uploads: z.array(fileEntrySchema),
  /** With STORAGE=s3: the bucket's objects when the backup was taken (the uploads are then empty). */
  objects: z.strictObject({ bucket: z.string().min(1), items: z.array(objectEntrySchema) }).optional(),
});

export type Manifest = z.infer<typeof manifestSchema>;
type FileEntry = z.infer<typeof fileEntrySchema>;

type ObjectEntry = z.infer<typeof objectEntrySchema>;

/** The bucket of STORAGE=s3, as backups and restores use it. */
type ObjectBucket = { bucket: string; list(): Promise<ObjectEntry[]> };

export type BackupOptions = {
  databaseFile: string;
  uploadsDir: string;
  backupsDir: string;
  /** Set when the uploads live in a bucket: the manifest lists its objects instead of copying a folder. */
  bucket?: ObjectBucket | null;
  now?: Date;
};

/** Takes an online backup of the live database and the uploads into a new folder under backupsDir. */
export async function createBackup({ databaseFile, uploadsDir, backupsDir, bucket, now = new Date() }: BackupOptions) {
  const name = `fieldline-${now.toISOString().replace(/[:.]/g, "-")}`;
  const finalDir = path.join(backupsDir, name);
  const staging = path.join(backupsDir, `.${name}.partial`);
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true });
  try {
    // The database first: every file its rows name was stored before the row was written
    // (storage.server.ts), so the uploads copied or listed afterwards include them all.
    const snapshot = path.join(staging, DATABASE_NAME);
    const migration = snapshotDatabase(databaseFile, snapshot);
    checkIntegrity(snapshot);
    const database = await describeFile(staging, DATABASE_NAME);
    const manifest: Manifest = bucket
      ? {
          format: 1,
          createdAt: now.toISOString(),
          migration,
          database,
          uploads: [],
          objects: { bucket: bucket.bucket, items: await bucket.list() },
        }
      : {
          format: 1,
          createdAt: now.toISOString(),
          migration,
          database,
          uploads: await copyUploads(uploadsDir, staging),
        };
    await writeFileDurably(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.rename(staging, finalDir);
    await syncDirectory(backupsDir);
    return { dir: finalDir, manifest };
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function copyUploads(uploadsDir: string, staging: string): Promise<FileEntry[]> {
  const copied = await copyTree(uploadsDir, path.join(staging, UPLOADS_NAME));
  return copied.map((entry) => ({ ...entry, path: `${UPLOADS_NAME}/${entry.path}` }));
}

/** Reads a backup's manifest and checks every file against it; throws BackupError on any mismatch. */
async function verifyBackup(backupDir: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(backupDir, MANIFEST_NAME), "utf8"));
  } catch {
    throw new BackupError(`${backupDir} has no readable ${MANIFEST_NAME}: is it a Fieldline backup?`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(`${MANIFEST_NAME} is not a valid manifest: ${parsed.error.issues[0]?.message}`);
  const manifest = parsed.data;
  const misplaced =
    manifest.database.path !== DATABASE_NAME ||
    manifest.uploads.some((entry) => !entry.path.startsWith(`${UPLOADS_NAME}/`));
  if (misplaced) throw new BackupError(`${MANIFEST_NAME} names files outside ${DATABASE_NAME} and ${UPLOADS_NAME}/.`);
  for (const entry of [manifest.database, ...manifest.uploads]) await checkEntry(backupDir, entry);
  return manifest;
}

export type RestoreOptions = {
  backupDir: string;
  databaseFile: string;
  uploadsDir: string;
  /** For systems without /proc, where the restore cannot see whether a server has the database open. */
  assumeServerStopped?: boolean;
  /** The bucket of STORAGE=s3, which must still hold the objects a bucket backup names. */
  bucket?: ObjectBucket | null;
  /** Restore a bucket backup's database even though the bucket lacks some of its objects. */
  allowMissingObjects?: boolean;
};

/**
 * Replaces the database and the uploads with a verified backup. Refuses while any process has
 * the database open. Everything is copied and checked beside its target first (checksums,
 * PRAGMA integrity_check); then each target is swapped in with a rename.
 */
export async function restoreBackup({
  backupDir,
  databaseFile,
  uploadsDir,
  assumeServerStopped = false,
  bucket,
  allowMissingObjects = false,
}: RestoreOptions) {
  const holders = await processesUsing(databaseFile);
  if (holders === null && !assumeServerStopped) {
    throw new BackupError(
      "Cannot tell whether a server has the database open here (no /proc). Stop it and pass --server-stopped.",
    );
  }
  if (holders && holders.length > 0) {
    throw new BackupError(`The database is open in process ${holders.join(", ")}. Stop the server before restoring.`);
  }
  const manifest = await verifyBackup(backupDir);
  const missingObjects = manifest.objects ? await objectsMissing(manifest.objects, bucket) : [];
  if (missingObjects.length > 0 && !allowMissingObjects) {
    const some = missingObjects
      .slice(0, 3)
      .map((item) => item.key)
      .join(", ");
    throw new BackupError(
      `The bucket lacks ${missingObjects.length} of the ${manifest.objects?.items.length} objects this backup names (${some}${missingObjects.length > 3 ? ", …" : ""}). ` +
        "Bring them back from the bucket's object versions, or restore the database anyway with --allow-missing-objects.",
    );
  }

  const stagedDatabase = `${databaseFile}.restoring`;
  const stagedUploads = `${uploadsDir}.restoring`;
  await fs.mkdir(path.dirname(databaseFile), { recursive: true });
  await fs.rm(stagedUploads, { recursive: true, force: true });
  try {
    await fs.copyFile(path.join(backupDir, DATABASE_NAME), stagedDatabase);
    await checkEntry(path.dirname(stagedDatabase), { ...manifest.database, path: path.basename(stagedDatabase) });
    checkIntegrity(stagedDatabase);
    await fsyncFile(stagedDatabase);
    if (!manifest.objects)
      assertSameFiles(await copyTree(path.join(backupDir, UPLOADS_NAME), stagedUploads), manifest.uploads);
  } catch (error) {
    await fs.rm(stagedDatabase, { force: true });
    await fs.rm(stagedUploads, { recursive: true, force: true });
    throw error;
  }

  await swapDatabase(stagedDatabase, databaseFile);
  if (!manifest.objects) await swapDirectory(stagedUploads, uploadsDir);
  return { manifest, missingObjects };
}

/** The objects a bucket backup names that the bucket no longer holds with the same size and ETag. */
async function objectsMissing(
  objects: NonNullable<Manifest["objects"]>,
  bucket: ObjectBucket | null | undefined,
): Promise<ObjectEntry[]> {
  if (!bucket)
    throw new BackupError(
      `This backup's files are in the bucket ${objects.bucket}: restore it with STORAGE=s3 and that bucket's settings.`,
    );
  const held = new Set((await bucket.list()).map((item) => `${item.key} ${item.size} ${item.etag}`));
  return objects.items.filter((item) => !held.has(`${item.key} ${item.size} ${item.etag}`));
}

/**
 * The ids of other processes holding `databaseFile` (or its WAL) open, found through /proc;
 * null where there is no /proc to ask.
 */
async function processesUsing(databaseFile: string): Promise<number[] | null> {
  let pids: string[];
  try {
    pids = (await fs.readdir("/proc")).filter((entry) => /^\d+$/.test(entry));
  } catch {
    return null;
  }
  const file = await fs.realpath(databaseFile).catch(() => path.resolve(databaseFile));
  const targets = new Set([file, `${file}-wal`]);
  const holders: number[] = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    const descriptors = await fs.readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of descriptors) {
      const target = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      if (targets.has(target)) {
        holders.push(Number(pid));
        break;
      }
    }
  }
  return holders;
}

function snapshotDatabase(databaseFile: string, snapshot: string): string | null {
  const source = new Database(databaseFile, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    source.prepare("VACUUM INTO ?").run(snapshot);
    return newestMigration(source);
  } finally {
    source.close();
  }
}

function checkIntegrity(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new BackupError(`PRAGMA integrity_check failed for ${file}: ${String(result)}`);
  } finally {
    db.close();
  }
}

/**
 * Puts the staged database in place. The old database's WAL is checkpointed and removed first:
 * a stale WAL beside the new file would be replayed into it.
 */
async function swapDatabase(staged: string, databaseFile: string): Promise<void> {
  try {
    const old = new Database(databaseFile, { fileMustExist: true });
    try {
      old.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      old.close();
    }
  } catch {
    // No database, or one too damaged to open: there is nothing of it worth keeping.
  }
  for (const suffix of ["-wal", "-shm", "-journal"]) await fs.rm(databaseFile + suffix, { force: true });
  await fs.rename(staged, databaseFile);
  await syncDirectory(path.dirname(databaseFile));
}

async function swapDirectory(staged: string, target: string): Promise<void> {
  const replaced = `${target}.replaced`;
  await fs.rm(replaced, { recursive: true, force: true });
  await fs.rename(target, replaced).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  await fs.rename(staged, target);
  await syncDirectory(path.dirname(target));
  await fs.rm(replaced, { recursive: true, force: true });
}

/** Copies every file under `from` to `to` and describes the copies, relative to `to`. */
async function copyTree(from: string, to: string): Promise<FileEntry[]> {
  await fs.mkdir(to, { recursive: true });
  const entries: FileEntry[] = [];
  for (const relative of await listFiles(from)) {
    const target = path.join(to, relative);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.copyFile(path.join(from, relative), target);
    } catch (error) {
      // A file removed since the listing (a replaced photo) is no longer referenced.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    await fsyncFile(target);
    entries.push(await describeFile(to, relative.split(path.sep).join("/")));
  }
  return entries;
}

/** Regular files under `dir`, relative, sorted; skips the temporary files of a store in progress. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs
    .readdir(dir, { recursive: true, withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".tmp"))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function assertSameFiles(copied: FileEntry[], expected: FileEntry[]): void {
  const key = (entry: FileEntry) => `${entry.path} ${entry.size} ${entry.sha256}`;
  const have = new Set(copied.map(key));
  const missing = expected.filter(
    (entry) => !have.has(key({ ...entry, path: entry.path.slice(UPLOADS_NAME.length + 1) })),
  );
  if (missing.length > 0 || copied.length !== expected.length) {
    throw new BackupError(`The restored uploads differ from the manifest (${missing.length} missing or changed).`);
  }
}

async function checkEntry(dir: string, entry: FileEntry): Promise<void> {
  const actual = await describeFile(dir, entry.path).catch(() => null);
  if (!actual) throw new BackupError(`${entry.path} is missing from the backup.`);
  if (actual.size !== entry.size || actual.sha256 !== entry.sha256) {
    throw new BackupError(`${entry.path} does not match its checksum in the manifest.`);
  }
}

async function describeFile(base: string, relative: string): Promise<FileEntry> {
  const file = path.join(base, relative);
  const hash = crypto.createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const { size } = await fs.stat(file);
  return { path: relative, size, sha256: hash.digest("hex") };
}

async function writeFileDurably(file: string, text: string): Promise<void> {
  await fs.writeFile(file, text);
  await fsyncFile(file);
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
