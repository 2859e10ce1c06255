// Fieldline's HTTP server: the build's static files, compression, security headers and rate
// limits here; pages and /api come from the React Router app in server/app.ts.
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import { env } from "../app/env.server.ts";
import { databaseName } from "../app/infra/litefs.server.ts";
import { setWatchdogRestarts } from "../app/infra/prometheus.server.ts";
import { log, sendConsoleToLog } from "../app/infra/log.server.ts";
import { MAP_ARCHIVE_PATH } from "../app/lib/public-env.ts";
import { bodyLimits } from "./body-limits.ts";
import { closeUnreadRequests } from "./close-unread-requests.ts";
import { litefsRouting } from "./litefs-routing.ts";
import { mapArchive } from "./map-archive.ts";
import { startMetricsServer } from "./metrics-server.ts";
import { rateLimits } from "./rate-limits.ts";
import { requestMetrics } from "./request-metrics.ts";
import { assignRequestId, requestLog } from "./request-log.ts";
import { sameOriginWrites } from "./same-origin.ts";
import { serverError } from "./server-error.ts";
import { assignCspNonce, securityHeaders } from "./security.ts";
import { storedFiles } from "./stored-files.ts";
import { builtFiles } from "./static-files.ts";
import { startWatchdog, watchdogRestarts } from "./watchdog.ts";

const isProduction = env.NODE_ENV !== "development";
sendConsoleToLog();

const server = express();
server.disable("x-powered-by");
server.set("trust proxy", env.TRUST_PROXY);
server.use(requestMetrics);
server.use(assignRequestId);
if (env.LOG_REQUESTS) server.use(requestLog);
if (env.LITEFS_DIR) {
  const appName = env.FLY_APP_NAME;
  server.use(
    litefsRouting({
      litefsDir: env.LITEFS_DIR,
      databaseName: databaseName(env.DATABASE_URL),
      appPort: env.PORT,
      hostOf: (instance) => (appName ? `${instance}.vm.${appName}.internal` : instance),
      filesOnPrimaryOnly: env.STORAGE === "disk",
    }),
  );
}
if (isProduction) {
  // Vite names built assets by content, so they can be cached for good.
  server.use("/assets", builtFiles("build/client/assets", { immutable: true, maxAge: "1y" }));
  // The build's other files (icons, manifest) all have an extension: pages and /api skip the disk.
  const otherBuiltFiles = builtFiles("build/client", { immutable: false, maxAge: "1h" });
  server.use((req, res, next) => (path.extname(req.path) ? otherBuiltFiles(req, res, next) : next()));
}
server.use(compression());
server.use(assignCspNonce);
if (isProduction) {
  // Self-hosted tiles come from this origin: no tile server to allow.
  server.use(securityHeaders({ tileUrl: env.MAP_TILES === "url" ? env.TILE_URL : null, https: env.HTTPS }));
}
server.use(
  rateLimits({
    authPerMinute: env.RATE_LIMIT_PER_MINUTE,
    uploadsPerMinute: env.UPLOAD_RATE_LIMIT_PER_MINUTE,
    tokenCallsPerMinute: env.API_TOKEN_RATE_LIMIT_PER_MINUTE,
  }),
);
server.use(closeUnreadRequests);
server.use(bodyLimits);
server.use(sameOriginWrites(env.APP_URL));

server.use("/files", storedFiles());
if (env.MAP_TILES === "self") server.get(MAP_ARCHIVE_PATH, mapArchive());

if (isProduction) {
  // Found from the working directory, like the static files: the same file whether this module
  // runs compiled (build/server/main.js, which shares that file's chunks) or under tsx.
  const handler = pathToFileURL(path.resolve("build/server/index.js")).href;
  const { app } = (await import(handler)) as { app: express.Express };
  server.use(app);
} else {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      const { app } = (await viteDevServer.ssrLoadModule("./server/app.ts")) as { app: express.Express };
      app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
}

server.use(serverError);

const restartsFile = path.join(env.DATA_DIR, "watchdog-restarts");
setWatchdogRestarts(watchdogRestarts(restartsFile));
startWatchdog(env.WATCHDOG_MS, restartsFile);
if (env.METRICS_PORT) startMetricsServer({ port: env.METRICS_PORT, token: env.METRICS_TOKEN });

const listener = server.listen(env.PORT, () => {
  log.info({ port: env.PORT }, `Fieldline is serving on http://localhost:${env.PORT}`);
});
// Node closes an idle keep-alive connection after 5 s, racing clients (and proxies such as Fly's,
// idle for 60 s) that send their next request down it just then: they get a reset. Idle
// connections stay open longer than any client keeps them.
listener.keepAliveTimeout = 65_000;
listener.headersTimeout = 66_000;
