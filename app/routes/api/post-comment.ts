import type { Route } from "./+types/post-comment";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/models/auth.server";
import { deleteComment, PostError } from "~/models/post.server";

export const loader = methodNotAllowed;

/** DELETE /api/posts/{id}/comments/{commentId}: the author's own comment only (403 otherwise). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "DELETE") return methodNotAllowed(args);
  const id = Number(args.params.id);
  const commentId = Number(args.params.commentId);
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(commentId)) return apiError(404, "Comment not found");
  try {
    await deleteComment(id, commentId, user.id);
    return Response.json({ success: true });
  } catch (error) {
    if (error instanceof PostError) return apiError(error.status, error.message);
    throw error;
  }
}
