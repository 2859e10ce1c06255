import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatDuration, MediaGrid, type MediaView } from "./media-grid";

describe("formatDuration", () => {
  it("shows minutes:seconds", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(9.6)).toBe("0:10");
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(600)).toBe("10:00");
  });
});

function items(count: number, kind = "IMAGE"): MediaView[] {
  return Array.from({ length: count }, (_, i) => ({ id: i + 1, kind, url: `/files/posts/${i}.webp`, thumbUrl: kind === "IMAGE" ? `/files/posts-thumbs/${i}.webp` : null, mimeType: "image/webp", durationSec: kind === "VIDEO" ? 75 : null }));
}

describe("MediaGrid", () => {
  it("shows one item large, links each tile to the full-size file, and puts the rest on a +N tile", () => {
    const one = renderToStaticMarkup(createElement(MediaGrid, { media: items(1), label: "a sale" }));
    expect(one).toContain("grid-cols-1");
    expect(one).toContain('href="/files/posts/0.webp"');
    expect(one).toContain('src="/files/posts-thumbs/0.webp"');

    const six = renderToStaticMarkup(createElement(MediaGrid, { media: items(6), label: "a sale" }));
    expect(six.match(/<li/g)).toHaveLength(4);
    expect(six).toContain(">+2<");

    const video = renderToStaticMarkup(createElement(MediaGrid, { media: items(1, "VIDEO"), label: "a demo" }));
    expect(video).toContain(">1:15<");
    expect(renderToStaticMarkup(createElement(MediaGrid, { media: [], label: "x" }))).toBe("");
  });
});
