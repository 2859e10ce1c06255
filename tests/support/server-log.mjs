// The suite's servers keep what they print (stdout and stderr) in a file of LOG_DIR, when the test
// runner sets it (scripts/test.mjs), for the last step's check: every line JSON, none with a secret
// (scripts/check-logs.ts, decision 106). What they print still goes where it went (`echo`).
import fs from "node:fs";
import path from "node:path";

/** Copies `child`'s stdout and stderr into LOG_DIR/<name>-<pid>.log (when LOG_DIR is set), and to `echo`. */
export function keepServerLog(child, name, echo) {
  const dir = process.env.LOG_DIR;
  const file = dir ? fs.createWriteStream(path.join(dir, `${name}-${child.pid}.log`), { flags: "a" }) : undefined;
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk) => {
      file?.write(chunk);
      echo?.(chunk);
    });
  }
  child.once("exit", () => file?.end());
}
