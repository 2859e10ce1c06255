import { useEffect, useState, type FormEvent } from "react";
import { isRouteErrorResponse } from "react-router";
import { POST_TYPE_LABELS, type PostType } from "~/lib/post-types";
import { useRootData } from "~/lib/root-data";
import { keepForLater, postBodyFromForm, type QueuedSubmission } from "~/lib/send-queue";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/lib/submission-key";

const NOT_KEPT = "This phone could not keep the post while offline. Please try again when you are connected.";

/** The post as it waits on the phone: the /api body, sent later with the form's key. */
function waitingPost(formData: FormData, userId: number, key: string): QueuedSubmission {
  const label = POST_TYPE_LABELS[String(formData.get("type")) as PostType];
  const description = String(formData.get("text") ?? "").trim();
  return {
    key,
    userId,
    kind: "post",
    url: "/api/posts",
    body: postBodyFromForm(formData, [SUBMISSION_KEY_FIELD]),
    label: description ? `${label}: ${description}` : label,
    createdAt: Date.now(),
  };
}

/**
 * The post submitted online, until its answer comes. When the request fails on the way (a flaky
 * network), React Router unmounts the page and shows its error boundary, and the page's state
 * goes with it; so the post waits here, outside React, where `useRecoveredPost` (in the boundary)
 * finds it and keeps it on the phone with the same key: the send queue's retry can never make a
 * second copy of a post that did reach the server. Only the two hooks of this module touch it.
 */
let inFlight: QueuedSubmission | undefined;

/**
 * The new-post form's submission key and its way offline: online, a post is sent as the form
 * (and remembered until its answer comes); offline, it waits on the phone and is sent when the
 * connection returns, and the page says so (`queued`) until the officer writes another.
 */
export function useOfflineSubmission(initialKey: string, answer: unknown) {
  const userId = useRootData()?.user?.id;
  const [submissionKey, setSubmissionKey] = useState(initialKey);
  const [queued, setQueued] = useState(false);
  const [notKept, setNotKept] = useState(false);
  // An answer came (or the page is new): nothing is in flight.
  useEffect(() => {
    inFlight = undefined;
  }, [answer]);

  async function keepOffline(post: QueuedSubmission) {
    try {
      await keepForLater(post);
    } catch {
      setNotKept(true);
      return;
    }
    setSubmissionKey(newSubmissionKey());
    setNotKept(false);
    setQueued(true);
  }

  return {
    submissionKey,
    queued,
    /** The phone could not keep an offline post. */
    error: notKept ? NOT_KEPT : undefined,
    /** For the form's submit (after its validation passed): offline, the post is kept and the form's request never goes. */
    onSubmit(event: FormEvent, formData: FormData) {
      if (userId === undefined) return;
      const post = waitingPost(formData, userId, submissionKey);
      if (navigator.onLine) {
        inFlight = post;
        return;
      }
      event.preventDefault();
      void keepOffline(post);
    },
    /** Back to an empty form after the notice. */
    writeAnother: () => setQueued(false),
  };
}

/**
 * For the page's error boundary: when its error is a request that failed on the way (fetch's
 * TypeError) while a post was in flight, keeps that post on the phone. `recovered` is false
 * when there was none; `kept` is null while keeping, then whether the phone could.
 */
export function useRecoveredPost(error: unknown): { recovered: boolean; kept: boolean | null } {
  const [post] = useState(() => (!isRouteErrorResponse(error) && error instanceof TypeError ? inFlight : undefined));
  const [kept, setKept] = useState<boolean | null>(null);
  useEffect(() => {
    if (!post) return;
    inFlight = undefined;
    keepForLater(post).then(
      () => setKept(true),
      () => setKept(false),
    );
  }, [post]);
  return { recovered: post !== undefined, kept };
}
