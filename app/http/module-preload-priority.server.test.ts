import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preload-priority.server";

const head = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/></head>';
const body = '<body><p>Ünïcödé — <link rel="modulepreload" href="/in-body.js"/></p></body></html>';

/** Sends `document` through the transform cut into chunks of `size` bytes. */
async function through(document: string, size: number): Promise<string> {
  const bytes = Buffer.from(document, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe("lowPriorityModulePreloads", () => {
  it("asks for low priority on every module preload of the head, and leaves the body as it was", async () => {
    const expected = head.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"') + body;
    expect(await through(head + body, 1 << 16)).toBe(expected);
  });

  it("gives the same document whatever chunks it comes in, even cut inside a tag or a character", async () => {
    const expected = await through(head + body, 1 << 16);
    for (const size of [1, 2, 3, 7, 13, 24, 25, 26, 64]) expect(await through(head + body, size), `chunks of ${size}`).toBe(expected);
  });

  it("passes a document without a head end through whole", async () => {
    expect(await through('<link rel="modulepreload" href="/x.js"/><link rel="modu', 10)).toBe('<link rel="modulepreload" fetchpriority="low" href="/x.js"/><link rel="modu');
  });
});
