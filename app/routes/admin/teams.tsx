import { data, Form, Link } from "react-router";
import type { Route } from "./+types/teams";
import { AdminErrorView } from "~/components/access-denied";
import { TeamFields } from "~/components/admin/team-fields";
import { guardRequest } from "~/browser/request-guard";
import { requireAllowed } from "~/http/auth.server";
import { formCall, readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { createTeam, listTeamsFor } from "~/models/team.server";
import { teamFormErrors, teamFormInput, teamSchema } from "~/models/team.schema";

export const meta: Route.MetaFunction = () => [{ title: "Teams · Fieldline" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, "teams.manage");
  return { teams: await listTeamsFor(admin) };
}

/** New team (`intent=create`): the name and territory; on to the team's page to add its people. */
export async function action(args: Route.ActionArgs) {
  await requireAllowed(args, "teams.manage");
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "create": {
      const raw = teamFormInput(form);
      const values = {
        name: typeof raw.name === "string" ? raw.name : "",
        provinces: raw.provinces as string[],
        districts: raw.districts as string[],
      };
      const input = teamSchema.safeParse(raw);
      if (!input.success) {
        const errors = teamFormErrors(input.error);
        return data({ error: Object.values(errors)[0] ?? "Invalid team", errors, values }, { status: 400 });
      }
      return formCall(
        async () => {
          const team = await createTeam(input.data);
          return redirectWithToast(`/admin/teams/${team.id}`, { title: "Team created", description: team.name });
        },
        (error) =>
          data(
            { error: error.message, errors: error.field ? { [error.field]: error.message } : {}, values },
            { status: error.status },
          ),
      );
    }
    default:
      return data({ error: UNKNOWN_ACTION, errors: {}, values: undefined }, { status: 400 });
  }
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: "Failed to create the team. Please try again." }));

/** A territory in a few words: its provinces, then its districts. */
function territoryText(team: { provinces: string[]; districts: string[] }): string {
  const parts = [...team.provinces, ...team.districts];
  return parts.length > 0 ? parts.join(", ") : "No territory";
}

export default function Teams({ loaderData, actionData }: Route.ComponentProps) {
  const { teams } = loaderData;
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-bold">Teams</h1>
        <p className="text-sm text-gray-11">
          Each team covers provinces or districts; its officers start with their territory&apos;s dealers.{" "}
          <Link to="/admin" className="link tap-line">
            Back to the dashboard
          </Link>
        </p>
      </header>

      {teams.length === 0 ? (
        <p className="card text-center text-gray-11">No teams yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Teams">
          {teams.map((team) => (
            <li key={team.id} className="card space-y-1 p-3" data-testid="team-card">
              <h2 className="font-semibold">
                <Link to={`/admin/teams/${team.id}`} className="link tap-line">
                  {team.name}
                </Link>
              </h2>
              <p className="text-sm text-gray-11">{territoryText(team)}</p>
              <p className="text-sm text-gray-11">
                {team.memberCount} {team.memberCount === 1 ? "member" : "members"} · {team.managerCount}{" "}
                {team.managerCount === 1 ? "manager" : "managers"}
              </p>
            </li>
          ))}
        </ul>
      )}

      <section className="card space-y-3" aria-labelledby="new-team-title">
        <h2 id="new-team-title" className="font-semibold">
          New team
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="create" />
          {answer?.error && Object.keys(answer.errors).length === 0 ? (
            <p role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
              {answer.error}
            </p>
          ) : null}
          <TeamFields idPrefix="new-team" values={answer?.values} errors={answer?.errors} />
          <button type="submit" className="btn-primary w-full">
            Create team
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="Failed to load the teams" />;
}
