import { data, Form, Link, useNavigation } from "react-router";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/import";
import { ImportHelp } from "~/components/dealers/import-help";
import { ImportResults } from "~/components/dealers/import-results";
import { IMPORT_FAILED, importNotice } from "~/lib/dealer-import";
import { requireUser } from "~/http/auth.server";
import { formCall } from "~/http/form.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { getImportRecord, hasExcelName, importDealerFile, NOT_EXCEL } from "~/models/dealer-import.server";
import { redirectWithToast } from "~/http/toast.server";
import { isFailedRequest } from "~/lib/failed-request";
import { guardRequest } from "~/browser/request-guard";
import { Icon } from "~/components/icon";

export const meta: Route.MetaFunction = () => [{ title: "Import Dealers · Fieldline" }];

function titleFor(status: number): string {
  if (status === 415) return "Invalid File Type";
  if (status === 413) return "File Too Large";
  return "Import Failed";
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const resultId = parseId(new URL(args.request.url).searchParams.get("result"));
  return { result: resultId ? await getImportRecord(resultId, user.id) : null };
}

/** Without JavaScript the dialog's three steps are one form post: the file is read, checked and imported. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  return formCall(
    async () => {
      const { file } = await readSpreadsheetForm(args.request);
      if (!file || !hasExcelName(file.name)) throw new AppError(415, NOT_EXCEL, { field: "file" });
      const result = await importDealerFile(file.bytes, { fileName: file.name, userId: user.id });
      return redirectWithToast(`/dealers/import?result=${result.importId}#import-results`, importNotice(result));
    },
    (error) => data({ error: { title: titleFor(error.status), message: error.message } }, { status: error.status }),
  );
}

/** With JavaScript: an import that fails on the way leaves the page with the chosen file, and says so. */
export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: "Import Failed", description: IMPORT_FAILED }));

export default function ImportDealers({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = isFailedRequest(answer) ? undefined : answer;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Link to="/dealers" className="btn-ghost px-2" aria-label="Back to Dealers">
          <Icon name="arrow-left" size={20} />
        </Link>
        <h1 className="text-xl font-bold">Import Dealers</h1>
      </div>

      {loaderData.result ? (
        <div className="card space-y-3">
          <ImportResults result={loaderData.result} errorLimit={10} />
          <div className="grid grid-cols-2 gap-2">
            <Link to="/dealers/import" className="btn-secondary">
              Import Another File
            </Link>
            <Link to="/dealers" className="btn-primary">
              Close
            </Link>
          </div>
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" className="card space-y-3">
          {actionData?.error ? (
            <div role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
              <p className="font-semibold">{actionData.error.title}</p>
              <p>{actionData.error.message}</p>
            </div>
          ) : null}
          <ImportHelp />
          <div>
            <label htmlFor="import-file" className="field-label">
              Spreadsheet
            </label>
            <input id="import-file" type="file" name="file" accept=".xlsx,.xls" required className="field-input py-2" />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Importing..." : "Import Dealers"}
          </button>
        </Form>
      )}
    </div>
  );
}
