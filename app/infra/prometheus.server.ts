import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PrismaClient } from "~/generated/prisma/client";

// The process's operational metrics in Prometheus's format (decision 105), served on a port of
// their own (server/metrics-server.ts). The code that sees an event records it through one of the
// small functions below; the figures that live in the database or in a queue are read when the
// scraper asks, so a request pays one counter and one histogram observation, never a query.

/** What the webhook outbox holds now (read from the database at each scrape). */
export type OutboxBacklog = { waiting: number; oldestAgeSeconds: number };
/** What the photo queue holds now. */
export type QueueState = { running: number; waiting: number };

type Sources = { outbox?: () => Promise<OutboxBacklog>; imageQueue?: () => QueueState };

function createMetrics() {
  const registry = new Registry();
  // Memory, CPU, handles, garbage collection and the event loop's delay, under the names every
  // Node.js dashboard reads (process_*, nodejs_*).
  collectDefaultMetrics({ register: registry });
  const sources: Sources = {};
  const registers = [registry];
  /** One figure of the outbox; NaN when the database cannot say, so the other metrics still answer. */
  const outboxFigure = async (figure: keyof OutboxBacklog) => {
    if (!sources.outbox) return 0;
    return sources.outbox().then(
      (backlog) => backlog[figure],
      () => Number.NaN,
    );
  };
  return {
    registry,
    sources,
    requests: new Counter({
      name: "fieldline_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    requestSeconds: new Histogram({
      name: "fieldline_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    querySeconds: new Histogram({
      name: "fieldline_db_query_duration_seconds",
      help: "Time of the database's queries, by model and operation (model raw: SQL through Prisma; plain: the read connection's prepared SQL).",
      labelNames: ["model", "operation"] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5],
      registers,
    }),
    imageJobs: new Counter({
      name: "fieldline_image_jobs_total",
      help: "Photo decodes by outcome: done, failed (the picture was refused) or refused (the queue was full).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    imageQueue: new Gauge({
      name: "fieldline_image_queue_jobs",
      help: "Photo decodes running and waiting in the photo queue.",
      labelNames: ["state"] as const,
      registers,
      collect() {
        const state = sources.imageQueue?.() ?? { running: 0, waiting: 0 };
        this.set({ state: "running" }, state.running);
        this.set({ state: "waiting" }, state.waiting);
      },
    }),
    outboxWaiting: new Gauge({
      name: "fieldline_webhook_outbox_waiting",
      help: "Webhook deliveries waiting in the outbox (not yet delivered nor given up).",
      registers,
      async collect() {
        this.set(await outboxFigure("waiting"));
      },
    }),
    outboxOldestAge: new Gauge({
      name: "fieldline_webhook_outbox_oldest_age_seconds",
      help: "Age of the oldest webhook delivery waiting in the outbox; 0 when none waits.",
      registers,
      async collect() {
        this.set(await outboxFigure("oldestAgeSeconds"));
      },
    }),
    replays: new Counter({
      name: "fieldline_submission_replays_total",
      help: "Submissions sent again with a key already used (the send queue's replays), answered with what the first made; by where the key came from (header: /api, form: a page).",
      labelNames: ["from"] as const,
      registers,
    }),
    signInFailures: new Counter({
      name: "fieldline_sign_in_failures_total",
      help: "Sign-ins refused for a wrong username or password.",
      registers,
    }),
    rateLimited: new Counter({
      name: "fieldline_rate_limited_total",
      help: "Requests answered 429, by the limit that refused them.",
      labelNames: ["limiter"] as const,
      registers,
    }),
    watchdogRestarts: new Counter({
      name: "fieldline_watchdog_restarts_total",
      help: "Times the watchdog ended the server because its event loop was blocked (kept across restarts).",
      registers,
    }),
  };
}

// One set of metrics for the process, on globalThis: the server's entry and the app's bundle each
// load their own copy of this module (and the development server loads it again on changes), and
// every copy must record into the same registry.
const processState = globalThis as { fieldlineMetrics?: ReturnType<typeof createMetrics> };
const metrics = (processState.fieldlineMetrics ??= createMetrics());

/** The metrics as Prometheus's text format, and its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Counts an answered request and its time, by its `route` label (a pattern, never the path itself:
 * ids and tokens would make a series each) and its method (any other method is "other").
 */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method: METHODS.has(method) ? method : "other", route, status: String(status) };
  metrics.requests.inc(labels);
  metrics.requestSeconds.observe(labels, seconds);
}

export function countImageJob(outcome: "done" | "failed" | "refused"): void {
  metrics.imageJobs.inc({ outcome });
}

export function countReplay(from: "header" | "form"): void {
  metrics.replays.inc({ from });
}

export function countSignInFailure(): void {
  metrics.signInFailures.inc();
}

export function countRateLimited(limiter: string): void {
  metrics.rateLimited.inc({ limiter });
}

/** Sets the watchdog's restarts, as counted on disk by the processes it ended (server/watchdog.ts). */
export function setWatchdogRestarts(total: number): void {
  metrics.watchdogRestarts.reset();
  metrics.watchdogRestarts.inc(total);
}

/** Where the scrape reads the outbox's backlog from (the webhook model). */
export function measureOutboxWith(read: () => Promise<OutboxBacklog>): void {
  metrics.sources.outbox = read;
}

/** Where the scrape reads the photo queue's state from. */
export function measureImageQueueWith(read: () => QueueState): void {
  metrics.sources.imageQueue = read;
}

/** Starts timing a query; the function it answers records its time. */
export function timeQuery(model: string, operation: string): () => void {
  const stop = metrics.querySeconds.startTimer({ model, operation });
  return () => void stop();
}

/** The client with each query's time observed, by model ("raw" for SQL) and operation. */
export function withQueryTimes(base: PrismaClient): PrismaClient {
  return base.$extends({
    query: {
      async $allOperations({ model, operation, args, query }) {
        const stop = timeQuery(model ?? "raw", operation);
        try {
          return await query(args);
        } finally {
          stop();
        }
      },
    },
  }) as unknown as PrismaClient;
}
