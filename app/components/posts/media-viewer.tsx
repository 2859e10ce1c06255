import { useEffect, useRef } from "react";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";

/** What the viewer shows: a photo or a video, at its address. */
type ViewedMedia = { kind: string; url: string };

export default function MediaViewer({ item, onClose }: { item: ViewedMedia; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={t("posts:media.viewer")}
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
          className="absolute end-2 top-2 rounded-full bg-black/70 p-2 text-white"
          aria-label={t("posts:media.close")}
        >
          <Icon name="x" size={20} />
        </button>
      </div>
    </dialog>
  );
}
