import { ImportHelp } from "~/components/dealers/import-help";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { connectionFailed, connectionWorks } from "~/browser/connection";
import { FILE_TOO_LARGE, hasExcelName, IMPORT_MAX_BYTES, NOT_EXCEL } from "~/lib/dealer-import";
import { showNotice } from "~/browser/notices";
import { withinPatience } from "~/browser/request-guard";
import { comeBackAfterSignIn } from "~/browser/request-json";
import { ImportResults, type ImportResultView } from "./import-results";
import { Icon } from "~/components/icon";
import { RichMessage, useT } from "~/browser/i18n";
import type { MessageKey, Translate } from "~/locales/namespaces";

type Step =
  | { name: "select"; error?: { title: string; message: string } }
  | { name: "uploading"; progress: number }
  | { name: "ready"; uploadId: string; fileName: string; error?: { title: string; message: string } }
  | { name: "importing"; fileName: string }
  | { name: "results"; result: ImportResultView };

async function errorText(t: Translate, status: number, statusText: string, body: string): Promise<string> {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return parsed.error;
  } catch {
    // not JSON
  }
  return t("dealers:import.uploadFailedStatus", { status: statusText || status });
}

/** Uploads the file with progress; `signal` stops it (then it reports nothing more). */
function upload(t: Translate, file: File, onProgress: (percent: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    signal.addEventListener("abort", () => request.abort());
    request.open("POST", "/api/upload");
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = async () => {
      if (request.status === 502 || request.status === 503 || request.status === 504) connectionFailed();
      else connectionWorks();
      // The session expired: sign in, then back to the directory (the file is chosen again).
      if (request.status === 401) return comeBackAfterSignIn();
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve((JSON.parse(request.responseText) as { uploadId: string }).uploadId);
        } catch {
          reject(new Error(t("dealers:import.uploadFailedUnreadable")));
        }
      } else {
        reject(new Error(await errorText(t, request.status, request.statusText, request.responseText)));
      }
    };
    request.onerror = () => {
      connectionFailed();
      reject(new Error(t("dealers:import.uploadFailedNetwork")));
    };
    const body = new FormData();
    body.append("file", file);
    request.send(body);
  });
}

