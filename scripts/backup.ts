// `npm run backup [-- --out <folder>]`: an online backup of the database and the uploaded files,
// safe while the server runs. Writes <folder>/fieldline-<UTC time>/ (default: BACKUP_DIR, or
// DATA_DIR/backups) and prints its path. Copy it off the machine; see docs/deploy.md.
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, createBackup } from "./lib/backup.ts";
import { dataPaths } from "./lib/data-paths.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const { dataDir, databaseFile, uploadsDir } = dataPaths();
const backupsDir = path.resolve(values.out || process.env.BACKUP_DIR || path.join(dataDir, "backups"));

try {
  const started = performance.now();
  const { dir, manifest } = await createBackup({ databaseFile, uploadsDir, backupsDir });
  const bytes = manifest.uploads.reduce((sum, entry) => sum + entry.size, manifest.database.size);
  console.log(
    `Backup written to ${dir}: database ${manifest.database.size} bytes (integrity ok), ` +
      `${manifest.uploads.length} uploaded files, ${bytes} bytes in all, in ${Math.round(performance.now() - started)} ms.`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
