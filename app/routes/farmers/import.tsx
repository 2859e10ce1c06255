import { data, Form, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/import";
import { AdminErrorView } from "~/components/access-denied";
import { AllOrNothingImport } from "~/components/imports/all-or-nothing-import";
import { Icon } from "~/components/icon";
import { requireAllowed } from "~/http/auth.server";
import { farmerImportTeamOf } from "~/http/farmer-import-query.server";
import { formCall, pageCall } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { readSpreadsheetForm } from "~/http/upload-forms.server";
import { AppError } from "~/lib/app-error";
import { hasExcelName, NOT_EXCEL } from "~/lib/dealer-import";
import { FARMER_COLUMNS_HELP, FARMER_TEMPLATE_PATH, farmerImportNotice } from "~/lib/farmer-import";
import { isFailedRequest } from "~/lib/failed-request";
import { farmerImportTeams, importFarmers } from "~/models/farmer-import.server";

// Farmers from an Excel file (decision 99): a manager's for a team they lead, an admin's for any
// team. One plain form post (JavaScript off too): every row checked, all written or none.

export const meta: Route.MetaFunction = () => [{ title: "Import Farmers · Fieldline" }];

export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "farmers.import");
  const team = farmerImportTeamOf(args.request);
  // A team named is one the caller imports for.
  if (team !== undefined) await requireAllowed(args, "farmers.import", { teamId: team });
  const teams = await pageCall(() => farmerImportTeams(user));
  // The only team the caller may import for is chosen for them.
  const chosen = teams.find(({ id }) => id === team) ?? (teams.length === 1 ? teams[0]! : null);
  return { teams, chosen };
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
      const result = await importFarmers(user, file.bytes, { team });
      const notice = farmerImportNotice(result);
      if (result.failed > 0) return data({ notice, errors: result.errors }, { status: 400 });
      return redirectWithToast("/farmers", notice);
    },
    (error) =>
      data(
        { notice: { title: "Import Failed", description: error.message, type: "error" as const }, errors: [] },
        { status: error.status },
      ),
  );
}

export default function FarmerImport({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { teams, chosen } = loaderData;
  const refused = isFailedRequest(answer) ? undefined : answer;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Import Farmers</h1>
      {teams.length === 0 ? (
        <p className="card text-gray-11">There is no team yet for the farmers to belong to.</p>
      ) : chosen === null ? (
        <Form method="get" className="card space-y-3">
          <div>
            <label htmlFor="farmers-team" className="field-label">
              Team
            </label>
            <select id="farmers-team" name="team" className="field-input" required>
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </div>
          <p className="text-sm text-gray-11">The team whose people will work with the farmers of the file.</p>
          <button type="submit" className="btn-primary w-full">
            Choose Team
          </button>
        </Form>
      ) : (
        <AllOrNothingImport
          refused={refused}
          fileId="farmers-file"
          submit="Import Farmers"
          about={
            <>
              <p>
                An Excel file (.xlsx or .xls, at most 10MB) of farmers for the team <strong>{chosen.name}</strong>.
                Every row is checked first: when one has an error, nothing is imported.
              </p>
              {teams.length > 1 ? (
                <p>
                  <Link to="/farmers/import" className="link tap">
                    Choose another team
                  </Link>
                </p>
              ) : null}
              <ul className="list-disc space-y-1 pl-5">
                {FARMER_COLUMNS_HELP.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <a href={FARMER_TEMPLATE_PATH} download className="btn-secondary w-full">
                <Icon name="download" size={16} /> Download the template
              </a>
            </>
          }
        />
      )}
      <p className="text-sm">
        <Link to="/farmers" className="link tap">
          Back to the farmers
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refusal says why: another team's import is not "no permission" to import at all.
  const refusal = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return <AdminErrorView error={error} deniedMessage={refusal} failedMessage="Failed to import farmers" />;
}
