import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { seemsOnline } from "~/browser/connection";
import { isFailedRequest } from "~/lib/failed-request";
import { useRootData } from "~/browser/root-data";
import { keepForLater, postBodyFromForm, type QueuedSubmission, type WaitingFile } from "~/browser/send-queue";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { CONFIRM_CREDIT_FIELD } from "~/lib/ledger";
import { useT } from "~/browser/i18n";
import type { Translate } from "~/locales/namespaces";
import { postTypeLabel } from "./post-type-labels";

/** The post as it waits on the phone: the /api body, sent later with the form's key (its label in the reader's language). */
function waitingPost(
  t: Translate,
  formData: FormData,
  userId: number,
  key: string,
  files: WaitingFile[],
): QueuedSubmission {
  const label = postTypeLabel(t, String(formData.get("type")));
  const description = String(formData.get("text") ?? "").trim();
  return {
    key,
    userId,
    kind: "post",
    url: "/api/posts",
    // The officer's "Post anyway" was asked before the post was kept: /api asks no confirmation.
    body: postBodyFromForm(formData, [SUBMISSION_KEY_FIELD, CONFIRM_CREDIT_FIELD]),
    label: description ? `${label}: ${description}` : label,
    createdAt: Date.now(),
    ...(files.length > 0 ? { files } : {}),
  };
}

/**
 * The new-post form's submission key and its way offline: online, a post is sent as the form;
 * offline, or when its request fails on the way, it waits on the phone with the same key and is
 * sent when the connection returns, so a retry can never make a second copy of a post that did
 * reach the server. A post the server answered with an error (a 500) stays on the form, with the
 * error and the same key: the officer decides to send it again, nothing sends it by itself.
 * A post with files that could not be uploaded (no connection when they were chosen) waits on the
 * phone with them, online or not: the queue uploads them first, so it is never sent without them.
 */
export function useOfflineSubmission(initialKey: string, answer: unknown, renewedKey: string | undefined) {
  const userId = useRootData()?.user?.id;
  const t = useT();
  const [submissionKey, setSubmissionKey] = useState(renewedKey ?? initialKey);
  const inFlight = useRef<QueuedSubmission>(undefined);
  const [queued, setQueued] = useState<false | { files: number }>(false);
  const [notKept, setNotKept] = useState(false);

  const keepOnPhone = useCallback(async (post: QueuedSubmission) => {
    try {
      await keepForLater(post);
    } catch {
      setNotKept(true);
      return;
    }
    setSubmissionKey(newSubmissionKey());
    setNotKept(false);
    setQueued({ files: post.files?.length ?? 0 });
  }, []);

  // A page from the phone's saved copy (the service worker's notice at its top) carries the key the
  // copy was made with, which an earlier post from the same copy may hold in the send queue, where
  // a second post under it would replace the first: such a page makes a key of its own.
  useEffect(() => {
    if (document.querySelector("[data-saved-copy]")) setSubmissionKey(newSubmissionKey());
  }, []);

  // The server refused the post and sent a new key for the next try.
  useEffect(() => {
    if (renewedKey) setSubmissionKey(renewedKey);
  }, [renewedKey]);

  // An answer came: nothing is in flight; if it says the request failed on the way, the post waits.
  useEffect(() => {
    const post = inFlight.current;
    inFlight.current = undefined;
    if (post && isFailedRequest(answer) && !answer.answered) void keepOnPhone(post);
  }, [answer, keepOnPhone]);

  return {
    submissionKey,
    queued,
    /** The phone could not keep the post, or the server answered it with an error (not kept). */
    error: notKept ? t("posts:form.notKept") : isFailedRequest(answer) && answer.answered ? answer.error : undefined,
    /** For the form's submit (after its validation passed): offline, the post is kept and the form's request never goes. */
    onSubmit(event: FormEvent, formData: FormData, files: WaitingFile[] = []) {
      if (userId === undefined) return;
      const post = waitingPost(t, formData, userId, submissionKey, files);
      if (seemsOnline() && files.length === 0) {
        inFlight.current = post;
        return;
      }
      event.preventDefault();
      void keepOnPhone(post);
    },
    /** Back to an empty form after the notice. */
    writeAnother: () => setQueued(false),
  };
}
