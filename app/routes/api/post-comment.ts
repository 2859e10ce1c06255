import type { Route } from "./+types/post-comment";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { requireId } from "~/lib/ids";
import { requireUser } from "~/http/auth.server";
import { COMMENT_NOT_FOUND, deleteComment } from "~/models/post.server";

export const loader = methodNotAllowed;

/** DELETE /api/posts/{id}/comments/{commentId}: the author's own comment only (403 otherwise). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "DELETE") return methodNotAllowed(args);
  return apiCall(async () => {
    await deleteComment(
      requireId(args.params.id, COMMENT_NOT_FOUND),
      requireId(args.params.commentId, COMMENT_NOT_FOUND),
      user.id,
    );
    return Response.json({ success: true });
  });
}
