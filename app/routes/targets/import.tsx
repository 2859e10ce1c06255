import { data, Link } from "react-router";
import type { Route } from "./+types/import";
import { AdminErrorView } from "~/components/access-denied";
import { AllOrNothingImport } from "~/components/imports/all-or-nothing-import";
import { Icon } from "~/components/icon";
import { periodName } from "~/components/targets/period-name";
import { IMPORT_HELP_KEYS, IMPORT_HELP_VALUES } from "~/components/targets/target-words";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { requireAllowed } from "~/http/auth.server";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import { formCall } from "~/http/form.server";
import { targetPageQuery } from "~/http/target-query.server";
import { redirectWithToast } from "~/http/toast.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { hasExcelName, NOT_EXCEL } from "~/lib/dealer-import";
import { isFailedRequest } from "~/lib/failed-request";
import { TARGET_IMPORT_PATH, TARGET_TEMPLATE_PATH } from "~/lib/target-import";
import { importTargets, rowErrorText, targetImportNotice } from "~/models/target-import.server";

// Targets from an Excel file (decision 90): a manager's for the officers of the teams they lead, an
// admin's for anyone. One plain form post (JavaScript off too): every row checked, all written or none.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "targets:import.pageTitle") }];

/** `?period=&team=`: the period (and team) the template is filled for, as on /targets. */
function withQuery(path: string, { period, team }: { period: string; team: number | null }): string {
  return `${path}?${new URLSearchParams({ period, ...(team === null ? {} : { team: String(team) }) })}`;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, "targets.set");
  const { period, team } = targetPageQuery(args.request);
  // A team named is one the caller sets targets for, as on /targets.
  if (team !== undefined) await requireAllowed(args, "targets.set", { teamId: team });
  return { period, team: team ?? null, messages: pageMessages(args.context, "targets", "dealers") };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireAllowed(args, "targets.set");
  const { period, team } = targetPageQuery(args.request);
  return formCall(
    async () => {
      const { file } = await readSpreadsheetForm(args.request);
      if (!file || !hasExcelName(file.name)) throw new AppError(415, NOT_EXCEL, { field: "file" });
      const result = await importTargets(user, file.bytes);
      const notice = targetImportNotice(result, requestTranslator(args.context, "targets"));
      // Another team's officer in a row refuses the file as the policy refuses: 403.
      if (result.failed > 0) {
        const errors = result.errors.map((error) => rowErrorText(error, said));
        return data({ notice, errors }, { status: result.forbidden ? 403 : 400 });
      }
      return redirectWithToast(withQuery(TARGET_IMPORT_PATH, { period, team: team ?? null }), notice);
    },
    (error) =>
      data(
        {
          notice: {
            title: requestTranslator(args.context, "targets")("targets:import.failed"),
            description: said(error.message, error.values),
            type: "error" as const,
          },
          errors: [],
        },
        { status: error.status },
      ),
  );
}

/** The file's own words (columns, a period's form) as they must be written: `<0>`…`</0>` and on. */
const CODE = { 0: <code />, 1: <code />, 2: <code />, 3: <code /> };

export default function TargetImport({ loaderData, actionData: answer }: Route.ComponentProps) {
  const refused = isFailedRequest(answer) ? undefined : answer;
  const t = useT();
  const language = useLanguage();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("targets:import.title")}</h1>
      <AllOrNothingImport
        refused={refused}
        fileId="targets-file"
        submit={t("targets:import.submit")}
        about={
          <>
            <p>{t("targets:import.about")}</p>
            <ul className="list-disc space-y-1 ps-5">
              {IMPORT_HELP_KEYS.map((key) => (
                <li key={key}>
                  <RichMessage id={key} values={IMPORT_HELP_VALUES} components={CODE} />
                </li>
              ))}
            </ul>
            <a href={withQuery(TARGET_TEMPLATE_PATH, loaderData)} download className="btn-secondary w-full">
              <Icon name="download" size={16} />{" "}
              {t("targets:import.template", { period: periodName(loaderData.period, t, language) })}
            </a>
          </>
        }
      />
      <p className="text-sm">
        <Link to={withQuery("/targets", loaderData)} className="link tap">
          {t("targets:import.back")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="common:failed.importTargets" />;
}
