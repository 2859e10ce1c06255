import type { Route } from "./+types/objects-upload-target";
import { apiCall, apiError, methodNotAllowed } from "~/http/api.server";
import { readBodyWithin } from "~/http/request-body.server";
import { saveUpload } from "~/models/media.server";
import { fileTooLarge, MAX_FILE_BYTES } from "~/models/post.schema";
import { verifyUploadUrl } from "~/infra/upload-url.server";

export const INVALID_UPLOAD_URL = "This upload URL is invalid or has expired. Please try again.";

export const loader = methodNotAllowed;

/**
 * PUT {uploadURL}: the file's bytes. The signed URL alone authorises it (no cookie needed); a
 * tampered or expired one answers 403. The type is decided from the bytes.
 */
export async function action(args: Route.ActionArgs) {
  if (args.request.method !== "PUT") return methodNotAllowed(args);
  const grant = verifyUploadUrl(new URL(args.request.url));
  if (!grant) return apiError(403, INVALID_UPLOAD_URL);
  const name = args.request.headers.get("X-File-Name") ?? "The file";
  const bytes = await readBodyWithin(args.request, MAX_FILE_BYTES);
  if (!bytes) return apiError(413, fileTooLarge(name));
  if (bytes.byteLength === 0) return apiError(400, "The file is empty");
  return apiCall(async () => {
    const sniffed = await saveUpload(grant.userId, grant.id, bytes, name);
    const url = new URL(args.request.url);
    return Response.json({
      uploadId: grant.id,
      url: url.pathname,
      kind: sniffed.kind,
      mimeType: sniffed.mimeType,
      size: bytes.byteLength,
    });
  });
}
