import { useState } from "react";
import { useCodeOnTap } from "~/browser/code-on-tap";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";

// The full-size viewer opens on a tap (with JavaScript only): its code loads then.
const loadMediaViewer = () => import("./media-viewer").then((module) => module.default);

export type MediaView = {
  id: number;
  kind: string;
  url: string;
  thumbUrl: string | null;
  mimeType: string;
  durationSec: number | null;
  /** The full-size photo's pixels (null for videos and photos stored before they were kept). */
  width?: number | null;
  height?: number | null;
};

/** The long edge of the thumbnails and of the full-size photos (app/infra/image.server.ts). */
const THUMB_EDGE = 400;
const FULL_EDGE = 1600;

/** The width of a photo whose long edge was scaled down to `edge` (never enlarged). */
function scaledWidth(width: number, height: number, edge: number): number {
  return Math.round(width * Math.min(1, edge / Math.max(width, height)));
}

/**
 * The <img> size attributes of a photo: its thumbnail and full size as a srcset (the phone picks
 * by the tile's width and its pixel density), and its width and height so that the page keeps
 * the photo's place before it arrives.
 */
export function photoAttributes(item: MediaView, single: boolean) {
  const src = item.thumbUrl ?? item.url;
  if (!item.width || !item.height) return { src };
  const thumbWidth = scaledWidth(item.width, item.height, THUMB_EDGE);
  const fullWidth = scaledWidth(item.width, item.height, FULL_EDGE);
  return {
    src,
    srcSet:
      item.thumbUrl && fullWidth > thumbWidth
        ? `${item.thumbUrl} ${thumbWidth}w, ${item.url} ${fullWidth}w`
        : undefined,
    // The feed is one column at most 42rem wide; a grid tile is half of it.
    sizes: single ? "(min-width: 42rem) 42rem, 100vw" : "(min-width: 42rem) 21rem, 50vw",
    width: fullWidth,
    height: Math.round((fullWidth * item.height) / item.width),
  };
}

/** A video's duration as minutes:seconds: 75 -> "1:15". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

const MAX_TILES = 4;

/**
 * One item large; up to four tiles, the fourth with "+N" for the rest. Each tile is a link to
 * the full-size file, so without JavaScript it still opens; with it, a full-size dialog opens.
 */
export function MediaGrid({ media, label }: { media: MediaView[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const viewer = useCodeOnTap(loadMediaViewer);
  const MediaViewer = viewer.code;
  const t = useT();
  if (media.length === 0) return null;
  const tiles = media.slice(0, MAX_TILES);
  const overflow = media.length - MAX_TILES;
  const single = media.length === 1;
  return (
    <>
      <ul
        aria-label={t("posts:media.of", { label })}
        className={`mt-3 grid gap-1 overflow-hidden rounded-lg ${single ? "grid-cols-1" : "grid-cols-2"}`}
      >
        {tiles.map((item, index) => {
          const more = index === MAX_TILES - 1 && overflow > 0 ? overflow : 0;
          return (
            <li key={item.id} className="relative">
              <a
                href={item.url}
                onClick={(event) => {
                  event.preventDefault();
                  viewer.open(item.url, () => setOpen(index));
                }}
                aria-label={t(item.kind === "VIDEO" ? "posts:media.openVideo" : "posts:media.openPhoto", {
                  number: index + 1,
                  count: media.length,
                })}
                className={`block overflow-hidden bg-gray-4 ${single ? "max-h-96" : "aspect-square"}`}
              >
                {item.kind === "VIDEO" ? (
                  <span className="flex size-full min-h-40 items-center justify-center bg-gray-12 text-white">
                    <Icon name="play" size={36} />
                  </span>
                ) : (
                  <img
                    {...photoAttributes(item, single)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className={single ? "mx-auto h-auto max-h-96 w-full object-contain" : "size-full object-cover"}
                  />
                )}
                {item.kind === "VIDEO" && item.durationSec !== null ? (
                  <span
                    className="absolute end-1 bottom-1 rounded bg-black/70 px-1.5 text-xs text-white"
                    data-testid="video-duration"
                  >
                    {formatDuration(item.durationSec)}
                  </span>
                ) : null}
                {more > 0 ? (
                  <span className="absolute inset-0 flex items-center justify-center bg-black/55 text-2xl font-semibold text-white">
                    +{more}
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
      {open !== null && media[open] && MediaViewer ? (
        <MediaViewer item={media[open]} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
