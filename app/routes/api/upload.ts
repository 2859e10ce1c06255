import type { Route } from "./+types/upload";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { dealerCall } from "~/lib/dealer-api.server";
import { requireUser } from "~/models/auth.server";
import { NOT_EXCEL, saveImportUpload } from "~/models/dealer-import.server";
import { readSpreadsheetForm } from "~/models/dealer-upload.server";

export const loader = methodNotAllowed;

/** POST /api/upload: multipart, field `file` (an .xlsx or .xls of at most 10 MB); answers { uploadId }. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return dealerCall(async () => {
    const { file } = await readSpreadsheetForm(args.request);
    if (!file) return apiError(400, NOT_EXCEL);
    const uploadId = await saveImportUpload(file, user.id);
    return Response.json({ uploadId }, { status: 201 });
  });
}
