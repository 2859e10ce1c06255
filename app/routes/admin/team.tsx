import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/team";
import { Icon } from "~/components/icon";
import { AdminErrorView } from "~/components/access-denied";
import { TeamFields } from "~/components/admin/team-fields";
import { guardRequest } from "~/browser/request-guard";
import { requireAllowed } from "~/http/auth.server";
import { formCall, pageCall, readForm, requirePageId } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import type { AppError } from "~/lib/app-error";
import { isFailedRequest } from "~/lib/failed-request";
import { parseId } from "~/lib/ids";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { displayName } from "~/lib/names";
import { deleteTeam, getTeam, setTeamManager, setTeamMember, teamCandidates, updateTeam } from "~/models/team.server";
import { TEAM_NOT_FOUND, teamFormErrors, teamFormInput, teamSchema, type TeamPerson } from "~/models/team.schema";
import { useSay, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.team.name ?? "Team"} · Fieldline` },
];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, "teams.manage");
  const id = requirePageId(args.params.id, TEAM_NOT_FOUND);
  const team = await pageCall(() => getTeam(id));
  const confirmDelete = new URL(args.request.url).searchParams.get("delete") === "confirm";
  return { team, candidates: await teamCandidates(id), confirmDelete, messages: pageMessages(args.context, "admin") };
}

/**
 * The team's forms, named by `intent`: `update` (name and territory), `add-member`,
 * `remove-member`, `add-manager`, `remove-manager` and `delete` (asked first: without
 * `confirm=yes` it goes to the confirmation). Any other intent answers 400.
 */
export async function action(args: Route.ActionArgs) {
  await requireAllowed(args, "teams.manage");
  const id = requirePageId(args.params.id, TEAM_NOT_FOUND);
  const page = `/admin/teams/${id}`;
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const t = requestTranslator(args.context, "admin");
  const refuse = (error: string, status = 400, errors: Record<string, string> = {}) =>
    data({ intent, error, errors }, { status });
  // A model's refusal in the reader's language (a schema's messages are said where the page shows them).
  const refused = (error: AppError) => refuse(said(error.message, error.values), error.status);
  const userId = parseId(form.get("userId"));
  const person = async (change: (userId: number) => Promise<unknown>, title: string) => {
    if (userId === null) return refuse(t("admin:team.choosePerson"));
    return formCall(async () => {
      await change(userId);
      return redirectWithToast(page, { title });
    }, refused);
  };
  switch (intent) {
    case "update": {
      const input = teamSchema.safeParse(teamFormInput(form));
      if (!input.success) {
        const errors = teamFormErrors(input.error);
        return refuse(Object.values(errors)[0] ?? "Invalid team", 400, errors);
      }
      return formCall(
        async () => {
          await updateTeam(id, input.data);
          return redirectWithToast(page, { title: t("admin:toast.teamSaved") });
        },
        (error) => {
          const message = said(error.message, error.values);
          return refuse(message, error.status, error.field ? { [error.field]: message } : {});
        },
      );
    }
    case "add-member":
      return person((user) => setTeamMember(id, user, true), t("admin:toast.officerAdded"));
    case "remove-member":
      return person((user) => setTeamMember(id, user, false), t("admin:toast.memberRemoved"));
    case "add-manager":
      return person((user) => setTeamManager(id, user, true), t("admin:toast.managerAdded"));
    case "remove-manager":
      return person((user) => setTeamManager(id, user, false), t("admin:toast.managerRemoved"));
    case "delete":
      if (form.get("confirm") !== "yes") return redirect(`${page}?delete=confirm`);
      return formCall(async () => {
        await deleteTeam(id);
        return redirectWithToast("/admin/teams", { title: t("admin:toast.teamDeleted") });
      }, refused);
    default:
      return refuse(UNKNOWN_ACTION);
  }
}

const FAILURES = new Map<string, string>([
  ["update", "common:failed.teamSave"],
  ["add-member", "common:failed.teamAddOfficer"],
  ["remove-member", "common:failed.teamRemoveOfficer"],
  ["add-manager", "common:failed.teamAddManager"],
  ["remove-manager", "common:failed.teamRemoveManager"],
  ["delete", "common:failed.teamDelete"],
]);

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: "common:notice.error",
    description: FAILURES.get(String(form.get("intent"))) ?? UNKNOWN_ACTION,
  }));

function personLabel(person: TeamPerson): string {
  return `${displayName(person)} (@${person.username})`;
}

/** A list of people, each with a Remove form of `intent`. */
function People({
  people,
  intent,
  empty,
  label,
}: {
  people: TeamPerson[];
  intent: string;
  empty: string;
  label: string;
}) {
  const t = useT();
  if (people.length === 0) return <p className="text-sm text-gray-11">{empty}</p>;
  return (
    <ul className="divide-y divide-gray-6" aria-label={label}>
      {people.map((person) => (
        <li key={person.id} className="flex items-center gap-2 py-2">
          <span className="min-w-0 flex-1 truncate text-sm">{personLabel(person)}</span>
          <Form method="post">
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="userId" value={person.id} />
            <button
              type="submit"
              className="btn-secondary px-3 text-sm"
              aria-label={t("admin:team.removePerson", { person: personLabel(person) })}
            >
              {t("admin:team.remove")}
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}

/** A select of people and an Add button, posting `intent`. */
function AddPerson({
  people,
  intent,
  label,
  button,
  empty,
}: {
  people: TeamPerson[];
  intent: string;
  label: string;
  button: string;
  empty: string;
}) {
  const t = useT();
  if (people.length === 0) return <p className="text-sm text-gray-11">{empty}</p>;
  const id = `${intent}-user`;
  return (
    <Form method="post" className="flex items-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="field-label">
          {label}
        </label>
        <select id={id} name="userId" required className="field-input" defaultValue="">
          <option value="" disabled>
            {t("admin:team.choose")}
          </option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {personLabel(person)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary px-3">
        {button}
      </button>
    </Form>
  );
}

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  const { team, candidates, confirmDelete } = loaderData;
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const page = `/admin/teams/${team.id}`;
  const t = useT();
  const say = useSay();

  if (confirmDelete) {
    return (
      <div className="card mx-auto max-w-sm space-y-4 text-center">
        <h1 className="text-xl font-bold">{t("admin:team.deleteTitle", { team: team.name })}</h1>
        <p>{t("admin:team.deleteExplain", { count: team.memberCount })}</p>
        <Form method="post" action={page} className="grid grid-cols-2 gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="confirm" value="yes" />
          <Link to={page} className="btn-secondary">
            {t("admin:form.cancel")}
          </Link>
          <button type="submit" className="btn-primary bg-danger-9">
            {t("admin:team.delete")}
          </button>
        </Form>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <Link to="/admin/teams" className="btn-ghost -ms-2 px-2">
          <Icon name="arrow-left" size={18} className="rtl:-scale-x-100" /> {t("admin:team.back")}
        </Link>
        <h1 className="text-xl font-bold">{team.name}</h1>
      </header>
      {answer?.error && Object.keys(answer.errors).length === 0 ? (
        <p role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
          {say(answer.error)}
        </p>
      ) : null}

      <section className="card space-y-3" aria-labelledby="territory-title">
        <h2 id="territory-title" className="font-semibold">
          {t("admin:team.territory")}
        </h2>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="update" />
          <TeamFields idPrefix="team" values={team} errors={answer?.intent === "update" ? answer.errors : undefined} />
          <button type="submit" className="btn-primary w-full">
            {t("admin:team.save")}
          </button>
        </Form>
      </section>

      <section className="card space-y-3" aria-labelledby="members-title">
        <h2 id="members-title" className="font-semibold">
          {t("admin:team.members")} <span className="text-sm font-normal text-gray-11">({team.members.length})</span>
        </h2>
        <People
          people={team.members}
          intent="remove-member"
          empty={t("admin:team.noMembers")}
          label={t("admin:team.members")}
        />
        <AddPerson
          people={candidates.officers}
          intent="add-member"
          label={t("admin:team.addOfficer")}
          button={t("admin:team.add")}
          empty={t("admin:team.allOfficers")}
        />
      </section>

      <section className="card space-y-3" aria-labelledby="managers-title">
        <h2 id="managers-title" className="font-semibold">
          {t("admin:team.managers")} <span className="text-sm font-normal text-gray-11">({team.managers.length})</span>
        </h2>
        <People
          people={team.managers}
          intent="remove-manager"
          empty={t("admin:team.noManagers")}
          label={t("admin:team.managers")}
        />
        <AddPerson
          people={candidates.managers}
          intent="add-manager"
          label={t("admin:team.addManager")}
          button={t("admin:team.add")}
          empty={t("admin:team.allManagers")}
        />
      </section>

      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="btn-secondary w-full text-danger-11">
          {t("admin:team.delete")}
        </button>
      </Form>
    </div>
  );
}

// A team not found answers 404 with its message, which the view shows.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="common:failed.loadTeam" />;
}
