import { useCallback, useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useOnline } from "~/browser/connection";
import { discard, listWaiting, sendWaiting, type QueuedSubmission, type WaitingFile } from "~/browser/send-queue";
import { rememberQueueEmpty, SEND_QUEUE_CHANGED } from "~/browser/send-queue-marks";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";

const RETRY_MS = 30_000;

/**
 * Held at the foot of the screen, above the tabs (JavaScript only): says when the phone is offline,
 * lists the posts and comments waiting on it, and sends them when the connection returns (also at
 * start, every 30 seconds while some wait, and on "Send now").
 */
export function SendQueueStatus({ userId }: { userId: number }) {
  const online = useOnline();
  const t = useT();
  const [waiting, setWaiting] = useState<QueuedSubmission[]>([]);
  const { revalidate } = useRevalidator();

  const refresh = useCallback(() => {
    listWaiting(userId).then(
      (items) => {
        setWaiting(items);
        rememberQueueEmpty(userId, items.length === 0);
      },
      () => setWaiting([]),
    );
  }, [userId]);

  const flush = useCallback(async () => {
    const sent = await sendWaiting(userId).catch(() => 0);
    if (sent > 0) await revalidate();
  }, [userId, revalidate]);

  useEffect(() => {
    refresh();
    window.addEventListener(SEND_QUEUE_CHANGED, refresh);
    return () => window.removeEventListener(SEND_QUEUE_CHANGED, refresh);
  }, [refresh]);

  const pending = waiting.filter((item) => !item.error).length;
  useEffect(() => {
    if (!online || pending === 0) return;
    void flush();
    const timer = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(timer);
  }, [online, pending, flush]);

  if (online && waiting.length === 0) return null;
  return (
    // In the page's flow after its content, so appearing shifts nothing; sticky, so it stays in view.
    <section
      aria-label={t("common:queue.label")}
      className="sticky bottom-[calc(3.5rem+env(safe-area-inset-bottom))] z-20 mx-auto w-full max-w-2xl px-3 pb-2"
    >
      <div
        role="status"
        className="max-h-[50dvh] overflow-auto rounded-xl border border-gray-6 bg-gray-2 p-3 text-sm shadow-lg"
      >
        {online ? null : (
          <p className="flex items-center gap-2 font-semibold">
            <Icon name="cloud-off" size={16} /> {t("common:queue.offline")}
          </p>
        )}
        {waiting.length > 0 ? (
          // Open offline, and whenever the server refused something: the officer sees why it stays.
          <details open={!online || waiting.length > pending} className={online ? "" : "mt-2"}>
            <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
              <Icon name="clock" size={16} />{" "}
              {waiting.length > pending
                ? t("common:queue.waitingNotSent", { pending, failed: waiting.length - pending })
                : t("common:queue.waiting", { pending })}
            </summary>

            <ul aria-label={t("common:queue.listLabel")} className="mt-2 space-y-1">
              {waiting.map((item) => (
                <li key={item.key} data-testid="waiting-item" className="flex items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block truncate">{item.label}</span>
                    {item.files?.length ? <WaitingPhotos files={item.files} /> : null}
                    {item.error ? (
                      <span className="block text-danger-11">{t("common:queue.notSent", { error: item.error })}</span>
                    ) : null}
                  </span>
                  {item.error ? (
                    <button type="button" className="btn-ghost px-2 text-sm" onClick={() => void discard(item.key)}>
                      {t("common:queue.discard")}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
        {pending > 0 ? (
          <button type="button" className="btn-secondary mt-2 min-h-11 px-3 text-sm" onClick={() => void flush()}>
            {t("common:queue.sendNow")}
          </button>
        ) : null}
      </div>
    </section>
  );
}

/** A waiting post's files, as small pictures from the phone's copies, and how many there are. */
function WaitingPhotos({ files }: { files: WaitingFile[] }) {
  const t = useT();
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => {
    const urls = files.map((file) => (file.kind === "IMAGE" ? URL.createObjectURL(file.blob) : ""));
    setPreviews(urls);
    return () => urls.forEach((url) => url && URL.revokeObjectURL(url));
  }, [files]);
  const photos = files.filter((file) => file.kind === "IMAGE").length;
  const videos = files.length - photos;
  const withFiles =
    photos && videos
      ? t("common:queue.withPhotosAndVideos", { photos, videos })
      : photos
        ? t("common:queue.withPhotos", { photos })
        : t("common:queue.withVideos", { videos });
  return (
    <span className="mt-1 flex items-center gap-1 text-gray-11">
      {previews.map((url, index) =>
        url ? <img key={url} src={url} alt="" className="size-8 rounded object-cover" /> : <span key={index} />,
      )}
      <span>{withFiles}</span>
    </span>
  );
}
