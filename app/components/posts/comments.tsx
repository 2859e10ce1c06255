import { Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { avatarFor } from "~/lib/avatars";
import { useHydrated } from "~/lib/hydrated";
import { displayName } from "~/lib/names";
import { keepForLater } from "~/lib/send-queue";
import { relativeTime } from "~/lib/relative-time";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/lib/submission-key";

const MAX_COMMENT_LENGTH = 1000;

type CommentData = {
  id: number;
  text: string;
  isDeleted: boolean;
  createdAt: string;
  user: { id: number; username: string; firstName: string | null; lastName: string | null; selectedAvatar: string };
};
export type CommentsData = CommentData[];

type ActionAnswer = { ok: boolean; error?: string };

/**
 * The comment list and form. On /posts/{id} the comments come with the page, and the form's
 * idempotency key too (so a double submit without JavaScript comments once); on the feed
 * (JavaScript only) they load from /posts/{id} when the panel opens.
 */
export function CommentsPanel({ postId, viewerId, initial, initialKey }: { postId: number; viewerId: number; initial?: CommentsData; initialKey?: string }) {
  const loader = useFetcher<{ comments: CommentsData }>({ key: `comments-${postId}` });
  useEffect(() => {
    if (!initial && loader.state === "idle" && !loader.data) void loader.load(`/posts/${postId}`);
  }, [initial, loader, postId]);
  const comments = initial ?? loader.data?.comments;
  return (
    <section id="comments" aria-label="Comments" className="mt-3 space-y-3 border-t border-gray-4 pt-3">
      {comments === undefined ? (
        <p className="text-sm text-gray-11">Loading comments...</p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-gray-11">No comments yet.</p>
      ) : (
        <ul className="space-y-2">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} postId={postId} mine={comment.user.id === viewerId} />
          ))}
        </ul>
      )}
      <CommentForm postId={postId} viewerId={viewerId} initialKey={initialKey} />
    </section>
  );
}

function CommentItem({ comment, postId, mine }: { comment: CommentData; postId: number; mine: boolean }) {
  const fetcher = useFetcher<ActionAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  const avatar = avatarFor(comment.user.selectedAvatar);
  const deleted = comment.isDeleted || fetcher.formData !== undefined;
  return (
    <li className="flex gap-2" data-testid="comment">
      <span className={`flex size-8 shrink-0 items-center justify-center rounded-full ${avatar.colors.background}`} aria-hidden>
        {avatar.emoji}
      </span>
      <div className="min-w-0 flex-1 rounded-lg bg-gray-2 px-3 py-2">
        <p className="text-sm">
          <span className="font-semibold">{displayName(comment.user)}</span>{" "}
          <time className="text-xs text-gray-11" dateTime={comment.createdAt} suppressHydrationWarning>
            {relativeTime(comment.createdAt)}
          </time>
        </p>
        {deleted ? (
          <p className="text-sm text-gray-11 italic">This comment was deleted.</p>
        ) : (
          <p className="text-sm break-words whitespace-pre-line">{comment.text}</p>
        )}
      </div>
      {mine && !deleted ? (
        <fetcher.Form method="post" action={`/posts/${postId}`}>
          <input type="hidden" name="commentId" value={comment.id} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <button type="submit" name="intent" value="delete-comment" className="btn-ghost min-h-9 px-2" aria-label="Delete comment">
            <Trash2 size={16} aria-hidden />
          </button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

function CommentForm({ postId, viewerId, initialKey }: { postId: number; viewerId: number; initialKey?: string }) {
  const fetcher = useFetcher<ActionAnswer>({ key: `comment-form-${postId}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const [text, setText] = useState("");
  // The feed's panel only ever renders in the browser, so a key made here cannot mismatch.
  const [submissionKey, setSubmissionKey] = useState(() => initialKey ?? newSubmissionKey());
  const [kept, setKept] = useState<"yes" | "failed" | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) {
      setText("");
      setSubmissionKey(newSubmissionKey());
      form.current?.reset();
    }
  }, [fetcher.state, fetcher.data]);

  // Offline, the comment waits on the phone and is sent when the connection returns.
  async function keepOffline() {
    const comment = text.trim();
    try {
      await keepForLater({ key: submissionKey, userId: viewerId, kind: "comment", url: `/api/posts/${postId}/comments`, body: { text: comment }, label: `Comment: ${comment}`, createdAt: Date.now() });
    } catch {
      setKept("failed");
      return;
    }
    setText("");
    setSubmissionKey(newSubmissionKey());
    setKept("yes");
  }

  const error = kept === "failed" ? "This phone could not keep the comment while offline." : fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/posts/${postId}`}
      className="space-y-1"
      onSubmit={(event) => {
        setKept(null);
        if (navigator.onLine) return;
        event.preventDefault();
        void keepOffline();
      }}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <label htmlFor={`comment-${postId}`} className="sr-only">
        Write a comment
      </label>
      <div className="flex gap-2">
        <textarea
          id={`comment-${postId}`}
          name="text"
          rows={1}
          maxLength={MAX_COMMENT_LENGTH}
          required
          placeholder="Write a comment..."
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          className="field-input min-h-11 flex-1 py-2"
        />
        <button type="submit" name="intent" value="comment" className="btn-primary" disabled={hydrated && (text.trim() === "" || sending)}>
          {sending ? "Sending..." : "Send"}
        </button>
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      {kept === "yes" ? (
        <p role="status" className="text-sm text-gray-11">
          Saved on this phone, waiting to send.
        </p>
      ) : null}
    </fetcher.Form>
  );
}
