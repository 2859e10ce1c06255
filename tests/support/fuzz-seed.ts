import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";

function commitUnderTest(): string {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "no commit";
  }
}

const commit = commitUnderTest();

/**
 * The seed of a generated (fast-check) test: `FUZZ_SEED` when set (to replay the seed a failure
 * printed), else one drawn from the commit under test and the test's name. Each commit explores
 * other input, and a commit that passed here passes on CI too (decision 54).
 */
export function fuzzSeed(testName: string): number {
  const given = process.env.FUZZ_SEED;
  if (given !== undefined && given !== "") {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number, not ${given}`);
    return seed;
  }
  return createHash("sha256").update(`${commit}\n${testName}`).digest().readInt32LE(0);
}
