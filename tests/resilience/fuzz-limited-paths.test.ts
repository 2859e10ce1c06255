// The route fuzzer's look at the limits: React Router routes a path whatever its letters' case,
// its percent-encoding, a JavaScript form post's ".data" and trailing slashes, so every spelling
// of a limited path must spend the same budget. For each limited path (registration, password
// reset, sign-in, an upload's PUT, a token's calls), the budget is spent on the plain spelling
// from a fresh address, then a generated spelling must answer 429, or 404 where React Router
// routes it nowhere (an empty segment), so that nothing was tried.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITED_POSTS } from "../../server/rate-limits";
import { fuzzSeed } from "../support/fuzz-seed";
import { type AppServer, createAppServer } from "./support/app-server";
import { discover } from "./support/fuzz/discover";

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const BUDGET = 3;
const SIGN_IN_PATHS = ["/login", "/api/login"];
const UPLOAD_PUT = "/api/objects/uploads/fuzz";
const TOKEN_CALL = "/api/user";

let server: AppServer;
let addresses = 0;
// 198.18.0.0/15 is reserved for benchmarking (RFC 2544): header values only, never a destination.
const nextAddress = () => `198.18.${200 + (Math.floor(addresses / 254) % 50)}.${(addresses++ % 254) + 1}`;

/** Another spelling of `path` that React Router routes to the same route. */
function spelling(path: string): fc.Arbitrary<string> {
  const characters = [...path.slice(1)];
  const each = characters.map((character) =>
    /[a-z]/.test(character)
      ? fc.constantFrom(character, character.toUpperCase(), percent(character), percent(character.toUpperCase()))
      : character === "/"
        ? fc.constantFrom("/", "//")
        : fc.constantFrom(character, percent(character)),
  );
  return fc
    .tuple(fc.tuple(...each), fc.constantFrom("", "/", "//", ".data"))
    .map(([spelled, end]) => `/${spelled.join("")}${end}`)
    .filter((spelled) => spelled.replace(/\/+$/, "") !== path);
}

function percent(character: string): string {
  return `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`;
}

type Send = { method: string; body?: BodyInit; headers?: Record<string, string> };

async function send(path: string, from: string, { method, body, headers = {} }: Send): Promise<number> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    body,
    headers: { "X-Forwarded-For": from, Origin: server.baseUrl, ...headers },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

const json = (value: unknown): Send => ({
  method: "POST",
  body: JSON.stringify(value),
  headers: { "Content-Type": "application/json" },
});
const wrongSignIn = (path: string): Send =>
  path.startsWith("/api/")
    ? json({ username: `nobody.${addresses}`, password: "wrong" })
    : { method: "POST", body: new URLSearchParams({ username: `nobody.${addresses}`, password: "wrong" }) };

/** A limited path, and the request it is sent in every spelling (the plain path's body). */
type Limited = { name: string; path: string; request: (path: string) => Send; token?: string };

const LIMITED: Limited[] = [
  ...Object.values(LIMITED_POSTS)
    .flat()
    .map((path) => ({ name: path, path, request: () => json({ email: "nobody@example.pk" }) })),
  ...SIGN_IN_PATHS.map((path) => ({ name: `sign-in ${path}`, path, request: wrongSignIn })),
  { name: "an upload's PUT", path: UPLOAD_PUT, request: () => ({ method: "PUT", body: new Uint8Array(16) }) },
  {
    name: "a token's calls",
    path: TOKEN_CALL,
    request: () => ({ method: "GET" }),
    token: "fl_made-up-token",
  },
];

describe("every spelling of a limited path spends its budget", () => {
  beforeAll(async () => {
    server = await createAppServer("fuzz-limited-paths", {
      RATE_LIMIT_PER_MINUTE: String(BUDGET),
      SIGN_IN_FAILURES_PER_MINUTE: String(BUDGET),
      UPLOAD_RATE_LIMIT_PER_MINUTE: String(BUDGET),
      API_TOKEN_RATE_LIMIT_PER_MINUTE: String(BUDGET),
      TRUST_PROXY: "1",
    });
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    server?.remove();
  });

  it("knows every limited path as a route of the app", async () => {
    const patterns = new Set((await discover()).targets.map((target) => target.pattern));
    const limited = [...Object.values(LIMITED_POSTS).flat(), ...SIGN_IN_PATHS, TOKEN_CALL];
    expect(limited.filter((path) => !patterns.has(path))).toEqual([]);
  });

  for (const limited of LIMITED) {
    it(`${limited.name}: in any spelling, refused once the plain one spent the budget`, async () => {
      await fc.assert(
        fc.asyncProperty(spelling(limited.path), async (spelled) => {
          const from = nextAddress();
          // A token's budget is the token's, whatever the address: each run has a token of its own.
          const token = limited.token && `${limited.token}-${addresses}`;
          const withToken = (request: Send): Send =>
            token ? { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } } : request;
          for (let attempt = 1; attempt <= BUDGET; attempt++) {
            const status = await send(limited.path, from, withToken(limited.request(limited.path)));
            expect([429, 404], `${limited.path}, attempt ${attempt}`).not.toContain(status);
          }
          expect([429, 404], spelled).toContain(await send(spelled, from, withToken(limited.request(limited.path))));
        }),
        { numRuns: RUNS, seed: fuzzSeed(limited.name) },
      );
    });
  }
});
