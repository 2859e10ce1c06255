import type { Route } from "./+types/dealers-import";
import { apiCall, apiError, methodNotAllowed, readJsonBody } from "~/http/api.server";
import { FORBIDDEN, requireUser } from "~/http/auth.server";
import { dealerImportRequestSchema } from "~/models/dealer.schema";
import { importSampleFile, importUpload, SAMPLE_IMPORT_FILE, toImportAnswer } from "~/models/dealer-import.server";

export const loader = methodNotAllowed;

/**
 * POST /api/dealers/import: { uploadId } from POST /api/upload (any signed-in user, own uploads),
 * or, for ADMIN only, { filePath: "samples/dealers-sample.xlsx" }, the only server file that can be named.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  const body = await readJsonBody(args.request, dealerImportRequestSchema);
  if (body.uploadId && body.filePath) return apiError(400, "Send uploadId or filePath, not both");
  return apiCall(async () => {
    if (body.uploadId) return Response.json(toImportAnswer(await importUpload(body.uploadId, user.id)));
    if (body.filePath !== undefined) {
      if (user.role !== "ADMIN") return apiError(403, FORBIDDEN);
      if (body.filePath !== SAMPLE_IMPORT_FILE)
        return apiError(400, `Unknown file. The only server file that can be imported is ${SAMPLE_IMPORT_FILE}`);
      return Response.json(toImportAnswer(await importSampleFile(user.id)));
    }
    return apiError(400, "uploadId is required");
  });
}
