import type { Route } from "./+types/checkins";
import { methodNotAllowed, readJsonBody } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { recordCheckIn } from "~/models/post.server";
import { checkInSchema } from "~/models/post.schema";

export const loader = methodNotAllowed;

/** POST /api/checkins `{ type?, lat, lng, address? }`: records a check-in of the signed-in user (201). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const input = await readJsonBody(args.request, checkInSchema);
  return Response.json(await recordCheckIn(user.id, input), { status: 201 });
}
