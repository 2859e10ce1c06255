import type { Route } from "./+types/post-comments";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireId } from "~/lib/ids";
import { requireUser } from "~/http/auth.server";
import { REPLAYED_HEADER, submissionKeyFromHeader } from "~/infra/idempotency.server";
import { addComment, listComments, POST_NOT_FOUND } from "~/models/post.server";
import { commentSchema } from "~/models/post.schema";

/** GET /api/posts/{id}/comments: oldest first; deleted ones keep their place with isDeleted and no text. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return apiCall(async () => Response.json(await listComments(requireId(args.params.id, POST_NOT_FOUND), user)));
}

/**
 * POST /api/posts/{id}/comments `{ text }`: 201 with the comment; with an `Idempotency-Key`, a
 * repeat answers the first, and the key with another text or post answers 422.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const id = requireId(args.params.id, POST_NOT_FOUND);
    const key = submissionKeyFromHeader(args.request);
    const { text } = await readJsonBody(args.request, commentSchema);
    const { value, replayed } = await addComment(id, user.id, text, key);
    return Response.json(value, { status: 201, headers: replayed ? { [REPLAYED_HEADER]: "true" } : undefined });
  });
}
