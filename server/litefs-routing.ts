// Under LiteFS (LITEFS_DIR set), sends what a replica must not answer to the primary:
// app/infra/litefs.server.ts decides, this applies it. Mounted first, before anything reads the body.
import http from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { readLiteFsNode, routeRequest, txidFromCookieHeader, waitForTxid } from "../app/infra/litefs.server.ts";
import { sendJsonError } from "./request-log.ts";

/** Marks a request one node forwarded to another, so it is never forwarded twice. */
export const FORWARDED_HEADER = "x-fieldline-forwarded";

export type LiteFsRoutingOptions = {
  litefsDir: string;
  databaseName: string;
  /** The port the app listens on (behind LiteFS's proxy) on every node. */
  appPort: number;
  /** The private host name of a node, from the instance name in LiteFS's `.primary` file. */
  hostOf: (instance: string) => string;
  /** How long a replica waits for a browser's last write before the primary answers instead. */
  catchUpMs?: number;
  /** False when the uploads are in a bucket (STORAGE=s3): every node serves /files/ then. */
  filesOnPrimaryOnly?: boolean;
};

export function litefsRouting({
  litefsDir,
  databaseName,
  appPort,
  hostOf,
  catchUpMs = 5000,
  filesOnPrimaryOnly = true,
}: LiteFsRoutingOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      const node = await readLiteFsNode(litefsDir);
      const route = routeRequest(
        { method: req.method, path: req.path, bodyBytes: bodyBytes(req), forwarded: req.get(FORWARDED_HEADER) === "1" },
        node,
        { filesOnPrimaryOnly },
      );
      switch (route.action) {
        case "serve": {
          const txid = node.role === "replica" ? txidFromCookieHeader(req.headers.cookie) : null;
          // Read-your-own-writes: when this replica does not catch up in time, the primary answers.
          if (
            node.role === "replica" &&
            txid !== null &&
            !(await waitForTxid(litefsDir, databaseName, txid, { timeoutMs: catchUpMs }))
          ) {
            return replay(res, node.primary);
          }
          return next();
        }
        case "replay":
          return replay(res, route.instance);
        case "forward":
          return forward(req, res, { host: hostOf(route.instance), port: appPort });
        case "unavailable":
          sendJsonError(
            res.status(503).set("Retry-After", "2"),
            "The primary is changing. Please try again in a moment.",
          );
          return;
      }
    } catch (error) {
      next(error);
    }
  };
}

function bodyBytes(req: Request): number | null {
  if (req.headers["transfer-encoding"]) return null;
  const length = Number(req.headers["content-length"] ?? 0);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/** Fly's proxy sees the header and sends the same request again, to the primary. */
function replay(res: Response, instance: string): void {
  sendJsonError(
    res.status(409).set("fly-replay", `instance=${instance}`).set("Cache-Control", "no-store"),
    "This request must be answered by the primary.",
  );
}

/** Streams the request to the primary over the private network and its answer back. */
function forward(req: Request, res: Response, target: { host: string; port: number }): void {
  const upstream = http.request(
    { ...target, method: req.method, path: req.originalUrl, headers: { ...req.headers, [FORWARDED_HEADER]: "1" } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (res.headersSent) res.destroy();
    else sendJsonError(res.status(502), "The primary could not be reached. Please try again.");
  });
  req.pipe(upstream);
}