/** The directory's import dialog: select a file, upload it (with progress), import, results. */
const STEPS: readonly MessageKey[] = [
  "dealers:import.stepSelect",
  "dealers:import.stepUpload",
  "dealers:import.stepImport",
];

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>({ name: "select" });

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  function close() {
    dialog.current?.close();
    if (step.name === "results") void revalidator.revalidate();
    onClose();
  }

  async function startUpload() {
    const file = input.current?.files?.[0];
    if (!file || !hasExcelName(file.name)) {
      setStep({ name: "select", error: { title: t("dealers:import.invalidFileType"), message: t(NOT_EXCEL) } });
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setStep({ name: "select", error: { title: t("dealers:import.fileTooLarge"), message: t(FILE_TOO_LARGE) } });
      return;
    }
    setStep({ name: "uploading", progress: 0 });
    const stop = new AbortController();
    try {
      const uploadId = await withinPatience(
        upload(t, file, (progress) => setStep({ name: "uploading", progress }), stop.signal),
      );
      setStep({ name: "ready", uploadId, fileName: file.name });
      showNotice({
        type: "success",
        title: t("dealers:import.uploadSuccessTitle"),
        description: t("dealers:import.uploadSuccessDescription"),
      });
    } catch (error) {
      // No answer within the officer's patience: the upload stops, and can be tried again.
      stop.abort();
      const message = (error instanceof Error && error.message) || t("dealers:import.uploadFailedNoAnswer");
      setStep({ name: "select", error: { title: t("dealers:import.uploadFailedTitle"), message } });
    }
  }

  async function startImport(uploadId: string, fileName: string) {
    setStep({ name: "importing", fileName });
    const failed = (message = t("common:failed.importDealers")) =>
      setStep({ name: "ready", uploadId, fileName, error: { title: t("dealers:import.importFailed"), message } });
    let response: Response;
    try {
      response = await withinPatience(
        fetch("/api/dealers/import", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ uploadId }),
        }),
      );
    } catch {
      // Dropped, or no answer within the officer's patience.
      connectionFailed();
      return failed();
    }
    const body = (await response.json().catch(() => ({}))) as ImportResultView & { error?: string };
    if (response.status === 502 || response.status === 503 || response.status === 504) connectionFailed();
    else connectionWorks();
    if (response.status === 401) return comeBackAfterSignIn();
    // Our own refusals (a missing upload, a bad file) say what went wrong; a server error does not.
    if (!response.ok) return failed(response.status < 500 ? body.error : undefined);
    setStep({ name: "results", result: body });
  }

  const stepNumber = { select: 1, uploading: 2, ready: 3, importing: 3, results: 3 }[step.name];
  const error = "error" in step ? step.error : undefined;

  return (
    <dialog
      ref={dialog}
      aria-labelledby="import-dialog-title"
      className="m-auto w-[calc(100%-1.5rem)] max-w-md rounded-xl bg-white p-0 shadow-xl backdrop:bg-black/40"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="space-y-4 p-4">
        <div className="flex items-center gap-2">
          <h2 id="import-dialog-title" className="flex-1 text-lg font-semibold">
            {t("dealers:import.title")}
          </h2>
          <button type="button" className="btn-ghost px-2" aria-label={t("dealers:import.close")} onClick={close}>
            <Icon name="x" size={20} />
          </button>
        </div>
        {step.name !== "results" ? (
          <ol className="grid grid-cols-3 gap-1 text-center text-xs" aria-label={t("dealers:import.steps")}>
            {STEPS.map((label, index) => (
              <li
                key={label}
                aria-current={stepNumber === index + 1 ? "step" : undefined}
                className={`rounded-md py-1 ${stepNumber === index + 1 ? "bg-accent-9 text-white" : stepNumber > index + 1 ? "bg-accent-3" : "bg-gray-3"}`}
              >
                {index + 1}. {t(label)}
              </li>
            ))}
          </ol>
        ) : null}

        {error ? (
          <div role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
            <p className="font-semibold">{error.title}</p>
            <p>{error.message}</p>
          </div>
        ) : null}

        {/* The file stays chosen while it uploads, and after an upload that failed. */}
        {step.name === "select" || step.name === "uploading" ? (
          <div className="space-y-3">
            <ImportHelp />
            <label htmlFor="import-dialog-file" className="field-label">
              {t("dealers:import.spreadsheet")}
            </label>
            <input ref={input} id="import-dialog-file" type="file" accept=".xlsx,.xls" className="field-input py-2" />
            <button
              type="button"
              className="btn-primary w-full"
              disabled={step.name === "uploading"}
              onClick={() => void startUpload()}
            >
              <Icon name="file-spreadsheet" size={18} />
              {t("dealers:import.stepUpload")}
            </button>
          </div>
        ) : null}

        {step.name === "uploading" ? (
          <div className="space-y-2">
            <p>{t("dealers:import.uploadingProgress", { progress: step.progress })}</p>
            <progress
              value={step.progress}
              max={100}
              className="w-full"
              aria-label={t("dealers:import.uploadProgress")}
            />
          </div>
        ) : null}

        {step.name === "ready" || step.name === "importing" ? (
          <div className="space-y-3">
            <p>
              <RichMessage
                id="dealers:import.uploaded"
                values={{ fileName: step.fileName }}
                components={{ 0: <bdi className="font-medium" /> }}
              />
            </p>
            <button
              type="button"
              className="btn-primary w-full"
              disabled={step.name === "importing"}
              onClick={() => step.name === "ready" && void startImport(step.uploadId, step.fileName)}
            >
              {step.name === "importing" ? t("dealers:import.importing") : t("dealers:import.title")}
            </button>
          </div>
        ) : null}

        {step.name === "results" ? (
          <div className="space-y-3">
            <ImportResults result={step.result} errorLimit={10} />
            <div className="grid grid-cols-2 gap-2">
              <button type="button" className="btn-secondary" onClick={() => setStep({ name: "select" })}>
                {t("dealers:import.another")}
              </button>
              <button type="button" className="btn-primary" onClick={close}>
                {t("dealers:import.close")}
              </button>
            </div>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
