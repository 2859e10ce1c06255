import type { Route } from "./+types/objects-upload";
import { methodNotAllowed } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { forgetStaleUploads } from "~/models/media.server";
import { createUploadUrl } from "~/infra/upload-url.server";

export const loader = methodNotAllowed;

/** POST /api/objects/upload: `{ uploadURL }`, a signed URL of this app that takes one PUT for 15 minutes. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  // Housekeeping on the way: files of posts that were never sent do not pile up.
  void forgetStaleUploads().catch((error: unknown) => console.error("Could not forget stale uploads", error));
  const { uploadURL, expiresAt } = createUploadUrl(user.id);
  return Response.json(
    { uploadURL, expiresAt: new Date(expiresAt).toISOString() },
    { headers: { "Cache-Control": "no-store" } },
  );
}
