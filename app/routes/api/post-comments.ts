import type { Route } from "./+types/post-comments";
import { apiError, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireUser } from "~/models/auth.server";
import { REPLAYED_HEADER, submissionKeyFromHeader } from "~/models/idempotency.server";
import { addComment, listComments, PostError } from "~/models/post.server";
import { commentSchema } from "~/models/post.schema";
import { idParam } from "~/http/request-body.server";

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

/** POST /api/posts/{id}/comments `{ text }`: 201 with the comment; with an `Idempotency-Key`, a repeat answers the first. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const id = idParam(args.params.id);
  if (!id) return apiError(404, "Post not found");
  const key = submissionKeyFromHeader(args.request);
  const { text } = await readJsonBody(args.request, commentSchema);
  try {
    const { value, replayed } = await addComment(id, user.id, text, key);
    return Response.json(value, { status: 201, headers: replayed ? { [REPLAYED_HEADER]: "true" } : undefined });
  } catch (error) {
    if (error instanceof PostError) return apiError(error.status, error.message);
    throw error;
  }
}
