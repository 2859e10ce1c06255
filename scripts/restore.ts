// `npm run restore -- <backup folder> [--server-stopped]`: replaces the database and the uploaded
// files with a backup made by `npm run backup`, after checking every checksum and
// PRAGMA integrity_check. Refuses while a process has the database open (stop the server first);
// --server-stopped is only for systems without /proc, where that cannot be seen.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "./lib/backup.ts";
import { dataPaths } from "./lib/data-paths.ts";

const USAGE = "Usage: npm run restore -- <backup folder> [--server-stopped]";

const { values, positionals } = parseArgs({ options: { "server-stopped": { type: "boolean" } }, allowPositionals: true });
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
      `and copy ${path.join(backupDir, "uploads")} over ${uploadsDir} (docs/deploy.md).`,
  );
  process.exit(1);
}

try {
  const manifest = await restoreBackup({
    backupDir: path.resolve(backupDir),
    databaseFile,
    uploadsDir,
    assumeServerStopped: values["server-stopped"] ?? false,
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration ?? "none"}): ` +
      `${databaseFile} and ${manifest.uploads.length} files in ${uploadsDir}. Start the server with \`npm start\`.`,
  );
} catch (error) {
  console.error(`Restore refused: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
