import { data, Form, Link, useNavigation } from "react-router";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/import";
import { ImportHelp } from "~/components/dealers/import-help";
import { ImportResults, importNoticeText } from "~/components/dealers/import-results";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import type { Translate } from "~/locales/namespaces";
import { requireUser } from "~/http/auth.server";
import { formCall } from "~/http/form.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { getImportRecord, hasExcelName, importDealerFile, NOT_EXCEL } from "~/models/dealer-import.server";
import { redirectWithToast } from "~/http/toast.server";
import { isFailedRequest } from "~/lib/failed-request";
import { guardRequest } from "~/browser/request-guard";
import { Icon } from "~/components/icon";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "dealers:import.pageTitle") }];

function titleFor(t: Translate, status: number): string {
  if (status === 415) return t("dealers:import.invalidFileType");
  if (status === 413) return t("dealers:import.fileTooLarge");
  return t("dealers:import.importFailed");
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const resultId = parseId(new URL(args.request.url).searchParams.get("result"));
  return {
    messages: pageMessages(args.context, "dealers"),
    result: resultId ? await getImportRecord(resultId, user.id) : null,
  };
}

/** Without JavaScript the dialog's three steps are one form post: the file is read, checked and imported. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const t = requestTranslator(args.context, "dealers");
  return formCall(
    async () => {
      const { file } = await readSpreadsheetForm(args.request);
      if (!file || !hasExcelName(file.name)) throw new AppError(415, NOT_EXCEL, { field: "file" });
      const result = await importDealerFile(file.bytes, { fileName: file.name, userId: user.id });
      return redirectWithToast(`/dealers/import?result=${result.importId}#import-results`, importNoticeText(t, result));
    },
    (error) =>
      data(
        { error: { title: titleFor(t, error.status), message: said(error.message, error.values) } },
        { status: error.status },
      ),
  );
}

/** With JavaScript: an import that fails on the way leaves the page with the chosen file, and says so. */
export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({
    type: "error",
    title: "dealers:import.importFailed",
    description: "common:failed.importDealers",
  }));

export default function ImportDealers({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = isFailedRequest(answer) ? undefined : answer;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const t = useT();
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Link to="/dealers" className="btn-ghost px-2" aria-label={t("dealers:details.backToDealers")}>
          <Icon name="arrow-left" size={20} className="rtl:-scale-x-100" />
        </Link>
        <h1 className="text-xl font-bold">{t("dealers:import.title")}</h1>
      </div>

      {loaderData.result ? (
        <div className="card space-y-3">
          <ImportResults result={loaderData.result} errorLimit={10} />
          <div className="grid grid-cols-2 gap-2">
            <Link to="/dealers/import" className="btn-secondary">
              {t("dealers:import.another")}
            </Link>
            <Link to="/dealers" className="btn-primary">
              {t("dealers:import.close")}
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
              {t("dealers:import.spreadsheet")}
            </label>
            <input id="import-file" type="file" name="file" accept=".xlsx,.xls" required className="field-input py-2" />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? t("dealers:import.importing") : t("dealers:import.title")}
          </button>
        </Form>
      )}
    </div>
  );
}
