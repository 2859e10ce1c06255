import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FieldErrors } from "~/components/forms";
import { UploadStatus } from "~/components/upload-status";
import { preparePhoto } from "~/browser/prepare-photo";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { DEALER_IMAGE_MAX_BYTES, IMAGE_TOO_LARGE, INVALID_IMAGE } from "~/models/dealer.schema";
import { useT } from "~/browser/i18n";

/**
 * A photo upload of the dealer's page (the profile picture or a gallery photo), told apart by
 * its `intent`. The file's type and size are checked as it is chosen; the server checks again.
 * An upload that adds (the gallery's) carries `submissionKey`, so a retry adds it once. With
 * JavaScript the chosen photo is made smaller on the phone first and takes its place in the input.
 */
export function ImageForm({
  intent,
  label,
  button,
  submissionKey,
  errors: answered,
}: {
  intent: string;
  label: string;
  button: string;
  submissionKey?: string;
  errors: string[] | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  /** The chosen photo while it is made smaller. */
  const [preparing, setPreparing] = useState<File | null>(null);
  // A tap on the button while the photo is made smaller sends it once it is ready: on a slow phone
  // that takes seconds, and a tap on a disabled button would be lost without a word.
  const [sendWhenReady, setSendWhenReady] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!sendWhenReady || preparing) return;
    setSendWhenReady(false);
    form.current?.requestSubmit();
  }, [sendWhenReady, preparing]);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const progress = useSimulatedProgress(busy);
  const inputId = `${intent}-file`;
  const errors = clientError ? [clientError] : answered;
  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="space-y-2"
      onSubmit={(event) => {
        if (clientError) return event.preventDefault();
        if (preparing) {
          event.preventDefault();
          setSendWhenReady(true);
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {submissionKey ? <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} /> : null}
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        name="image"
        accept="image/jpeg,image/png,image/webp"
        required
        className="field-input py-2"
        aria-describedby={errors ? `${inputId}-error` : undefined}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (!file) return setClientError(null);
          if (!file.type.startsWith("image/")) return setClientError(INVALID_IMAGE);
          if (file.size > DEALER_IMAGE_MAX_BYTES) return setClientError(IMAGE_TOO_LARGE);
          setClientError(null);
          setPreparing(file);
          void preparePhoto(file)
            .then((photo) => {
              // Still the chosen file (not another chosen meanwhile): the smaller photo takes its place.
              if (photo === file || input.files?.[0] !== file) return;
              const chosen = new DataTransfer();
              chosen.items.add(photo);
              input.files = chosen.files;
            })
            // A browser without DataTransfer sends the photo as chosen.
            .catch(() => undefined)
            .finally(() => setPreparing((current) => (current === file ? null : current)));
        }}
      />
      <p className="text-xs text-gray-11">{t("dealers:edit.imageHint")}</p>
      <FieldErrors id={`${inputId}-error`} errors={errors} />
      <button type="submit" className="btn-secondary w-full" disabled={busy}>
        {busy ? t("dealers:edit.uploading") : button}
      </button>
      {preparing || progress !== null ? <UploadStatus preparing={preparing !== null} percent={progress ?? 0} /> : null}
    </Form>
  );
}

/** A simulated upload progress: +10 every 100 ms up to 90 while busy, 100 when done, gone after 1 s. */
function useSimulatedProgress(busy: boolean): number | null {
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => {
    if (busy) {
      setProgress(0);
      const timer = setInterval(() => setProgress((value) => Math.min(90, (value ?? 0) + 10)), 100);
      return () => clearInterval(timer);
    }
    setProgress((value) => (value === null ? null : 100));
    const reset = setTimeout(() => setProgress(null), 1000);
    return () => clearTimeout(reset);
  }, [busy]);
  return progress;
}
