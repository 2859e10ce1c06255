import { describe, expect, it } from "vitest";
import { readBodyWithin } from "~/http/request-body.server";

/** A body of `size` bytes in 10-byte chunks that counts how many bytes were pulled from it. */
function countedRequest(size: number, declare = true) {
  const counter = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(10, size - counter.pulled));
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const headers = declare ? { "Content-Length": String(size) } : undefined;
  return {
    request: new Request("http://localhost/x", { method: "PUT", body, headers, duplex: "half" } as RequestInit),
    counter,
  };
}

describe("readBodyWithin", () => {
  it("answers the bytes of a body within the limit", async () => {
    const { request } = countedRequest(100);
    expect((await readBodyWithin(request, 100))?.byteLength).toBe(100);
  });

  it("reads a body a little over the limit to its end before refusing it, so the client can read the refusal", async () => {
    const declared = countedRequest(150);
    expect(await readBodyWithin(declared.request, 100)).toBeNull();
    expect(declared.counter.pulled).toBe(150);
    const undeclared = countedRequest(150, false);
    expect(await readBodyWithin(undeclared.request, 100)).toBeNull();
    expect(undeclared.counter.pulled).toBe(150);
  });

  it("refuses a declared body over twice the limit without reading it, and stops reading an undeclared one there", async () => {
    const declared = countedRequest(1_000);
    expect(await readBodyWithin(declared.request, 100)).toBeNull();
    expect(declared.counter.pulled).toBeLessThanOrEqual(20);
    const undeclared = countedRequest(1_000, false);
    expect(await readBodyWithin(undeclared.request, 100)).toBeNull();
    expect(undeclared.counter.pulled).toBeLessThanOrEqual(230);
  });
});
