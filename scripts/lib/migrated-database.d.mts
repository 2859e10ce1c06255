// Types for migrated-database.mjs.
/** Writes a database with every migration applied at `file` (replacing what was there). */
export declare function copyMigratedDatabase(file: string): Promise<void>;
