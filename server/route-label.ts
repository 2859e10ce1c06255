import path from "node:path";

// A request's route label for the metrics: the pattern of the route that answered it
// (`/dealer-details/:id?`, `/api/dealers/:id`), never its path, whose ids and tokens would make a
// series each and put a secret in the metrics.

/** Paths the server answers itself, beside React Router (server/app.ts). */
const SERVER_PATHS = new Set(["/healthz", "/sw.js"]);

/**
 * The label of a request: the `pattern` React Router or the /api dispatcher reported, from the
 * root (React Router's has no leading "/"; an /api path's `{id}` is written `:id`, as the pages'); without one, the request was answered before
 * them: `/files/*` for stored files, `static` for the build's files, the server's own paths as they
 * are, and `unrouted` for the rest (a 429, 413 or 403 of the server's own checks).
 */
export function routeLabel(pattern: string | undefined, pathname: string): string {
  if (pattern !== undefined) return `/${pattern.replace(/^\/+/, "")}`.replace(/\{(\w+)\}/g, ":$1");
  if (SERVER_PATHS.has(pathname)) return pathname;
  if (/^\/files\//.test(pathname)) return "/files/*";
  if (path.extname(pathname)) return "static";
  return "unrouted";
}
