// Types for server-log.mjs, so that TypeScript tests can import it.
import type { ChildProcess } from "node:child_process";

export declare function keepServerLog(child: ChildProcess, name: string, echo?: (chunk: Buffer) => void): void;
