import path from "node:path";
import { databaseFile, loadDotEnv, root } from "./common.mjs";

/** The database file and uploads folder the app uses, read like `npm start` reads them (.env, then defaults). */
export function dataPaths() {
  loadDotEnv();
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data");
  return {
    dataDir,
    databaseFile: databaseFile(process.env.DATABASE_URL ?? "file:./data/fieldline.db"),
    uploadsDir: path.join(dataDir, "uploads"),
  };
}
