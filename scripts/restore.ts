// `npm run restore -- <backup folder> [--server-stopped] [--allow-missing-objects]`: replaces the
// database and the uploaded files with a backup made by `npm run backup`, after checking every
// checksum and PRAGMA integrity_check. Refuses while a process has the database open (stop the
// server first); --server-stopped is only for systems without /proc, where that cannot be seen.
// A backup taken with STORAGE=s3 restores the database and checks that the bucket still holds
// every object it names; --allow-missing-objects restores the database even when some are gone.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "./lib/backup.ts";
import { dataPaths } from "./lib/data-paths.ts";

const USAGE = "Usage: npm run restore -- <backup folder> [--server-stopped] [--allow-missing-objects]";

const { values, positionals } = parseArgs({
  options: { "server-stopped": { type: "boolean" }, "allow-missing-objects": { type: "boolean" } },
  allowPositionals: true,
});
const [backupDir] = positionals;
if (!backupDir || positionals.length > 1) {
  console.error(USAGE);
  process.exit(1);
}
const { databaseFile, uploadsDir } = dataPaths();

if (process.env.LITEFS_DIR) {
  // Files cannot be swapped under a LiteFS mount; LiteFS imports the database as one transaction.
  console.error(
    `LiteFS is on: on the primary, run \`litefs import -name ${path.basename(databaseFile)} ${path.join(backupDir, "database.sqlite")}\` ` +
      `and copy ${path.join(backupDir, "uploads")} over ${uploadsDir} (docs/operations.md).`,
  );
  process.exit(1);
}
// After dataPaths() has read .env: the app's settings choose the disk or the bucket.
const { objectStore } = await import("~/infra/storage.server");

try {
  const { manifest, missingObjects } = await restoreBackup({
    backupDir: path.resolve(backupDir),
    databaseFile,
    uploadsDir,
    assumeServerStopped: values["server-stopped"] ?? false,
    bucket: objectStore,
    allowMissingObjects: values["allow-missing-objects"] ?? false,
  });
  const files = manifest.objects
    ? `the bucket ${manifest.objects.bucket} holds ${manifest.objects.items.length - missingObjects.length} of its ${manifest.objects.items.length} objects` +
      (missingObjects.length > 0 ? ` (missing: ${missingObjects.map((item) => item.key).join(", ")})` : "")
    : `${manifest.uploads.length} files in ${uploadsDir}`;
  console.log(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration ?? "none"}): ${databaseFile}; ${files}. Start the server with \`npm start\`.`,
  );
} catch (error) {
  console.error(`Restore refused: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
