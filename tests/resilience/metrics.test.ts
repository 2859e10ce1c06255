import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort } from "../../scripts/lib/common.mjs";
import { parseMetrics, type Sample, valueOf } from "../support/prometheus-text";
import { type AppServer, createAppServer, signIn } from "./support/app-server";

// The metrics (decision 105) of the production server under a short known load: every request it
// answered is counted under its route's pattern and status, with its time, and the metrics answer
// on their own port alone, never on the public one.

let server: AppServer;
let metricsUrl: string;

beforeAll(async () => {
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}`;
  // Two registrations a minute: the third is refused, to be counted as the registration limit's.
  server = await createAppServer("metrics", { METRICS_PORT: String(metricsPort), RATE_LIMIT_PER_MINUTE: "2" });
  await server.start();
});

afterAll(async () => {
  await server.stop();
  server.remove();
});

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

const REQUESTS = "fieldline_http_requests_total";
const SECONDS = "fieldline_http_request_duration_seconds";

test("requests are counted by method, route pattern and status, with their times, as the client saw them", async () => {
  const cookie = await signIn(server.baseUrl, "admin");
  const dealerId = server.query((db) => (db.prepare("SELECT id FROM Dealer LIMIT 1").get() as { id: number }).id);
  const load: Array<{ method: string; path: string; route: string; headers?: Record<string, string> }> = [
    ...Array.from({ length: 20 }, () => ({ method: "GET", path: "/login", route: "/login" })),
    ...Array.from({ length: 5 }, () => ({
      method: "GET",
      path: `/api/dealers/${dealerId}`,
      route: "/api/dealers/:id",
      headers: { Cookie: cookie },
    })),
    { method: "GET", path: `/dealer-details/${dealerId}`, route: "/dealer-details/:id?", headers: { Cookie: cookie } },
    ...["/no-such-page", "/no/such/page/123", "/api/no-such-call"].map((path) => ({
      method: "GET",
      path,
      route: path.startsWith("/api/") ? "/api/*" : "/*",
    })),
  ];

  const before = await scrape();
  const seen = new Map<string, number>();
  const started = performance.now();
  for (const request of load) {
    const response = await fetch(`${server.baseUrl}${request.path}`, { headers: request.headers, redirect: "manual" });
    await response.arrayBuffer();
    const key = JSON.stringify([request.method, request.route, String(response.status)]);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const after = await scrape();

  expect([...seen.keys()].map((key) => JSON.parse(key) as string[])).toContainEqual(["GET", "/login", "200"]);
  expect([...seen.keys()].map((key) => JSON.parse(key) as string[])).toContainEqual(["GET", "/api/dealers/:id", "200"]);
  let summedSeconds = 0;
  for (const [key, count] of seen) {
    const [method, route, status] = JSON.parse(key) as [string, string, string];
    const labels = { method, route, status };
    const delta = (name: string) => valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(delta(REQUESTS), `${method} ${route} ${status}`).toBe(count);
    expect(delta(`${SECONDS}_count`), `${method} ${route} ${status}`).toBe(count);
    expect(delta(`${SECONDS}_sum`), `${method} ${route} ${status}`).toBeGreaterThan(0);
    summedSeconds += delta(`${SECONDS}_sum`);
  }
  expect(summedSeconds).toBeLessThanOrEqual(wallSeconds);
  // No label holds a path's id: only patterns.
  const routes = after.filter((sample) => sample.name === REQUESTS).map((sample) => sample.labels.route ?? "");
  expect(routes.filter((route) => /\d/.test(route))).toEqual([]);
  // The queries behind those pages were timed.
  expect(valueOf(after, "fieldline_db_query_duration_seconds_count")).toBeGreaterThan(
    valueOf(before, "fieldline_db_query_duration_seconds_count"),
  );
});

test("wrong passwords, 429s and replayed submissions are counted; the process's own figures are there", async () => {
  const before = await scrape();
  const wrong = await fetch(`${server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "not the password" }),
  });
  expect(wrong.status).toBe(401);
  const registrations = [];
  for (let n = 0; n < 3; n++) {
    registrations.push(
      (
        await fetch(`${server.baseUrl}/api/register`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        })
      ).status,
    );
  }
  expect(registrations).toEqual([400, 400, 429]);
  const cookie = await signIn(server.baseUrl, "officer1");
  const post = () =>
    fetch(`${server.baseUrl}/api/posts`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, "Idempotency-Key": "metrics-replay-0001" },
      body: JSON.stringify({ type: "ANNOUNCEMENT", text: "Counted once, replayed once" }),
    });
  expect((await post()).status).toBe(201);
  const replay = await post();
  expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
  const after = await scrape();

  const delta = (name: string, labels: Record<string, string> = {}) =>
    valueOf(after, name, labels) - valueOf(before, name, labels);
  expect(delta("fieldline_sign_in_failures_total")).toBe(1);
  expect(delta("fieldline_rate_limited_total", { limiter: "registration" })).toBe(1);
  expect(delta("fieldline_submission_replays_total", { from: "header" })).toBe(1);
  for (const name of [
    "fieldline_webhook_outbox_waiting",
    "fieldline_webhook_outbox_oldest_age_seconds",
    "fieldline_image_queue_jobs",
    "fieldline_watchdog_restarts_total",
    "nodejs_eventloop_lag_seconds",
    "process_resident_memory_bytes",
  ]) {
    expect(after.some((sample) => sample.name === name)).toBe(true);
  }
  expect(valueOf(after, "fieldline_watchdog_restarts_total")).toBe(0);
});

test("the public port answers 404 to /metrics in every spelling; the metrics port answers GET /metrics alone", async () => {
  for (const path of ["/metrics", "/METRICS", "/metrics/", "/%6Detrics", "/metrics.data", "/Metrics?x=1"]) {
    const response = await fetch(`${server.baseUrl}${path}`);
    expect(response.status, path).toBe(404);
    expect(await response.text(), path).not.toContain(REQUESTS);
  }
  for (const path of ["/", "/healthz", "/login", "/METRICS", "/metrics/", "/%6Detrics", "/metrics/x"]) {
    const response = await fetch(`${metricsUrl}${path}`);
    expect(response.status, path).toBe(404);
    expect(await response.text(), path).not.toContain(REQUESTS);
  }
  const posted = await fetch(`${metricsUrl}/metrics`, { method: "POST" });
  expect(posted.status).toBe(404);
});
