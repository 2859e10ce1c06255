import { setupI18n } from "@lingui/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "~/lib/languages";
import { compiledMessages } from "~/locales/catalogs.server";
import { WithWords } from "~/browser/i18n";
import { formatDuration, MediaGrid, photoAttributes, type MediaView } from "./media-grid";

/** The grid's markup as a page renders it, with the posts' words in `language` (English unless told). */
function renderGrid(props: { media: MediaView[]; label: string }, language: Language = "en"): string {
  const i18n = setupI18n({ locale: language, messages: { [language]: compiledMessages(language, ["posts"]) } });
  return renderToStaticMarkup(createElement(WithWords, { i18n, children: createElement(MediaGrid, props) }));
}

describe("formatDuration", () => {
  it("shows minutes:seconds", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(9.6)).toBe("0:10");
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(600)).toBe("10:00");
  });
});

function items(count: number, kind = "IMAGE"): MediaView[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    kind,
    url: `/files/posts/${i}.webp`,
    thumbUrl: kind === "IMAGE" ? `/files/posts-thumbs/${i}.webp` : null,
    mimeType: "image/webp",
    durationSec: kind === "VIDEO" ? 75 : null,
  }));
}

describe("MediaGrid", () => {
  it("shows one item large, links each tile to the full-size file, and puts the rest on a +N tile", () => {
    const one = renderGrid({ media: items(1), label: "a sale" });
    expect(one).toContain("grid-cols-1");
    expect(one).toContain('href="/files/posts/0.webp"');
    expect(one).toContain('src="/files/posts-thumbs/0.webp"');

    const six = renderGrid({ media: items(6), label: "a sale" });
    expect(six.match(/<li/g)).toHaveLength(4);
    expect(six).toContain(">+2<");

    const video = renderGrid({ media: items(1, "VIDEO"), label: "a demo" });
    expect(video).toContain(">1:15<");
    expect(renderGrid({ media: [], label: "x" })).toBe("");
  });

  it("names the grid and its tiles in the reader's language", () => {
    expect(renderGrid({ media: items(2), label: "Ali's Sale" })).toContain('aria-label="Open photo 2 of 2 full size"');
    const urdu = renderGrid({ media: items(2, "VIDEO"), label: "Ali کی سیل" }, "ur");
    expect(urdu).toContain('aria-label="Ali کی سیل کی تصاویر اور ویڈیوز"');
    expect(urdu).toContain('aria-label="2 میں سے ویڈیو 2 پوری دیکھیں"');
  });
});

describe("photoAttributes", () => {
  const photo = {
    id: 1,
    kind: "IMAGE",
    url: "/files/posts/a.webp",
    thumbUrl: "/files/posts-thumbs/a.webp",
    mimeType: "image/webp",
    durationSec: null,
    width: 1600,
    height: 1200,
  };

  it("offers the thumbnail and the full size by width, and keeps the photo's place", () => {
    expect(photoAttributes(photo, false)).toEqual({
      src: "/files/posts-thumbs/a.webp",
      srcSet: "/files/posts-thumbs/a.webp 400w, /files/posts/a.webp 1600w",
      sizes: "(min-width: 42rem) 21rem, 50vw",
      width: 1600,
      height: 1200,
    });
    const html = renderGrid({ media: [photo], label: "a sale" });
    expect(html).toContain('srcSet="/files/posts-thumbs/a.webp 400w, /files/posts/a.webp 1600w"');
    expect(html).toContain('sizes="(min-width: 42rem) 42rem, 100vw"');
    expect(html).toContain('width="1600" height="1200"');
    expect(html).toContain('loading="lazy"');
  });

  it("scales a portrait photo by its long edge and leaves out what it does not know", () => {
    expect(photoAttributes({ ...photo, width: 900, height: 1800 }, true)).toMatchObject({
      srcSet: "/files/posts-thumbs/a.webp 200w, /files/posts/a.webp 800w",
      width: 800,
      height: 1600,
    });
    expect(photoAttributes({ ...photo, width: 300, height: 200 }, true)).toMatchObject({
      srcSet: undefined,
      width: 300,
      height: 200,
    });
    expect(photoAttributes({ ...photo, width: null, height: null }, true)).toEqual({
      src: "/files/posts-thumbs/a.webp",
    });
  });
});
