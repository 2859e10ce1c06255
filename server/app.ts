// The part of the server that is bundled with the app by Vite: the React Router
// request handler and the health check, sharing one copy of the app's modules.
import { createRequestHandler } from "@react-router/express";
import { monitorEventLoopDelay } from "node:perf_hooks";
import express from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { RouterContextProvider } from "react-router";
// A static import, not `build: () => import(…)`: given a function, React Router rebuilds its
// route tables on every request (a few hundred microseconds each on a small CPU).
import * as build from "virtual:react-router/server-build";
import {
  afterResponseContext,
  clientAddressContext,
  cspNonceContext,
  requestIdContext,
  routePatternContext,
} from "~/http/context";
import { applyPragmas, checkDatabase } from "~/db.server";
import { env } from "~/env.server";
import { withRequestId } from "~/infra/log.server";
import { measureOutboxWith } from "~/infra/prometheus.server";
import { outboxBacklog } from "~/models/webhook-delivery.server";
import { startJobs } from "./jobs";
import { reportRoutePattern } from "./request-metrics";
import { serverError } from "./server-error";
import { readViteManifest, serviceWorkerScript } from "./service-worker";

await applyPragmas();
startJobs();
// The metrics (server/metrics-server.ts) read the outbox's backlog at each scrape.
measureOutboxWith(outboxBacklog);

export const app = express();
app.disable("x-powered-by");
// The request's id (server/request-log.ts) on the log lines the app's modules write while serving it.
app.use((_req, res, next) => {
  const requestId: unknown = res.locals.requestId;
  if (typeof requestId === "string") withRequestId(requestId, next);
  else next();
});

// How late the event loop has run timers since the last health check: a number that grows
// before requests start to time out (the watchdog ends a loop that stops turning).
const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();

function eventLoopDelayMs() {
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e6);
  const delay = { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) };
  loopDelay.reset();
  return delay;
}

app.get("/healthz", async (_req, res) => {
  try {
    await checkDatabase();
    res.set("Cache-Control", "no-store").json({ status: "ok", eventLoopDelayMs: eventLoopDelayMs() });
  } catch {
    res.status(503).set("Cache-Control", "no-store").json({ status: "error", error: "Database unavailable" });
  }
});

// Always checked with the server (no-cache), so a new build's worker is found at once.
const serviceWorker = serviceWorkerScript(
  build.assets,
  import.meta.env.PROD ? readViteManifest() : {},
  env.APP_TIME_ZONE,
);
app.get("/sw.js", (_req, res) => {
  res.type("text/javascript").set("Cache-Control", "no-cache").send(serviceWorker);
});

app.use(
  createRequestHandler({
    build,
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      if (req.ip) context.set(clientAddressContext, ipKeyGenerator(req.ip));
      context.set(cspNonceContext, String(res.locals.cspNonce ?? ""));
      context.set(requestIdContext, String(res.locals.requestId ?? ""));
      context.set(afterResponseContext, (task) => res.once("finish", () => setImmediate(task)));
      context.set(routePatternContext, (pattern) => reportRoutePattern(res, pattern));
      return context;
    },
  }),
);
app.use(serverError);
