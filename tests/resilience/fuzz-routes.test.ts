// Every route of app/routes.ts and every /api operation, found from the code (support/fuzz/discover.ts),
// gets generated hostile query strings and bodies, signed out and as an officer, a manager and
// an admin: every answer within 2 s, never 5xx and never a message's raw key, while the server's event loop stays under
// 500 ms of delay and its memory under 400 MB. A route the generator cannot cover fails by name.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzSeed } from "../support/fuzz-seed";
import { RAW_KEY } from "./support/urdu-pages";
import { type AppServer, createAppServer } from "./support/app-server";
import { type Answer, send, watchServer } from "./support/fuzz/client";
import { type Discovery, discover } from "./support/fuzz/discover";
import { type FuzzRequest, type Ids, PATH_PARAMETERS, requestArbitrary } from "./support/fuzz/values";

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const ANSWER_WITHIN_MS = 2000;
const MAX_EVENT_LOOP_DELAY_MS = 500;
const MAX_RSS_BYTES = 400 * 1024 * 1024;
const IDENTITIES = [null, "officer1", "manager", "admin"] as const;
/**
 * The server as the production machine runs it: the heap V8 gives a 512 MB machine (a quarter
 * of its memory for the old generation, small young-generation halves), which on this big host
 * it would size from the host's memory instead, and the Dockerfile's malloc settings. The heap
 * flags only here: a V8 flag is process-wide and overrides the spreadsheet worker's own heap
 * limit, which other tests check.
 */
const PRODUCTION_HEAP = "--max-old-space-size=128 --max-semi-space-size=1";

let server: AppServer;
let discovery: Discovery;
let addresses = 0;
let signIns = 0;
// 198.18.0.0/15 is reserved for benchmarking (RFC 2544): header values only, never a destination.
const nextAddress = () => `198.18.${Math.floor(addresses / 254) % 256}.${(addresses++ % 254) + 1}`;

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": nextAddress() },
    body: JSON.stringify({ username, password: "fieldline" }),
  });
  const cookie = response.headers.get("set-cookie");
  if (response.status !== 200 || !cookie) throw new Error(`could not sign in as ${username}: ${response.status}`);
  signIns += 1;
  return cookie.split(";")[0]!;
}

/**
 * A session of `username` that is still theirs: the one given when it is (one cheap request), else
 * a fresh sign-in. A sign-in runs argon2 on the server, about four requests' worth of the fuzz's time.
 */
async function signedIn(username: string, cookie: string | null): Promise<string> {
  if (cookie) {
    const response = await fetch(`${server.baseUrl}/api/user`, {
      headers: { Cookie: cookie, "X-Forwarded-For": nextAddress() },
    });
    if (response.status === 200 && ((await response.json()) as { username: string }).username === username)
      return cookie;
  }
  return signIn(username);
}

/** Rows of the seeded database that belong to other people than officer1, and ids that exist nowhere. */
function otherPeoplesIds(): Ids {
  return server.query((db) => {
    const me = (db.prepare("SELECT id FROM User WHERE username = 'officer1'").get() as { id: number }).id;
    const ids = (sql: string) => (db.prepare(sql).all(me) as Array<{ id: number }>).map((row) => row.id);
    return {
      others: [
        ...ids("SELECT id FROM Post WHERE userId != ? ORDER BY id LIMIT 2"),
        ...ids("SELECT id FROM Comment WHERE userId != ? ORDER BY id LIMIT 2"),
        ...ids("SELECT id FROM Notification WHERE userId != ? ORDER BY id LIMIT 2"),
        ...ids("SELECT id FROM User WHERE id != ? ORDER BY id LIMIT 3"),
        ...ids("SELECT id FROM Dealer WHERE id != ? ORDER BY id LIMIT 2"),
      ],
      missing: [999_999, 2_147_483_647],
    };
  });
}

