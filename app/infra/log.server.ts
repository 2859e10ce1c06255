import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { pino, stdSerializers } from "pino";
import { env } from "~/env.server";
import { withoutSecrets } from "~/lib/secrets-in-text";

// The server's one logger (decision 106): a JSON object a line on stdout, at LOG_LEVEL and above.
// A line written while a request is served carries its id, from the request's scope.

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` (a request's handling) with `requestId` on every log line it writes, however deep. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/**
 * An error as a log line carries it: its kind, message and stack with any token, cookie or phone
 * number taken out (a database error's message may quote what was sent), and its code.
 */
function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: withoutSecrets(String(error)) };
  const { type, message, stack, code } = stdSerializers.err(error) as {
    type: string;
    message: string;
    stack: string;
    code?: unknown;
  };
  return { type, message: withoutSecrets(message), stack: withoutSecrets(stack), code };
}

export const log = pino({
  level: env.LOG_LEVEL,
  // Fly's log lines already name the machine; a pid and hostname on each would only cost bytes.
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
  serializers: { err: safeError },
  // Nothing logs headers or bodies; should one ever be passed, its secrets are not written.
  redact: {
    paths: [
      "req.headers.cookie",
      "req.headers.authorization",
      'req.headers["x-api-key"]',
      'res.headers["set-cookie"]',
      'req.headers["set-cookie"]',
      "headers.cookie",
      "headers.authorization",
      'headers["set-cookie"]',
      'headers["x-api-key"]',
      "password",
      "*.password",
      "token",
      "*.token",
      "phone",
      "*.phone",
    ],
    censor: "[redacted]",
  },
});

/**
 * What libraries print with `console` (a missing catalog message, a driver's warning) becomes a log
 * line too, its text the message: the server writes nothing but JSON lines. Called once at start.
 */
export function sendConsoleToLog(): void {
  const to =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]) =>
      log[level](withoutSecrets(format(...args)));
  Object.assign(console, {
    debug: to("debug"),
    log: to("info"),
    info: to("info"),
    warn: to("warn"),
    error: to("error"),
  });
}
