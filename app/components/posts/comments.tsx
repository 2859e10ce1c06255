import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { avatarFor } from "~/lib/avatars";
import { seemsOnline } from "~/browser/connection";
import { restoreDraft } from "~/browser/drafts";
import { useHydrated } from "~/browser/hydrated";
import { useAdoptedValue } from "~/browser/adopted-value";
import { displayName } from "~/lib/names";
import { isFailedRequest, type FailedRequest } from "~/lib/failed-request";
import { requestJson, signInAndComeBack } from "~/browser/request-json";
import { keepForLater } from "~/browser/send-queue";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { Timestamp } from "~/components/timestamp";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";

const MAX_COMMENT_LENGTH = 1000;

type CommentData = {
  id: number;
  text: string;
  isDeleted: boolean;
  createdAt: string;
  user: { id: number; username: string; firstName: string | null; lastName: string | null; selectedAvatar: string };
};
export type CommentsData = CommentData[];

type ActionAnswer = { ok: boolean; error?: string } | FailedRequest;

/**
 * The feed's comments, from /api/posts/{id}/comments when the panel opens (and again after the
 * officer's own comment). A failed load says so in the panel, with a retry; the feed stays.
 */
function useLoadedComments(postId: number, load: boolean) {
  const [comments, setComments] = useState<CommentsData>();
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    setFailed(false);
    requestJson<CommentsData>(`/api/posts/${postId}/comments`).then(setComments, (error: unknown) => {
      setFailed(true);
      signInAndComeBack(error);
    });
  }, [postId]);
  useEffect(() => {
    if (load) reload();
  }, [load, reload]);
  return { comments, failed, reload };
}

/**
 * The comment list and form. On /posts/{id} the comments come with the page, and the form's
 * idempotency key too (so a double submit without JavaScript comments once); on the feed
 * (JavaScript only) they load when the panel opens.
 */
export function CommentsPanel({
  postId,
  viewerId,
  initial,
  initialKey,
}: {
  postId: number;
  viewerId: number;
  initial?: CommentsData;
  initialKey?: string;
}) {
  const loaded = useLoadedComments(postId, initial === undefined);
  const comments = initial ?? loaded.comments;
  const t = useT();
  return (
    <section
      id="comments"
      aria-label={t("posts:comments.label")}
      className="mt-3 scroll-mt-16 space-y-3 border-t border-gray-4 pt-3"
    >
      {loaded.failed && comments === undefined ? (
        <div role="alert" className="flex items-center justify-between gap-2 text-sm text-danger-11">
          {t("posts:comments.loadFailed")}
          <button type="button" className="btn-secondary min-h-11 px-3" onClick={loaded.reload}>
            {t("posts:comments.tryAgain")}
          </button>
        </div>
      ) : comments === undefined ? (
        <p className="text-sm text-gray-11">{t("posts:comments.loading")}</p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-gray-11">{t("posts:comments.none")}</p>
      ) : (
        <ul className="space-y-2">
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              postId={postId}
              mine={comment.user.id === viewerId}
              onDone={initial ? undefined : loaded.reload}
            />
          ))}
        </ul>
      )}
      <CommentForm
        postId={postId}
        viewerId={viewerId}
        initialKey={initialKey}
        onSent={initial ? undefined : loaded.reload}
      />
    </section>
  );
}

