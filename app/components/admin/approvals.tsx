import { Form, useLocation, useNavigation } from "react-router";
import { formatLocalDate } from "~/lib/date-format";
import { displayName } from "~/lib/names";
import type { InviteLink, PendingAccount } from "~/models/registration.schema";
import { TeamSelect } from "~/components/team-select";
import type { TeamView } from "~/models/team.schema";
import { RichMessage, useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";

/** The one team there is to choose, chosen already: an approver who leads one team has nothing to pick. */
const onlyTeam = (teams: TeamView[]) => (teams.length === 1 ? teams[0]!.id : null);

/**
 * The accounts waiting for approval: approve into a team, or refuse. Plain forms, so JavaScript is
 * optional; a refused approval (no team chosen) is answered by the server beside its account.
 */
export function PendingAccounts({
  accounts,
  teams,
  timeZone,
  refusal,
}: {
  accounts: PendingAccount[];
  teams: TeamView[];
  timeZone: string;
  refusal?: { userId: number; error: string };
}) {
  const t = useT();
  const language = useLanguage();
  const navigation = useNavigation();
  const busy = (intent: string, userId: number) =>
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("userId") === String(userId);
  return (
    <section id="pending" className="card scroll-mt-16 space-y-3" aria-labelledby="pending-title">
      <h2 id="pending-title" className="font-semibold">
        {t("admin:pending.title")} <span className="text-sm font-normal text-gray-11">({accounts.length})</span>
      </h2>
      {accounts.length === 0 ? <p className="text-sm text-gray-11">{t("admin:pending.none")}</p> : null}
      {/* A refusal for an account no longer listed (decided meanwhile by another approver) has no row to sit beside. */}
      {refusal && !accounts.some((account) => account.id === refusal.userId) ? (
        <p role="alert" className="text-sm text-danger-11">
          {refusal.error}
        </p>
      ) : null}
      {teams.length === 0 && accounts.length > 0 ? (
        <p className="text-sm text-gray-11">{t("admin:pending.noTeams")}</p>
      ) : null}
      <ul className="space-y-3">
        {accounts.map((account) => (
          <li key={account.id} className="rounded-lg border border-gray-4 p-3" data-testid="pending-account">
            <p className="font-medium break-words">{displayName(account)}</p>
            <p className="text-xs break-all text-gray-11">
              <bdi dir="ltr">@{account.username}</bdi> · <bdi dir="ltr">{account.email}</bdi>
              {account.phone ? (
                <>
                  {" · "}
                  <bdi dir="ltr">{account.phone}</bdi>
                </>
              ) : null}
            </p>
            <p className="text-xs text-gray-11">
              <RichMessage
                id="admin:pending.registered"
                components={{
                  0: (
                    <time dateTime={account.createdAt}>
                      {formatLocalDate(account.createdAt, timeZone, { language })}
                    </time>
                  ),
                }}
              />
              {account.homeAddress ? ` · ${account.homeAddress}` : ""}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {teams.length > 0 ? (
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="userId" value={account.id} />
                  <TeamSelect
                    teams={teams}
                    team={onlyTeam(teams)}
                    id={`approve-team-${account.id}`}
                    name="teamId"
                    choose={t("admin:teamSelect.choose")}
                    required={false}
                    compact
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="approve"
                    className="btn-primary px-3 text-sm"
                    disabled={busy("approve", account.id)}
                  >
                    {busy("approve", account.id)
                      ? t("admin:pending.approving")
                      : t("admin:pending.approve", { username: account.username })}
                  </button>
                </Form>
              ) : null}
              <Form method="post">
                <input type="hidden" name="userId" value={account.id} />
                <button
                  type="submit"
                  name="intent"
                  value="refuse"
                  className="btn-secondary px-3 text-sm text-danger-11"
                  disabled={busy("refuse", account.id)}
                >
                  {busy("refuse", account.id)
                    ? t("admin:pending.refusing")
                    : t("admin:pending.refuse", { username: account.username })}
                </button>
              </Form>
            </div>
            {refusal?.userId === account.id ? (
              <p role="alert" className="mt-2 text-sm text-danger-11">
                {refusal.error}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Makes a one-time invite link into a team; the new link shows here once. */
export function InviteLinkForm({ teams, invite }: { teams: TeamView[]; invite: InviteLink | undefined }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-invite";
  // The new link answers in place, not by a redirect: without JavaScript the page comes back at this panel.
  const { pathname, search } = useLocation();
  if (teams.length === 0) return null;
  return (
    <section id="invite" className="card scroll-mt-16 space-y-3" aria-labelledby="invite-title">
      <h2 id="invite-title" className="font-semibold">
        {t("admin:invite.title")}
      </h2>
      <p className="text-sm text-gray-11">{t("admin:invite.about")}</p>
      <Form method="post" action={`${pathname}${search}#invite`} className="flex flex-wrap items-center gap-2">
        <TeamSelect
          teams={teams}
          team={onlyTeam(teams)}
          id="invite-team"
          name="teamId"
          choose={t("admin:teamSelect.choose")}
          compact
        />
        <button
          type="submit"
          name="intent"
          value="create-invite"
          className="btn-secondary px-3 text-sm"
          disabled={busy}
        >
          {busy ? t("admin:invite.creating") : t("admin:invite.create")}
        </button>
      </Form>
      {invite ? (
        <div className="rounded-lg border border-accent-7 bg-accent-2 p-3 text-sm" role="status">
          <p>{t("admin:invite.created", { team: invite.team.name })}</p>
          <label htmlFor="invite-url" className="sr-only">
            {t("admin:invite.title")}
          </label>
          <input id="invite-url" dir="ltr" readOnly value={invite.url} className="field-input mt-2 w-full text-xs" />
        </div>
      ) : null}
    </section>
  );
}
