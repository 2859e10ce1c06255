import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureDependencies, formatDuration } from "./common.mjs";

describe("formatDuration, the steps' times in npm test's summary", () => {
  it("says seconds to a tenth under a minute, whole minutes and seconds past it, never 60 seconds", () => {
    expect(formatDuration(25_700)).toBe("25.7 s");
    expect(formatDuration(119_600)).toBe("2 min 0 s");
    expect(formatDuration(891_000)).toBe("14 min 51 s");
  });
});

describe("ensureDependencies, before npm test and npm run demo", () => {
  it("refuses to reinstall a node_modules linked from another checkout, and leaves it whole", async () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-shared-"));
    const worktree = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-worktree-"));
    const installed = path.join(shared, "node_modules", ".package-lock.json");
    fs.mkdirSync(path.dirname(installed));
    fs.writeFileSync(installed, "{}");
    fs.utimesSync(installed, new Date(2026, 0, 1), new Date(2026, 0, 1));
    fs.writeFileSync(path.join(worktree, "package-lock.json"), "{}");
    fs.symlinkSync(path.join(shared, "node_modules"), path.join(worktree, "node_modules"));

    await expect(ensureDependencies(worktree)).rejects.toThrow(
      "node_modules is a link to another checkout's, and package-lock.json changed: install there, not here.",
    );
    expect(fs.existsSync(installed)).toBe(true);
  });
});
