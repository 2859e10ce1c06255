import type { RequestHandler, Response } from "express";
import { recordRequest } from "../app/infra/prometheus.server.ts";
import { routeLabel } from "./route-label.ts";

/** Remembers the pattern of the route answering (set by the React Router app, server/app.ts). */
export function reportRoutePattern(res: Response, pattern: string): void {
  res.locals.routePattern = pattern;
}

/** Counts every answered request and its time, from its arrival to the end of its answer (decision 105). */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  // Read now: a mounted handler (the build's files under /assets) shortens req.path for its own use.
  const pathname = req.path;
  res.once("finish", () => {
    const route = routeLabel(res.locals.routePattern as string | undefined, pathname);
    recordRequest(req.method, route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
  });
  next();
};
