import type { Route } from "./+types/upload";
import { apiCall, methodNotAllowed } from "~/http/api.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { requireUser } from "~/http/auth.server";
import { NOT_EXCEL, saveImportUpload } from "~/models/dealer-import.server";

export const loader = methodNotAllowed;

/** POST /api/upload: multipart, field `file` (an .xlsx or .xls of at most 10 MB); answers { uploadId }. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  if (args.request.method !== "POST") return methodNotAllowed(args);
  return apiCall(async () => {
    const { file } = await readSpreadsheetForm(args.request);
    if (!file) throw new AppError(400, NOT_EXCEL, { field: "file" });
    const uploadId = await saveImportUpload(file, user.id);
    return Response.json({ uploadId }, { status: 201 });
  });
}
