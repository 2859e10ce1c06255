import { data } from "react-router";
import type { Route } from "./+types/opening-balances";
import { AdminErrorView } from "~/components/access-denied";
import { AllOrNothingImport } from "~/components/imports/all-or-nothing-import";
import { Icon } from "~/components/icon";
import { requireAllowed } from "~/http/auth.server";
import { formCall } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { hasExcelName, NOT_EXCEL } from "~/lib/dealer-import";
import { isFailedRequest } from "~/lib/failed-request";
import { OPENING_TEMPLATE_PATH } from "~/lib/opening-import";
import { openingImportNotice } from "~/components/dealers/opening-import-notice";
import { rowErrorLine } from "~/models/import-row-error";
import { importOpeningBalances } from "~/models/opening-import.server";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "admin:openingBalances.pageTitle") },
];

const IMPORT_FAILED = "common:failed.importOpeningBalances";

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, "dealerAccount.open");
  return { messages: pageMessages(args.context, "admin", "dealers") };
}

/** One form post: the file is read, every row checked, and all rows written or none (decision 87). */
export async function action(args: Route.ActionArgs) {
  const user = await requireAllowed(args, "dealerAccount.open");
  return formCall(
    async () => {
      const { file } = await readSpreadsheetForm(args.request);
      if (!file || !hasExcelName(file.name)) throw new AppError(415, NOT_EXCEL, { field: "file" });
      const result = await importOpeningBalances(user, file.bytes);
      const t = requestTranslator(args.context, "dealers");
      const notice = openingImportNotice(t, result);
      const errors = result.errors.map((error) => rowErrorLine(t, error));
      if (result.failed > 0) return data({ notice, errors }, { status: 400 });
      return redirectWithToast("/admin/opening-balances", notice);
    },
    (error) =>
      data(
        {
          notice: {
            title: requestTranslator(args.context, "admin")("admin:openingBalances.failed"),
            description: said(error.message, error.values),
            type: "error" as const,
          },
          errors: [],
        },
        { status: error.status },
      ),
  );
}

export default function OpeningBalances({ actionData: answer }: Route.ComponentProps) {
  const refused = isFailedRequest(answer) ? undefined : answer;
  const t = useT();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("admin:openingBalances.title")}</h1>
      <AllOrNothingImport
        refused={refused}
        fileId="opening-file"
        submit={t("admin:openingBalances.submit")}
        about={
          <>
            {/* The file's column names are its format: they stay as the file must have them. */}
            <p>
              <RichMessage id="admin:openingBalances.about" components={{ 0: <code /> }} />
            </p>
            <a href={OPENING_TEMPLATE_PATH} download className="btn-secondary w-full">
              <Icon name="download" size={16} /> {t("admin:openingBalances.template")}
            </a>
          </>
        }
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage={IMPORT_FAILED} />;
}
