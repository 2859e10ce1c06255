import { Play, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/hydrated";

export type MediaView = {
  id: number;
  kind: string;
  url: string;
  thumbUrl: string | null;
  mimeType: string;
  durationSec: number | null;
};

/** 75 -> "1:15" (part-1 §2: video duration as minutes:seconds). */
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
  const hydrated = useHydrated();
  const [open, setOpen] = useState<number | null>(null);
  if (media.length === 0) return null;
  const tiles = media.slice(0, MAX_TILES);
  const overflow = media.length - MAX_TILES;
  const single = media.length === 1;
  return (
    <>
      <ul aria-label={`Media of ${label}`} className={`mt-3 grid gap-1 overflow-hidden rounded-lg ${single ? "grid-cols-1" : "grid-cols-2"}`}>
        {tiles.map((item, index) => {
          const more = index === MAX_TILES - 1 && overflow > 0 ? overflow : 0;
          return (
            <li key={item.id} className="relative">
              <a
                href={item.url}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setOpen(index);
                }}
                aria-label={`Open ${item.kind === "VIDEO" ? "video" : "photo"} ${index + 1} of ${media.length} full size`}
                className={`block overflow-hidden bg-gray-4 ${single ? "max-h-96" : "aspect-square"}`}
              >
                {item.kind === "VIDEO" ? (
                  <span className="flex size-full min-h-40 items-center justify-center bg-gray-12 text-white">
                    <Play size={36} aria-hidden />
                  </span>
                ) : (
                  <img
                    src={item.thumbUrl ?? item.url}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className={`size-full ${single ? "max-h-96 object-contain" : "object-cover"}`}
                  />
                )}
                {item.kind === "VIDEO" && item.durationSec !== null ? (
                  <span className="absolute right-1 bottom-1 rounded bg-black/70 px-1.5 text-xs text-white" data-testid="video-duration">
                    {formatDuration(item.durationSec)}
                  </span>
                ) : null}
                {more > 0 ? (
                  <span className="absolute inset-0 flex items-center justify-center bg-black/55 text-2xl font-semibold text-white">+{more}</span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
      {open !== null && media[open] ? <MediaViewer item={media[open]} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function MediaViewer({ item, onClose }: { item: MediaView; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label="Full-size media"
      onClose={onClose}
      className="m-auto max-h-dvh max-w-full bg-transparent p-0 backdrop:bg-black/85"
    >
      <div className="relative">
        {item.kind === "VIDEO" ? (
          <video src={item.url} controls autoPlay className="max-h-[90dvh] max-w-full" />
        ) : (
          <img src={item.url} alt="" className="max-h-[90dvh] max-w-full object-contain" />
        )}
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="absolute top-2 right-2 rounded-full bg-black/70 p-2 text-white"
          aria-label="Close"
        >
          <X size={20} aria-hidden />
        </button>
      </div>
    </dialog>
  );
}
