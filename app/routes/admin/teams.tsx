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
import { metaTitle, useSay, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import type { Translate } from "~/locales/namespaces";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "admin:teams.pageTitle") }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, "teams.manage");
  return { teams: await listTeamsFor(admin), messages: pageMessages(args.context, "admin") };
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
          const t = requestTranslator(args.context, "admin");
          return redirectWithToast(`/admin/teams/${team.id}`, {
            title: t("admin:toast.teamCreated"),
            description: team.name,
          });
        },
        (error) => {
          const message = said(error.message, error.values);
          return data(
            { error: message, errors: error.field ? { [error.field]: message } : {}, values },
            { status: error.status },
          );
        },
      );
    }
    default:
      return data({ error: UNKNOWN_ACTION, errors: {}, values: undefined }, { status: 400 });
  }
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: "common:failed.teamCreate" }));

/** A territory in a few words: its provinces, then its districts. */
function territoryText(t: Translate, team: { provinces: string[]; districts: string[] }): string {
  const parts = [...team.provinces, ...team.districts];
  return parts.length > 0 ? parts.join(", ") : t("admin:teams.noTerritory");
}

export default function Teams({ loaderData, actionData }: Route.ComponentProps) {
  const { teams } = loaderData;
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const t = useT();
  const say = useSay();
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-bold">{t("admin:teams.title")}</h1>
        <p className="text-sm text-gray-11">
          {t("admin:teams.about")}{" "}
          <Link to="/admin" className="link tap-line">
            {t("admin:back.dashboard")}
          </Link>
        </p>
      </header>

      {teams.length === 0 ? (
        <p className="card text-center text-gray-11">{t("admin:teams.none")}</p>
      ) : (
        <ul className="space-y-2" aria-label={t("admin:teams.title")}>
          {teams.map((team) => (
            <li key={team.id} className="card space-y-1 p-3" data-testid="team-card">
              <h2 className="font-semibold">
                <Link to={`/admin/teams/${team.id}`} className="link tap-line">
                  {team.name}
                </Link>
              </h2>
              <p className="text-sm text-gray-11">{territoryText(t, team)}</p>
              <p className="text-sm text-gray-11">
                {t("admin:teams.counts", { members: team.memberCount, managers: team.managerCount })}
              </p>
            </li>
          ))}
        </ul>
      )}

      <section className="card space-y-3" aria-labelledby="new-team-title">
        <h2 id="new-team-title" className="font-semibold">
          {t("admin:teams.new")}
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="create" />
          {answer?.error && Object.keys(answer.errors).length === 0 ? (
            <p role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
              {say(answer.error)}
            </p>
          ) : null}
          <TeamFields idPrefix="new-team" values={answer?.values} errors={answer?.errors} />
          <button type="submit" className="btn-primary w-full">
            {t("admin:teams.create")}
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="common:failed.loadTeams" />;
}
