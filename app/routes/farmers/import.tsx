import { data, Form, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/import";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { pageMessages, said } from "~/http/language.server";
import { AdminErrorView } from "~/components/access-denied";
import { AllOrNothingImport } from "~/components/imports/all-or-nothing-import";
import { Icon } from "~/components/icon";
import { requireAllowed } from "~/http/auth.server";
import { farmerImportNotice } from "~/http/farmer-import-notice.server";
import { farmerImportTeamOf } from "~/http/farmer-import-query.server";
import { formCall, pageCall } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { hasExcelName, NOT_EXCEL } from "~/lib/dealer-import";
import { FARMER_TEMPLATE_PATH } from "~/lib/farmer-import";
import { isFailedRequest } from "~/lib/failed-request";
import { FARMER_COLUMN_NAMES, FARMER_COLUMNS_HELP } from "~/models/farmer.schema";
import { farmerImportTeams, importFarmers } from "~/models/farmer-import.server";

// Farmers from an Excel file (decision 99): a manager's for a team they lead, an admin's for any
// team. One plain form post (JavaScript off too): every row checked, all written or none.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "farmers:import.pageTitle") }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "farmers.import");
  const team = farmerImportTeamOf(args.request);
  // A team named is one the caller imports for.
  if (team !== undefined) await requireAllowed(args, "farmers.import", { teamId: team });
  const teams = await pageCall(() => farmerImportTeams(user));
  // The only team the caller may import for is chosen for them.
  const chosen = teams.find(({ id }) => id === team) ?? (teams.length === 1 ? teams[0]! : null);
  return { teams, chosen, messages: pageMessages(args.context, "farmers", "dealers") };
}

export async function action(args: Route.ActionArgs) {
  const user = await requireAllowed(args, "farmers.import");
  const team = farmerImportTeamOf(args.request);
  // Another team's refusal comes before the file is read.
  if (team !== undefined) await requireAllowed(args, "farmers.import", { teamId: team });
  return formCall(
    async () => {
      const { file } = await readSpreadsheetForm(args.request);
      if (!file || !hasExcelName(file.name)) throw new AppError(415, NOT_EXCEL, { field: "file" });
      const result = await importFarmers(user, file.bytes, { team, say: said });
      const notice = farmerImportNotice(result);
      if (result.failed > 0) return data({ notice, errors: result.errors }, { status: 400 });
      return redirectWithToast("/farmers", notice);
    },
    (error) =>
      data(
        {
          notice: {
            title: said("farmers:import.failed"),
            description: said(error.message, error.values),
            type: "error" as const,
          },
          errors: [],
        },
        { status: error.status },
      ),
  );
}

/** A help line's <0>…</0> to <3>…</3>: a column's name, or a cell, as the file has it, left to right. */
const COLUMN_CODES = { 0: <code dir="ltr" />, 1: <code dir="ltr" />, 2: <code dir="ltr" />, 3: <code dir="ltr" /> };

export default function FarmerImport({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { teams, chosen } = loaderData;
  const refused = isFailedRequest(answer) ? undefined : answer;
  const t = useT();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("farmers:import.title")}</h1>
      {teams.length === 0 ? (
        <p className="card text-gray-11">{t("farmers:import.noTeam")}</p>
      ) : chosen === null ? (
        <Form method="get" className="card space-y-3">
          <div>
            <label htmlFor="farmers-team" className="field-label">
              {t("farmers:farmer.team")}
            </label>
            <select id="farmers-team" name="team" className="field-input" required>
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </div>
          <p className="text-sm text-gray-11">{t("farmers:import.teamHint")}</p>
          <button type="submit" className="btn-primary w-full">
            {t("farmers:import.chooseTeam")}
          </button>
        </Form>
      ) : (
        <AllOrNothingImport
          refused={refused}
          fileId="farmers-file"
          submit={t("farmers:import.title")}
          about={
            <>
              <p>
                <RichMessage id="farmers:import.about" values={{ team: chosen.name }} components={{ 0: <strong /> }} />
              </p>
              {teams.length > 1 ? (
                <p>
                  <Link to="/farmers/import" className="link tap">
                    {t("farmers:import.anotherTeam")}
                  </Link>
                </p>
              ) : null}
              <ul className="list-disc space-y-1 ps-5">
                {FARMER_COLUMNS_HELP.map((line) => (
                  <li key={line}>
                    {/* The columns' names and a cell's example stay as the file must have them. */}
                    <RichMessage id={line} values={FARMER_COLUMN_NAMES} components={COLUMN_CODES} />
                  </li>
                ))}
              </ul>
              <a href={FARMER_TEMPLATE_PATH} download className="btn-secondary w-full">
                <Icon name="download" size={16} /> {t("farmers:import.template")}
              </a>
            </>
          }
        />
      )}
      <p className="text-sm">
        <Link to="/farmers" className="link tap">
          {t("farmers:import.back")}
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refusal says why: another team's import is not "no permission" to import at all.
  const refusal = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return <AdminErrorView error={error} deniedMessage={refusal} failedMessage="common:failed.importFarmers" />;
}
