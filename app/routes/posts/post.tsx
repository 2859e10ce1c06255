import { data, Link } from "react-router";
import type { Route } from "./+types/post";
import { CommentsPanel } from "~/components/posts/comments";
import { PostCard } from "~/components/posts/post-card";
import { formCall, readForm, parseForm, requirePageId, pageRefusal } from "~/http/form.server";
import { requireId } from "~/lib/ids";
import { safeRedirect } from "~/lib/safe-redirect";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { requireUser } from "~/http/auth.server";
import {
  addComment,
  COMMENT_NOT_FOUND,
  deleteComment,
  getPost,
  likePost,
  listComments,
  POST_NOT_FOUND,
  unlikePost,
} from "~/models/post.server";
import { submissionKeyFromForm } from "~/infra/idempotency.server";
import { commentSchema } from "~/models/post.schema";
import { newSubmissionKey } from "~/lib/submission-key";
import { redirectWithToast, toastCookie } from "~/http/toast.server";
import type { ToastInput } from "~/lib/toast";
import { usePublicEnv } from "~/browser/root-data";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import type { MessageKey } from "~/locales/namespaces";
import { guardRequest } from "~/browser/request-guard";
import { Icon } from "~/components/icon";

// A post not found has no page messages (its loader threw): its title stays English.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: loaderData ? metaTitle(matches, "feed:post.pageTitle") : "Post not found · Fieldline" },
];

/** /posts/{id}: one post with its comments; the feed's comment panel loads this too. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = requirePageId(args.params.id, POST_NOT_FOUND);
  const post = await getPost(id, user);
  if (!post) throw pageRefusal(said(POST_NOT_FOUND), 404);
  return {
    post,
    comments: await listComments(id, user),
    viewerId: user.id,
    commentKey: newSubmissionKey(),
    messages: pageMessages(args.context, "feed", "posts", "reports"),
  };
}

const MESSAGES = {
  like: { title: "feed:post.liked", description: "feed:post.likedDescription" },
  unlike: { title: "feed:post.unliked", description: "feed:post.unlikedDescription" },
  comment: { title: "feed:post.commented", description: "feed:post.commentedDescription" },
  "delete-comment": { title: "feed:post.commentDeleted", description: "feed:post.commentDeletedDescription" },
} as const satisfies Record<string, { title: MessageKey; description: MessageKey }>;
type Intent = keyof typeof MESSAGES;
const FAILURE_KEYS: Record<Intent, MessageKey> = {
  like: "feed:post.likeFailed",
  unlike: "feed:post.likeFailed",
  comment: "feed:post.commentFailed",
  "delete-comment": "feed:post.deleteCommentFailed",
};

/**
 * Like, unlike, comment and delete a comment, from the feed or this page. Without JavaScript
 * each is a plain form post that redirects back with a notice; with it, a fetcher gets
 * `{ ok }` and the notice comes with the revalidated page.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const id = requirePageId(args.params.id, POST_NOT_FOUND);
  const form = await readForm(args.request);
  const t = requestTranslator(args.context, "feed");
  const failed = (description: string) => ({ type: "error" as const, title: t("feed:post.errorTitle"), description });
  const intentValue = String(form.get("intent") ?? "");
  const withJs = form.get("js") === "1";
  // Without JavaScript the page reloads: back to the card or comment the action changed.
  const back = safeRedirect(form.get("redirectTo"), `/posts/${id}`).replace(/#.*$/, "");
  let place = intentValue === "comment" || intentValue === "delete-comment" ? "comments" : `post-${id}`;
  const answer = async (toast: ToastInput, status: number, error?: string) => {
    if (!withJs) return redirectWithToast(`${back}#${place}`, toast);
    return data({ ok: status === 200, error }, { status, headers: { "Set-Cookie": await toastCookie(toast) } });
  };
  if (!Object.hasOwn(MESSAGES, intentValue)) return answer(failed(UNKNOWN_ACTION), 400, UNKNOWN_ACTION);
  const intent = intentValue as Intent;

  return formCall(
    async () => {
      switch (intent) {
        case "like":
          await likePost(id, user.id);
          break;
        case "unlike":
          await unlikePost(id, user.id);
          break;
        case "comment": {
          const submission = parseForm(form, commentSchema);
          if (submission.status !== "success") {
            const message = submission.error?.text?.[0] ?? t(FAILURE_KEYS.comment);
            return answer(failed(message), 400, message);
          }
          const { value: comment } = await addComment(id, user.id, submission.value.text, submissionKeyFromForm(form));
          place = `comment-${comment.id}`;
          break;
        }
        case "delete-comment": {
          const commentId = requireId(form.get("commentId"), COMMENT_NOT_FOUND);
          await deleteComment(id, commentId, user.id);
          place = `comment-${commentId}`;
          break;
        }
      }
      const done = MESSAGES[intent];
      return answer({ title: t(done.title), description: t(done.description) }, 200);
    },
    (error) => {
      // A missing post or comment, or a comment form sent before with other text, is said as it is;
      // any other refusal as "Failed to … Please try again."
      const message =
        error.status === 404 || error.status === 422 ? said(error.message, error.values) : t(FAILURE_KEYS[intent]);
      return answer(failed(message), error.status, message);
    },
  );
}

/** With JavaScript: a request that fails on the way leaves the page as it is, with the action's failure notice. */
export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: "common:notice.error",
    description: FAILURE_KEYS[String(form.get("intent")) as Intent] ?? UNKNOWN_ACTION,
  }));

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const currency = usePublicEnv().CURRENCY_SYMBOL;
  return (
    <div className="space-y-3">
      <Link to="/" className="btn-ghost -ms-2 px-2">
        <Icon name="arrow-left" size={18} className="rtl:-scale-x-100" /> {t("feed:post.back")}
      </Link>
      <h1 className="sr-only">{t("feed:post.title")}</h1>
      <PostCard
        post={loaderData.post}
        currency={currency}
        viewerId={loaderData.viewerId}
        comments={
          <CommentsPanel
            postId={loaderData.post.id}
            viewerId={loaderData.viewerId}
            initial={loaderData.comments}
            initialKey={loaderData.commentKey}
          />
        }
      />
    </div>
  );
}