function CommentItem({
  comment,
  postId,
  mine,
  onDone,
}: {
  comment: CommentData;
  postId: number;
  mine: boolean;
  onDone?: () => void;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  const t = useT();
  const avatar = avatarFor(comment.user.selectedAvatar);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone?.();
  }, [fetcher.state, fetcher.data, onDone]);
  const deleted = comment.isDeleted || fetcher.formData !== undefined || fetcher.data?.ok === true;
  return (
    <li id={`comment-${comment.id}`} className="flex scroll-mt-16 gap-2" data-testid="comment">
      <span
        className={`flex size-8 shrink-0 items-center justify-center rounded-full ${avatar.colors.background}`}
        aria-hidden
      >
        {avatar.emoji}
      </span>
      <div className="min-w-0 flex-1 rounded-lg bg-gray-2 px-3 py-2">
        <p className="text-sm">
          <span className="font-semibold">{displayName(comment.user)}</span>{" "}
          <Timestamp at={comment.createdAt} withDate className="text-xs text-gray-11" />
        </p>
        {deleted ? (
          <p className="text-sm text-gray-11 italic">{t("posts:comments.deleted")}</p>
        ) : (
          <p dir="auto" className="text-sm break-words whitespace-pre-line">
            {comment.text}
          </p>
        )}
      </div>
      {mine && !deleted ? (
        <fetcher.Form method="post" action={`/posts/${postId}`}>
          <input type="hidden" name="commentId" value={comment.id} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <button
            type="submit"
            name="intent"
            value="delete-comment"
            className="btn-ghost px-2"
            aria-label={t("posts:comments.delete")}
          >
            <Icon name="trash" size={16} />
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

function CommentForm({
  postId,
  viewerId,
  initialKey,
  onSent,
}: {
  postId: number;
  viewerId: number;
  initialKey?: string;
  onSent?: () => void;
}) {
  const fetcher = useFetcher<ActionAnswer>({ key: `comment-form-${postId}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const t = useT();
  // A comment typed on /posts/{id} before the scripts arrived is adopted, not written over.
  const [text, setText] = useAdoptedValue(`comment-${postId}`, "");
  // The feed's panel only ever renders in the browser, so a key made here cannot mismatch.
  const [submissionKey, setSubmissionKey] = useState(() => initialKey ?? newSubmissionKey());
  const [kept, setKept] = useState<"yes" | "failed" | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";

  // What was typed before the session expired comes back after signing in.
  useEffect(() => {
    if (form.current) restoreDraft(form.current);
  }, []);

  // Offline, or when the request failed on the way, the comment waits on the phone with its key
  // and is sent when the connection returns: a copy that did reach the server is not made twice.
  const keepOnPhone = useCallback(
    async (comment: string, key: string) => {
      try {
        await keepForLater({
          key,
          userId: viewerId,
          kind: "comment",
          url: `/api/posts/${postId}/comments`,
          body: { text: comment },
          label: t("posts:comments.waitingLabel", { comment }),
          createdAt: Date.now(),
        });
      } catch {
        setKept("failed");
        return;
      }
      setText("");
      setSubmissionKey(newSubmissionKey());
      setKept("yes");
    },
    [postId, viewerId, setText, t],
  );

  // Once per answer (not on typing): the text and key it was sent with are those on screen.
  const settle = useEffectEvent((answer: NonNullable<typeof fetcher.data>) => {
    if (answer.ok) {
      setText("");
      setSubmissionKey(newSubmissionKey());
      form.current?.reset();
      onSent?.();
    } else if (isFailedRequest(answer)) {
      // Only what failed on the way waits on the phone. A server's error reached the server: the
      // comment stays in the box with its key, so one more tap cannot add it twice.
      if (!answer.answered) void keepOnPhone(text.trim(), submissionKey);
    } else {
      // Refused by the server, so nothing was added with this key (or, after a 422, its comment
      // was another text): the next send is a new submission.
      setSubmissionKey(newSubmissionKey());
    }
  });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) settle(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  const error =
    kept === "failed"
      ? t("posts:comments.notKept")
      : kept === null && fetcher.data && !fetcher.data.ok
        ? fetcher.data.error
        : undefined;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/posts/${postId}`}
      className="space-y-1"
      onSubmit={(event) => {
        setKept(null);
        if (seemsOnline()) return;
        event.preventDefault();
        void keepOnPhone(text.trim(), submissionKey);
      }}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <label htmlFor={`comment-${postId}`} className="sr-only">
        {t("posts:comments.write")}
      </label>
      <div className="flex gap-2">
        <textarea
          id={`comment-${postId}`}
          name="text"
          rows={1}
          maxLength={MAX_COMMENT_LENGTH}
          required
          placeholder={t("posts:comments.placeholder")}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          className="field-input min-h-11 flex-1 py-2"
        />
        <button
          type="submit"
          name="intent"
          value="comment"
          className="btn-primary"
          disabled={hydrated && (text.trim() === "" || sending)}
        >
          {sending ? t("posts:comments.sending") : t("posts:comments.send")}
        </button>
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {kept === "yes" ? (
        <p role="status" className="text-sm text-gray-11">
          {t("posts:comments.kept")}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
