import type { Route } from "./+types/post-react";
import { apiCall, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireId } from "~/lib/ids";
import { requireUser } from "~/http/auth.server";
import { likePost, listReactions, POST_NOT_FOUND, unlikePost } from "~/models/post.server";
import { reactionSchema } from "~/models/post.schema";

/** GET /api/posts/{id}/react: the post's reactions, `[{ userId, type }]`. */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return apiCall(async () => Response.json(await listReactions(requireId(args.params.id, POST_NOT_FOUND))));
}

/** POST adds the user's like (`{ type: "LIKE" }`); DELETE removes it. Both answer the reactions. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST" && args.request.method !== "DELETE") return methodNotAllowed(args);
  return apiCall(async () => {
    const id = requireId(args.params.id, POST_NOT_FOUND);
    if (args.request.method === "DELETE") {
      await unlikePost(id, user.id);
      return Response.json(await listReactions(id));
    }
    await readJsonBody(args.request, reactionSchema);
    await likePost(id, user.id);
    return Response.json(await listReactions(id), { status: 201 });
  });
}
