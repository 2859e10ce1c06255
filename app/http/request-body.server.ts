/**
 * The most a form or JSON body may carry (multipart uploads have limits of their own). Page forms
 * and /api bodies are small: the longest text field takes 1,000 characters, so 100 KB is far beyond
 * any real submission while a hostile one can cost no more than that in memory.
 */
export const BODY_MAX_BYTES = 100_000;
export const BODY_TOO_LARGE = "Request body is too large";

/**
 * A body at most this much over its limit is read to the end (and dropped) before the refusal
 * is sent, so the client, still sending, gets the 413 instead of a broken connection. A bigger
 * one is refused at once and its connection closed (server/close-unread-requests.ts).
 */
const DRAIN_OVER_LIMIT = 2;

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<void> {
  let read = 0;
  while (read <= budget) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
  }
  await reader.cancel();
}

/**
 * Reads a request body up to `limit` bytes; answers null when there are more (or the
 * Content-Length says so), without keeping the rest in memory.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > limit * DRAIN_OVER_LIMIT) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  if (declared > limit) {
    await drain(reader, declared);
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, limit * DRAIN_OVER_LIMIT - size);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
