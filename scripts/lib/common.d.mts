// Types for the parts of common.mjs that TypeScript scripts import.
export declare const root: string;
export declare function loadDotEnv(file?: string): void;
export declare function databaseFile(url: string): string;
export declare function freePort(): Promise<number>;
/** A package's command: its node_modules/.bin file, else `npx --no-install <name>`. */
export declare function bin(name: string): string[];
