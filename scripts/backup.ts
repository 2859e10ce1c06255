// `npm run backup [-- --out <folder>]`: an online backup of the database and the uploaded files,
// safe while the server runs. Writes <folder>/fieldline-<UTC time>/ (default: BACKUP_DIR, or
// DATA_DIR/backups) and prints its path. With STORAGE=s3 the files stay in the bucket and the
// manifest lists its objects. Copy it off the machine; see docs/operations.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, createBackup } from "./lib/backup.ts";
import { dataPaths } from "./lib/data-paths.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const { dataDir, databaseFile, uploadsDir } = dataPaths();
const backupsDir = path.resolve(values.out || process.env.BACKUP_DIR || path.join(dataDir, "backups"));
// After dataPaths() has read .env: the app's settings choose the disk or the bucket.
const { objectStore } = await import("~/infra/storage.server");

try {
  const started = performance.now();
  const { dir, manifest } = await createBackup({ databaseFile, uploadsDir, backupsDir, bucket: objectStore });
  const bytes = manifest.uploads.reduce((sum, entry) => sum + entry.size, manifest.database.size);
  const files = manifest.objects
    ? `${manifest.objects.items.length} objects of the bucket ${manifest.objects.bucket} listed (they stay in the bucket)`
    : `${manifest.uploads.length} uploaded files, ${bytes} bytes in all`;
  console.log(
    `Backup written to ${dir}: database ${manifest.database.size} bytes (integrity ok), ${files}, in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
