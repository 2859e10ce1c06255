// Types for the parts of common.mjs that TypeScript scripts import.
export declare const root: string;
export declare function loadDotEnv(file?: string): void;
export declare function databaseFile(url: string): string;
export declare function freePort(): Promise<number>;
/** "25.7 s" under a minute, "14 min 51 s" past it. */
export declare function formatDuration(ms: number): string;
/** A package's command: its node_modules/.bin file, else `npx --no-install <name>`. */
export declare function bin(name: string): string[];
/** `npm ci` (under the project's Node) when node_modules is missing or older than the lockfile; whether it ran. */
export declare function ensureDependencies(directory?: string): Promise<boolean>;
/** The compiled production server, relative to the project root. */
export declare const SERVER_BUILD: string;
/** Node and its arguments to run the compiled server from the project root. */
export declare function builtServer(): [string, string[]];
