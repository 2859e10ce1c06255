import http from "node:http";
import { metricsText } from "../app/infra/prometheus.server.ts";
import { hashSecretToken } from "../app/infra/secret-token.server.ts";

/**
 * The metrics' own listener (decision 105): GET /metrics, exactly, answers Prometheus's text
 * format, and every other request 404. It is bound on its own port, which Fly's scraper reaches
 * over the private network and the public proxy never forwards; with `token`, the scraper must
 * also send `Authorization: Bearer <token>` (for hosts where the port is not private).
 */
export function startMetricsServer({ port, token }: { port: number; token?: string }): http.Server {
  const expected = token ? hashSecretToken(`Bearer ${token}`) : undefined;
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    // Hashes of equal length compared: the time taken says nothing of the token.
    if (expected && hashSecretToken(req.headers.authorization ?? "") !== expected) {
      res.writeHead(401, { "Content-Type": "text/plain", "WWW-Authenticate": "Bearer" }).end("Unauthorized\n");
      return;
    }
    metricsText().then(
      ({ contentType, body }) =>
        res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      (error: unknown) => {
        console.error("[metrics]", error instanceof Error ? error.message : error);
        res.writeHead(500, { "Content-Type": "text/plain" }).end("The metrics could not be read\n");
      },
    );
  });
  // A port already taken leaves the app serving without its metrics, and says so.
  server.on("error", (error) => console.error(`[metrics] No metrics on port ${port}: ${error.message}`));
  return server.listen(port);
}
