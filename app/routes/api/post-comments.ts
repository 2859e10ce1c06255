import type { Route } from "./+types/post-comments";
import { apiError, methodNotAllowed, readJsonBody } from "~/lib/api.server";
import { requireUser } from "~/models/auth.server";
import { addComment, listComments, PostError } from "~/models/post.server";
import { commentSchema } from "~/models/post.schema";

function postId(params: { id?: string }): number | null {
  const id = Number(params.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** GET /api/posts/{id}/comments: oldest first; deleted ones keep their place with isDeleted and no text. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const id = postId(args.params);
  if (!id) return apiError(404, "Post not found");
  try {
    return Response.json(await listComments(id));
  } catch (error) {
    if (error instanceof PostError) return apiError(error.status, error.message);
    throw error;
  }
}

/** POST /api/posts/{id}/comments `{ text }`: 201 with the comment. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const id = postId(args.params);
  if (!id) return apiError(404, "Post not found");
  const { text } = await readJsonBody(args.request, commentSchema);
  try {
    return Response.json(await addComment(id, user.id, text), { status: 201 });
  } catch (error) {
    if (error instanceof PostError) return apiError(error.status, error.message);
    throw error;
  }
}
