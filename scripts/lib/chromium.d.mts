// Types for chromium.mjs, so that playwright.config.ts can import it.
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
