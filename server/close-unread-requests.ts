import type { Socket } from "node:net";
import type { RequestHandler } from "express";

/**
 * Unread request bodies up to this size are read to the end and dropped, keeping the connection.
 * Above the largest form or JSON anyone sends by mistake: an integrator's 2 MB body refused with
 * 413 must get the 413, and on a busy server the answer goes before the client has sent it all.
 */
const DRAINABLE_BODY_BYTES = 4 * 1024 * 1024;

/**
 * How long a connection closed after its answer still takes (and drops) what its client sends,
 * as nginx's lingering close does: a client that is still sending its large body reads the answer
 * instead of a reset. Closing a socket with unread data sends a reset (RST), and the client's
 * system may throw the answer away with it before the client read it.
 */
const LINGER_MS = 5_000;

/**
 * The app may answer before reading the whole request body: a redirect to sign in, a sign-out
 * that ignores its form, a 413 for an oversized upload refused while it streams in. Closing the
 * connection at once would cut off a client still sending its body (EPIPE, "fetch failed"), so a
 * small remainder is read to the end and dropped and the connection stays open. A large or
 * unknown remainder is not worth the bandwidth: the answer says `Connection: close`, which keeps
 * the client from sending its next request down a connection about to close, and the connection
 * lingers: after the answer it is half-closed, what still comes is read and dropped for LINGER_MS
 * at most, and it closes when the client has sent all and closes its side, or at that bound.
 */
export const closeUnreadRequests: RequestHandler = (req, res, next) => {
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if (!hasBody) return next();
  const declared = Number(req.headers["content-length"]);
  const drainable = Number.isFinite(declared) && declared <= DRAINABLE_BODY_BYTES;
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (!req.complete && !drainable) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as typeof writeHead;
  if (drainable) res.on("finish", () => dropRestOfBody(req));
  else lingerBeforeClosing(req.socket);
  next();
};

/**
 * Node's server ends a `Connection: close` answer's socket with destroySoon(): end our side, then
 * destroy the socket as soon as that is flushed, with the client's body still arriving. This
 * socket's destroySoon instead ends our side only (the server sockets allow half-open), keeps
 * dropping what arrives (the server drops a body nobody read), and destroys the socket after
 * LINGER_MS if the client has not closed its side by then.
 */
function lingerBeforeClosing(socket: Socket) {
  socket.destroySoon = function (this: Socket) {
    if (this.writable) this.end();
    if (this.readableEnded || this.destroyed) return;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}

/** The app's body stream paused the request when nobody read it; its listener goes, and the rest flows to nowhere. */
function dropRestOfBody(req: Parameters<RequestHandler>[0]) {
  if (req.complete) return;
  req.removeAllListeners("data");
  req.resume();
}
