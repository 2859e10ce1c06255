import type http from "node:http";

/** Bytes a dripping answer sends in all: 200 at one every 20 ms, 4 s, far past any test's deadline. */
export const DRIPS = 200;

/**
 * A webhook receiver's answer that drips: 200, then a byte every 20 ms (each well within a
 * deadline); it stops once the caller hangs up. `drips()` counts the bytes it sent.
 */
export function drippingAnswer() {
  let drips = 0;
  const answer = (response: http.ServerResponse) => {
    response.writeHead(200, { "Content-Type": "text/plain" });
    const timer = setInterval(() => {
      if (response.destroyed) return clearInterval(timer);
      response.write(".");
      if (++drips === DRIPS) {
        clearInterval(timer);
        response.end();
      }
    }, 20);
  };
  return { answer, drips: () => drips };
}
