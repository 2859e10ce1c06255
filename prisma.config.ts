// Prisma CLI configuration: the JavaScript/WebAssembly engine with the better-sqlite3
// adapter, so that no native engine is ever downloaded (see docs/decisions/0002).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";

const databaseUrl = process.env.DATABASE_URL ?? "file:./data/fieldline.db";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: {
    path: path.join("prisma", "migrations"),
    seed: "tsx prisma/seed.ts",
  },
  async adapter() {
    return new PrismaBetterSQLite3({ url: databaseUrl }, { timestampFormat: "unixepoch-ms" });
  },
});
