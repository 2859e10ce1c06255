import type { Route } from "./+types/post-comments";
import { apiError, methodNotAllowed, readJsonBody } from "~/lib/api.server";
import { requireUser } from "~/models/auth.server";
import { addComment, listComments, PostError } from "~/models/post.server";
import { commentSchema } from "~/models/post.schema";
import { idParam } from "~/lib/request-body.server";

/** GET /api/posts/{id}/comments: oldest first; deleted ones keep their place with isDeleted and no text. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const id = idParam(args.params.id);
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
  const id = idParam(args.params.id);
  if (!id) return apiError(404, "Post not found");
  const { text } = await readJsonBody(args.request, commentSchema);
  try {
    return Response.json(await addComment(id, user.id, text), { status: 201 });
  } catch (error) {
    if (error instanceof PostError) return apiError(error.status, error.message);
    throw error;
  }
}
