import { UserSearchResults } from "~/components/admin/user-search-results";
import { data } from "react-router";
import { readOpenUser, readUserSearch } from "~/http/users-page.server";
import type { Route } from "./+types/team-admin";
import { AdminErrorView } from "~/components/access-denied";
import { InviteLinkForm, PendingAccounts } from "~/components/admin/approvals";
import { decideAccount, makeInvite } from "~/http/approvals.server";
import { requireAllowed } from "~/http/auth.server";
import { pageCall, readForm } from "~/http/form.server";
import { searchUsers } from "~/models/admin.server";
import { listPendingAccounts, teamsApproverMayFill } from "~/models/registration.server";
import { usePublicEnv } from "~/browser/root-data";
import { guardRequest } from "~/browser/request-guard";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { usersPageHref, type UsersPageState } from "~/lib/users-page-href";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages } from "~/http/language.server";

// A manager's team administration: the accounts waiting (approved into a team they lead), invite
// links to those teams, and their people. /admin and /api/admin/* are the admin's; an admin may use
// this page too, for every team. Who may do what is the models' rule (registration.server.ts,
// team-scope.server.ts), the same through /api/team/*.

// The root's words (common), so that the page refused (403) keeps its title too.
export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "common:teamAdmin.pageTitle") }];

const teamHref = (state: UsersPageState, panel?: string) => usersPageHref("/team", state, panel);

export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireAllowed(args, "team.administer");
  const search = readUserSearch(args.request);
  const [users, pending, teams] = await Promise.all([
    pageCall(() => searchUsers(viewer, search)),
    listPendingAccounts(),
    teamsApproverMayFill(viewer),
  ]);
  return {
    viewerId: viewer.id,
    query: search.query ?? "",
    team: search.team,
    openId: readOpenUser(args.request),
    users,
    pending,
    teams,
    // The approvals, invite links and people lists are the admin pages' own components.
    messages: pageMessages(args.context, "people", "admin"),
  };
}

/** Approve or refuse a waiting account, or make an invite link; back at the approvals with a notice. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireAllowed(args, "team.administer");
  const state = { ...readUserSearch(args.request), manage: readOpenUser(args.request) };
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "approve":
    case "refuse":
      return decideAccount(viewer, intent, form, teamHref(state, "pending"));
    case "create-invite":
      return makeInvite(viewer, form);
    default:
      return data({ error: UNKNOWN_ACTION }, { status: 400 });
  }
}

const FAILURES = new Map<string, string>([
  ["approve", "common:failed.approve"],
  ["refuse", "common:failed.refuse"],
  ["create-invite", "common:failed.createInvite"],
]);

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: "common:notice.error",
    description: FAILURES.get(String(form.get("intent"))) ?? UNKNOWN_ACTION,
  }));

export default function TeamAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { viewerId, query, team, openId, users, pending, teams } = loaderData;
  const env = usePublicEnv();
  const t = useT();
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const refusal = answer && "error" in answer ? answer.error : undefined;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("people:team.title")}</h1>
      {refusal ? (
        <p role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
          {refusal}
        </p>
      ) : null}
      <PendingAccounts
        accounts={pending}
        teams={teams}
        timeZone={env.APP_TIME_ZONE}
        refusal={answer && "approval" in answer ? answer.approval : undefined}
      />
      <InviteLinkForm teams={teams} invite={answer && "invite" in answer ? answer.invite : undefined} />

      <section id="users" className="card scroll-mt-16 space-y-3 px-2 sm:px-4" aria-labelledby="users-title">
        <h2 id="users-title" className="px-2 font-semibold sm:px-0">
          {t("people:team.yourPeople")}{" "}
          <span className="text-sm font-normal text-gray-11" dir="ltr">
            ({users.total})
          </span>
        </h2>
        <UserSearchResults
          users={users}
          state={{ query, page: users.page, team }}
          hrefOf={teamHref}
          viewerId={viewerId}
          timeZone={env.APP_TIME_ZONE}
          resetKey=""
          manage={false}
          openId={openId}
        />
      </section>
    </div>
  );
}

/** A failed loader sends no messages of its own: the boundary's words are the root's (common). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminErrorView error={error} deniedMessage="common:teamAdmin.denied" failedMessage="common:teamAdmin.loadFailed" />
  );
}
