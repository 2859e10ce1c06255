// Sends a fuzzer's request with node:http (fetch cannot read a 413 sent before the body is all
// read) and watches the server: its event loop's delay (from /healthz) and its memory.
import crypto from "node:crypto";
import http from "node:http";
import type { FuzzRequest } from "./values";

export type Answer = { status: number; ms: number; bytes: number; body: string };

function jsonValue(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "string" ? text : value;
  } catch {
    return text;
  }
}

function encodeBody(request: FuzzRequest): { body: Buffer; type: string } | null {
  if (!request.encoding) return null;
  if (request.encoding === "json") {
    const object: Record<string, unknown> = {};
    for (const [name, value] of request.body) {
      const parsed = jsonValue(value);
      const before = Object.hasOwn(object, name) ? object[name] : undefined;
      Object.defineProperty(object, name, {
        value: before === undefined ? parsed : [before, parsed].flat(),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return { body: Buffer.from(JSON.stringify(object)), type: "application/json" };
  }
  if (request.encoding === "urlencoded") {
    return {
      body: Buffer.from(new URLSearchParams(request.body).toString()),
      type: "application/x-www-form-urlencoded",
    };
  }
  const boundary = `----fuzz${crypto.randomBytes(8).toString("hex")}`;
  const parts = request.body.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Sends one request; answers its status, time and size, or throws when no answer came within `timeoutMs`. */
export function send(
  baseUrl: string,
  request: FuzzRequest,
  cookie: string | null,
  clientAddress: string,
  timeoutMs = 2000,
): Promise<Answer> {
  const url = new URL(request.path, baseUrl);
  url.search = new URLSearchParams(request.query).toString();
  const encoded = encodeBody(request);
  const headers: Record<string, string> = {
    "X-Forwarded-For": clientAddress,
    Accept: request.path.startsWith("/api/") ? "application/json" : "text/html",
  };
  if (cookie) headers.Cookie = cookie;
  for (const [name, value] of request.headers ?? []) headers[name] = value;
  if (encoded)
    Object.assign(headers, {
      "Content-Type": encoded.type,
      "Content-Length": String(encoded.body.length),
      Origin: url.origin,
    });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method, headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - started,
          bytes: body.length,
          body: body.toString("utf8", 0, 2000),
        });
      });
      response.on("error", reject);
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // A server that refuses a body early may close the socket while it is still being written: the answer already came.
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ECONNRESET") setTimeout(() => reject(error), 100);
      else reject(error);
    });
    outgoing.end(encoded?.body);
  });
}

export type Health = { maxDelayMs: number; maxRss: number; samples: number; unanswered: number };

/** Polls /healthz and the process's memory every `everyMs` until stopped; answers the worst of both. */
export function watchServer(baseUrl: string, rss: () => number | null, everyMs = 200): { stop: () => Promise<Health> } {
  const health: Health = { maxDelayMs: 0, maxRss: 0, samples: 0, unanswered: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
        const answer = (await response.json()) as { eventLoopDelayMs?: { max: number } };
        health.maxDelayMs = Math.max(health.maxDelayMs, answer.eventLoopDelayMs?.max ?? 0);
      } catch {
        health.unanswered += 1;
      }
      health.maxRss = Math.max(health.maxRss, rss() ?? 0);
      health.samples += 1;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return health;
    },
  };
}
