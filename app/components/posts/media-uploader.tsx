import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { FieldErrors } from "~/components/forms";
import { UploadStatus } from "~/components/upload-status";
import { useHydrated } from "~/browser/hydrated";
import { showNotice } from "~/browser/notices";
import { preparePhoto } from "~/browser/prepare-photo";
import { useOnline } from "~/browser/connection";
import { UploadFailed, uploadFile, uploadTarget } from "~/browser/upload";
import type { WaitingFile } from "~/browser/send-queue";
import { FILE_TOO_LARGE, MAX_FILE_BYTES, MAX_FILES, TOO_MANY_FILES, WRONG_FILE_TYPE } from "~/models/post.rules";
import type { KeptFile } from "~/models/post.schema";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";

const ACCEPTED = ["image/jpeg", "image/png", "image/webp", "video/mp4", "video/webm", "video/quicktime"];
const SHOWN_ERRORS = 4;

type Item = {
  key: string;
  name: string;
  kind: "IMAGE" | "VIDEO";
  /** A local copy to show while it uploads; none for a file kept on the server from a refused try. */
  preview?: string;
  progress: number;
  /**
   * A photo is first made smaller on the phone ("preparing"), then sent. Without a connection it
   * waits on the phone ("waiting", `blob` the file to send) and goes with its post.
   */
  state: "preparing" | "uploading" | "done" | "failed" | "waiting";
  blob?: Blob;
  url?: string;
  durationSec?: number;
  error?: string;
};

function videoDuration(file: File): Promise<number | undefined> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const done = (value: number | undefined) => {
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.preload = "metadata";
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : undefined);
    video.onerror = () => done(undefined);
    video.src = url;
  });
}

/**
 * Photos and videos for a post. Without JavaScript: a plain file input sent with the form.
 * With it: each file is checked, uploaded at once to a signed URL with a progress bar, and the
 * form sends only the uploaded URLs. No third-party widget: cheap phones pay for every byte.
 */
type Props = {
  errors?: string[];
  onBusyChange: (busy: boolean) => void;
  /** Files of a refused try, kept on the server: attached again. */
  kept?: KeptFile[];
  /** Files of a refused try that could not be kept: to attach again by hand. */
  lost?: string[];
  /** The files that wait on the phone for a connection, to be kept with the post. */
  onWaitingChange?: (files: WaitingFile[]) => void;
};

/** The hidden fields that send an uploaded (or kept) file with the form, as a reference. */
function MediaReference({
  index,
  url,
  name,
  kind,
  durationSec,
}: {
  index: number;
  url: string;
  name: string;
  kind: string;
  durationSec?: number;
}) {
  return (
    <span hidden>
      <input type="hidden" name={`media[${index}].url`} value={url} />
      <input type="hidden" name={`media[${index}].name`} value={name} />
      <input type="hidden" name={`media[${index}].kind`} value={kind} />
      {durationSec !== undefined ? (
        <input type="hidden" name={`media[${index}].durationSec`} value={durationSec.toFixed(1)} />
      ) : null}
    </span>
  );
}

function LostFiles({ names }: { names?: string[] }) {
  const t = useT();
  if (!names?.length) return null;
  return (
    <p role="alert" className="text-sm text-danger-11">
      {t("posts:media.attachAgain", { names: names.join(t("posts:media.separator")) })}
    </p>
  );
}