const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${request.path}?${new URLSearchParams(request.query).toString().slice(0, 300)}${request.headers?.length ? ` ${JSON.stringify(request.headers)}` : ""}${request.encoding ? ` (${request.encoding}: ${JSON.stringify(request.body).slice(0, 300)})` : ""}`;

describe("generated hostile input on every route and /api operation", () => {
  beforeAll(async () => {
    discovery = await discover();
    server = await createAppServer("fuzz-routes", {
      NODE_OPTIONS: PRODUCTION_HEAP,
      MALLOC_ARENA_MAX: "2",
      MALLOC_MMAP_THRESHOLD_: "131072",
    });
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    server?.remove();
  });

  it("covers every route of app/routes.ts and every OpenAPI operation, with parameters it can fill", () => {
    const unknownParameters = discovery.targets.flatMap((target) =>
      [...target.pattern.matchAll(/:(\w+)\??/g)]
        .map((match) => match[1]!)
        .filter((name) => !PATH_PARAMETERS.has(name))
        .map((name) => `${target.name}: no values for the path parameter :${name}`),
    );
    expect([...discovery.gaps, ...unknownParameters]).toEqual([]);
    expect(discovery.targets.length).toBeGreaterThan(discovery.routes);
  });

  it("answers a report of the year 9999 at once, with a message, and keeps serving (the audit's critical)", async () => {
    const officer = await signIn("officer1");
    const manager = await signIn("manager");
    const page = await send(
      server.baseUrl,
      {
        path: "/reports",
        method: "GET",
        query: [
          ["from", "9999-12-31"],
          ["to", "9999-12-31"],
          ["groupBy", "day"],
        ],
        encoding: null,
        body: [],
      },
      officer,
      nextAddress(),
    );
    expect(page.status).toBe(200);
    const api = await send(
      server.baseUrl,
      {
        path: "/api/reports",
        method: "GET",
        query: [
          ["from", "9999-01-01"],
          ["to", "9999-12-31"],
          ["groupBy", "day"],
        ],
        encoding: null,
        body: [],
      },
      manager,
      nextAddress(),
    );
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toMatchObject({
      error: "From must be a real date from 2000-01-01 to 2100-12-31, in the form yyyy-MM-dd",
    });
    expect((await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) })).status).toBe(200);
  });

  it("refuses nine 9.9 MB text fields with 413, six at a time, unechoed and within the memory bound (the audit's high)", async () => {
    const officer = await signIn("officer1");
    const flood = Array.from({ length: 9 }, (): [string, string] => ["content", "x".repeat(9_900_000)]);
    const rssBefore = server.rss() ?? 0;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rss() ?? 0)), 20);
    const answers = await Promise.all(
      ["/new-post", "/api/posts"].flatMap((path) =>
        Array.from({ length: 3 }, () =>
          send(
            server.baseUrl,
            { path, method: "POST", query: [], encoding: "multipart", body: [["type", "SALE"], ...flood] },
            officer,
            nextAddress(),
            10_000,
          ),
        ),
      ),
    );
    clearInterval(sampler);
    console.log(
      `[fuzz] six posts of nine 9.9 MB text fields at once: ${answers.map((answer) => answer.status).join(", ")}; RSS ${Math.round(rssBefore / 1048576)} → at most ${Math.round(peak / 1048576)} MB`,
    );
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413, 413, 413]);
    for (const answer of answers) expect(answer.bytes).toBeLessThan(50_000);
    expect(peak - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect(peak).toBeLessThan(MAX_RSS_BYTES);
  });

  it(
    "answers every request within 2 s and never 5xx, with the event loop and memory bounded",
    { timeout: 900_000 },
    async () => {
      const ids = otherPeoplesIds();
      const watch = watchServer(server.baseUrl, () => server.rss());
      const problems: string[] = [];
      let sent = 0;
      let slowest: { ms: number; request: string } = { ms: 0, request: "" };

      for (const identity of IDENTITIES) {
        let cookie: string | null = null;
        for (const target of discovery.targets.filter((each) => each.name.includes(process.env.FUZZ_ONLY ?? ""))) {
          // Signed in afresh whenever the last target's requests ended the session: a fuzzed sign-out
          // or password change must not blind the rest.
          cookie = identity ? await signedIn(identity, cookie) : null;
          try {
            await fc.assert(
              fc.asyncProperty(requestArbitrary(target, ids), async (request) => {
                let answer: Answer;
                try {
                  answer = await send(server.baseUrl, request, cookie, nextAddress(), ANSWER_WITHIN_MS);
                } catch (error) {
                  throw new Error(`${describeRequest(request)}: ${(error as Error).message}`, { cause: error });
                }
                sent += 1;
                if (answer.ms > slowest.ms) slowest = { ms: answer.ms, request: describeRequest(request) };
                if (answer.status >= 500)
                  throw new Error(
                    `${describeRequest(request)} answered ${answer.status}: ${answer.body.slice(0, 300)}`,
                  );
                if (answer.ms > ANSWER_WITHIN_MS)
                  throw new Error(`${describeRequest(request)} took ${Math.round(answer.ms)} ms`);
                // A message no catalog answered shows its key ("common:failed.load") on the page or in
                // the JSON; one the request itself carried is only echoed back.
                const rawKey = RAW_KEY.exec(answer.body)?.[0];
                if (rawKey && !describeRequest(request).includes(rawKey))
                  throw new Error(`${describeRequest(request)} answered ${answer.status} with the raw key ${rawKey}`);
              }),
              { numRuns: RUNS, endOnFailure: true, seed: fuzzSeed(`${identity ?? "signed out"} ${target.name}`) },
            );
          } catch (error) {
            const cause = (error as Error).cause;
            problems.push(
              `[${identity ?? "signed out"}] ${target.name}: ${cause instanceof Error ? cause.message : (error as Error).message.slice(0, 800)}`,
            );
          }
        }
      }
      const health = await watch.stop();
      console.log(
        `[fuzz] ${discovery.routes} routes and ${discovery.operations} operations as ${discovery.targets.length} targets × ${IDENTITIES.length} identities: ` +
          `${sent} requests, ${signIns} sign-ins; slowest ${Math.round(slowest.ms)} ms (${slowest.request.slice(0, 160)}); ` +
          `event loop delay at most ${Math.round(health.maxDelayMs)} ms, RSS at most ${Math.round(health.maxRss / 1024 / 1024)} MB (${health.samples} samples, ${health.unanswered} unanswered)`,
      );
      expect(sent).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      expect(health.samples).toBeGreaterThan(0);
      expect(health.unanswered).toBe(0);
      expect(health.maxDelayMs).toBeLessThan(MAX_EVENT_LOOP_DELAY_MS);
      expect(health.maxRss).toBeLessThan(MAX_RSS_BYTES);
    },
  );
});
