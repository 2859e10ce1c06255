import type { Route } from "./+types/post-react";
import { apiError, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireUser } from "~/models/auth.server";
import { likePost, listReactions, PostError, unlikePost } from "~/models/post.server";
import { reactionSchema } from "~/models/post.schema";
import { idParam } from "~/http/request-body.server";

/** GET /api/posts/{id}/react: the post's reactions, `[{ userId, type }]`. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const id = idParam(args.params.id);
  if (!id) return apiError(404, "Post not found");
  try {
    return Response.json(await listReactions(id));
  } catch (error) {
    if (error instanceof PostError) return apiError(error.status, error.message);
    throw error;
  }
}

/** POST adds the user's like (`{ type: "LIKE" }`); DELETE removes it. Both answer the reactions. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const id = idParam(args.params.id);
  if (!id) return apiError(404, "Post not found");
  try {
    if (args.request.method === "POST") {
      await readJsonBody(args.request, reactionSchema);
      await likePost(id, user.id);
      return Response.json(await listReactions(id), { status: 201 });
    }
    if (args.request.method === "DELETE") {
      await unlikePost(id, user.id);
      return Response.json(await listReactions(id));
    }
  } catch (error) {
    if (error instanceof PostError) return apiError(error.status, error.message);
    throw error;
  }
  return methodNotAllowed(args);
}