export function MediaUploader({ errors, onBusyChange, kept = [], lost, onWaitingChange }: Props) {
  const hydrated = useHydrated();
  const t = useT();
  const [items, setItems] = useState<Item[]>(() =>
    kept.map((file) => ({
      key: file.url,
      name: file.name,
      kind: file.kind,
      progress: 100,
      state: "done",
      url: file.url,
    })),
  );
  const [problems, setProblems] = useState<string[]>([]);
  const [network, setNetwork] = useState<"online" | "offline" | "back" | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const seen = useRef(new Set<string>());

  const busy = items.some((item) => item.state === "preparing" || item.state === "uploading");
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const waitingFiles = items.filter((item) => item.state === "waiting");
  const waitingKeys = waitingFiles.map((item) => item.key).join("\n");
  useEffect(() => {
    onWaitingChange?.(
      waitingFiles.map(({ name, kind, blob, durationSec }) => ({ name, kind, blob: blob!, durationSec })),
    );
    // The list changes only when which files wait changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waitingKeys, onWaitingChange]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offline = () => setNetwork("offline");
    const online = () => {
      setNetwork("back");
      clearTimeout(timer);
      timer = setTimeout(() => setNetwork(null), 3000);
    };
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);

  const update = (key: string, change: Partial<Item>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  async function add(files: File[]) {
    const found: string[] = [];
    const accepted: Array<{ file: File; key: string }> = [];
    let room = MAX_FILES - items.filter((item) => item.state !== "failed").length;
    for (const file of files) {
      const fingerprint = `${file.name}:${file.size}:${file.type}`;
      if (seen.current.has(fingerprint)) {
        found.push(t("posts:media.duplicate", { name: file.name }));
      } else if (!ACCEPTED.includes(file.type)) {
        found.push(t(WRONG_FILE_TYPE));
      } else if (file.size > MAX_FILE_BYTES) {
        found.push(t(FILE_TOO_LARGE, { name: file.name }));
      } else if (room <= 0) {
        found.push(t(TOO_MANY_FILES));
      } else {
        room -= 1;
        seen.current.add(fingerprint);
        accepted.push({ file, key: fingerprint });
      }
    }
    setProblems([...new Set(found)]);
    const fresh = accepted.map(({ file, key }): Item => ({
      key,
      name: file.name,
      kind: file.type.startsWith("video/") ? "VIDEO" : "IMAGE",
      preview: URL.createObjectURL(file),
      progress: 0,
      state: file.type.startsWith("video/") ? "uploading" : "preparing",
    }));
    setItems((current) => [...current, ...fresh]);
    const uploaded = await Promise.all(
      accepted.map(async ({ file, key }) => {
        const video = file.type.startsWith("video/");
        const prepared = video ? Promise.resolve(file) : preparePhoto(file);
        const duration = video ? videoDuration(file) : Promise.resolve(undefined);
        // The signed URL is asked for while the photo is made smaller: one round trip less.
        const target = uploadTarget(file.name);
        target.catch(() => undefined);
        const [sent, durationSec] = await Promise.all([prepared, duration]);
        return send(key, file.name, sent, durationSec, target);
      }),
    );
    const count = uploaded.filter(Boolean).length;
    if (count > 0)
      showNotice({
        type: "success",
        title: t("posts:media.uploaded"),
        description: t("posts:media.uploadedCount", { count }),
      });
  }

  /** Uploads one (prepared) file; without a connection it waits on the phone, to go with the post. */
  async function send(
    key: string,
    name: string,
    file: Blob,
    durationSec: number | undefined,
    target: Promise<string> = uploadTarget(name),
  ): Promise<boolean> {
    try {
      const signed = await target;
      update(key, { state: "uploading" });
      const url = await uploadFile(file, name, signed, (progress) => update(key, { progress }));
      update(key, { state: "done", progress: 100, url, durationSec, blob: undefined });
      return true;
    } catch (error) {
      if (error instanceof UploadFailed && error.later) {
        update(key, { state: "waiting", progress: 0, blob: file, durationSec, error: undefined });
        return false;
      }
      seen.current.delete(key);
      update(key, {
        state: "failed",
        error: error instanceof Error ? error.message : t("posts:media.uploadFailed", { name }),
      });
      return false;
    }
  }

  // The connection is back while still on the form: the waiting files go now.
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    for (const item of waitingFiles) {
      update(item.key, { state: "uploading", progress: 0 });
      void send(item.key, item.name, item.blob!, item.durationSec);
    }
    // Only on the connection's return, not on every change of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online]);

  // Files chosen in the plain input before the scripts arrived: the widget, replacing the input,
  // takes them over and uploads them as if chosen in it.
  const early = useRef<File[]>([]);
  const keepEarlyFiles = useCallback((node: HTMLInputElement | null) => {
    if (!node) return;
    return () => {
      early.current = [...(node.files ?? [])];
    };
  }, []);
  const addEarlyFiles = useEffectEvent(() => {
    const files = early.current.splice(0);
    if (files.length > 0) void add(files);
  });
  useEffect(() => {
    if (hydrated) addEarlyFiles();
  }, [hydrated]);

  function remove(key: string) {
    seen.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
  }

  if (!hydrated) {
    return (
      // Laid out like the enhanced widget below, so the form does not move when React takes over.
      <div className="space-y-2">
        <label htmlFor="post-files" className="field-label">
          {t("posts:media.title")}
        </label>
        {kept.length > 0 ? (
          <>
            {kept.map((file, index) => (
              <MediaReference key={file.url} index={index} url={file.url} name={file.name} kind={file.kind} />
            ))}
            <ul aria-label={t("posts:media.attached")} className="space-y-1 text-sm">
              {kept.map((file) => (
                <li key={file.url} data-testid="attached-file">
                  ✓ {file.name} <span className="text-gray-11">{t("posts:media.attachedMark")}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <LostFiles names={lost} />
        <input
          ref={keepEarlyFiles}
          id="post-files"
          name="files"
          type="file"
          multiple
          accept={ACCEPTED.join(",")}
          className="field-input py-2"
        />
        <p className="text-xs text-gray-11">{t("posts:media.help")}</p>
        <FieldErrors errors={errors} />
      </div>
    );
  }

  const shownProblems = problems.slice(0, SHOWN_ERRORS);
  const hiddenProblems = problems.length - shownProblems.length;
  const done = items.filter((item) => item.state === "done");
  const preparing = items.some((item) => item.state === "preparing");
  const sending = items.filter((item) => item.state === "uploading");
  const sentPercent = Math.round(sending.reduce((sum, item) => sum + item.progress, 0) / (sending.length || 1));
  return (
    <div className="space-y-2" role="group" aria-labelledby="post-files-title">
      <span id="post-files-title" className="field-label">
        {t("posts:media.title")}
      </span>
      {done.map((item, index) => (
        <MediaReference
          key={item.key}
          index={index}
          url={item.url ?? ""}
          name={item.name}
          kind={item.kind}
          durationSec={item.durationSec}
        />
      ))}
      <LostFiles names={lost} />
      {items.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2" aria-label={t("posts:media.attached")}>
          {items.map((item) => (
            <li key={item.key} className="relative overflow-hidden rounded-lg bg-gray-3" data-testid="attached-file">
              {item.preview === undefined ? (
                <span className="flex aspect-square w-full items-center justify-center p-1 text-center text-xs break-all">
                  {item.name}
                </span>
              ) : item.kind === "IMAGE" ? (
                <img src={item.preview} alt={item.name} className="aspect-square w-full object-cover" />
              ) : (
                <video src={item.preview} muted className="aspect-square w-full object-cover" aria-label={item.name} />
              )}
              <div className="absolute inset-x-1 bottom-1">
                {item.state === "failed" ? (
                  <p className="rounded bg-danger-3 px-1 text-xs text-danger-11">{item.error}</p>
                ) : item.state === "waiting" ? (
                  <p className="rounded bg-gray-2 px-1 text-xs text-gray-12">{t("posts:media.waiting")}</p>
                ) : (
                  <progress
                    className="h-1.5 w-full"
                    max={100}
                    value={item.progress}
                    aria-label={t("posts:media.progress", { name: item.name })}
                  >
                    {item.progress}%
                  </progress>
                )}
              </div>
              <button
                type="button"
                onClick={() => remove(item.key)}
                className="absolute end-1 top-1 rounded-full bg-black/60 p-1 text-white"
                aria-label={t("posts:form.removeNamed", { name: item.name })}
              >
                <Icon name="trash" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id="post-files"
        type="file"
        multiple
        accept={ACCEPTED.join(",")}
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          void add(files);
        }}
      />
      <label htmlFor="post-files" className="btn-secondary w-full cursor-pointer">
        <Icon name="image-plus" size={18} /> {t("posts:media.add")}
      </label>
      {preparing || sending.length > 0 ? <UploadStatus preparing={preparing} percent={sentPercent} /> : null}
      <p className="text-xs text-gray-11">{t("posts:media.help")}</p>
      {network === "offline" ? (
        <p role="alert" className="text-sm text-danger-11">
          {t("posts:media.offline")}
        </p>
      ) : network === "back" ? (
        <p role="status" className="text-sm text-accent-11">
          {t("posts:media.online")}
        </p>
      ) : null}
      {shownProblems.length ? (
        <div role="alert" className="space-y-0.5 text-sm text-danger-11">
          {shownProblems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
          {hiddenProblems > 0 ? <p>{t("posts:media.moreProblems", { count: hiddenProblems })}</p> : null}
        </div>
      ) : null}
      <FieldErrors errors={errors} />
    </div>
  );
}
