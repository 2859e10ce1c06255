import { UserSearchResults } from "~/components/admin/user-search-results";
import { data, Link, redirect, useFetcher } from "react-router";
import { readOpenUser, readUserSearch } from "~/http/users-page.server";
import type { Route } from "./+types/dashboard";
import { AdminErrorView } from "~/components/access-denied";
import { RecentActivity } from "~/components/admin/recent-activity";
import { StatCards } from "~/components/admin/stat-cards";
import { InviteLinkForm, PendingAccounts } from "~/components/admin/approvals";
import { RegistrationSettingsForm } from "~/components/admin/registration-settings";
import { CreditSettingsForm } from "~/components/admin/credit-settings";
import { creditSettingsSchema } from "~/models/ledger.schema";
import { creditSettings, saveCreditSettings } from "~/models/ledger.server";
import { AddUserForm } from "~/components/admin/add-user-form";
import {
  assertCanDeactivate,
  createUserByAdmin,
  getAdminDashboard,
  searchUsers,
  sendAdminPasswordReset,
  updateUserByAdmin,
} from "~/models/admin.server";
import { newUserSchema, updateUserSchema, userIdSchema, type AdminUser } from "~/models/admin.schema";
import { requireAllowed } from "~/http/auth.server";
import type { Action } from "~/models/policy";
import { decideAccount, makeInvite } from "~/http/approvals.server";
import { formCall, pageCall, parseForm, readForm, replyWithError } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import type { ToastInput } from "~/lib/toast";
import { usePublicEnv } from "~/browser/root-data";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { guardRequest } from "~/browser/request-guard";
import { newSubmissionKey } from "~/lib/submission-key";
import { submissionKeyFromForm, type SubmissionKey } from "~/infra/idempotency.server";
import { registrationSettingsSchema } from "~/models/registration.schema";
import {
  listPendingAccounts,
  registrationSettings,
  saveRegistrationSettings,
  teamsApproverMayFill,
} from "~/models/registration.server";
import { usersPageHref, type UsersPageState } from "~/lib/users-page-href";
import { Icon } from "~/components/icon";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import { emailWords } from "~/http/email-words.server";
import type { EmailWords } from "~/models/password-reset.server";
import { languageContext } from "~/http/context";
import type { Translate } from "~/locales/namespaces";
import { ROLE_LABELS } from "~/components/admin/role-labels";
import { log } from "~/infra/log.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "admin:dashboard.pageTitle") }];

/** /admin with the search, page and open row (and the panel to land on), for the pager, the rows and coming back after an action. */
const dashboardHref = (state: UsersPageState, panel?: string) => usersPageHref("/admin", state, panel);

/**
 * The admin's dashboard. A manager's team administration (the accounts waiting, invite links, their
 * people) is /team: /admin is the admin's alone, as the permission table says.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireAllowed(args, "admin.dashboard");
  const search = readUserSearch(args.request);
  const [dashboard, users, pending, teams, registration, credit] = await Promise.all([
    getAdminDashboard(),
    pageCall(() => searchUsers(viewer, search)),
    listPendingAccounts(),
    teamsApproverMayFill(viewer),
    registrationSettings(),
    creditSettings(),
  ]);
  // One key for this page's Reset Password forms (one link per user and key): a retry of a reset
  // whose answer never came sends no second email; the page after a reset has a new key.
  return {
    viewerId: viewer.id,
    query: search.query ?? "",
    team: search.team,
    page: search.page,
    openId: readOpenUser(args.request),
    // "Add user" opens its form here (a link, so it works without JavaScript); admins only.
    adding: new URL(args.request.url).searchParams.get("add") === "user",
    dashboard,
    users,
    pending,
    teams,
    registration,
    credit,
    resetKey: newSubmissionKey(),
    messages: pageMessages(args.context, "admin"),
  };
}

function changedToast(t: Translate, intent: string, user: AdminUser): ToastInput {
  const username = user.username;
  if (intent === "change-role")
    return {
      title: t("admin:toast.roleChanged"),
      description: t("admin:toast.roleChangedDescription", { username, role: t(ROLE_LABELS[user.role]) }),
    };
  return user.isActive
    ? { title: t("admin:toast.reactivated"), description: t("admin:toast.reactivatedDescription", { username }) }
    : { title: t("admin:toast.deactivated"), description: t("admin:toast.deactivatedDescription", { username }) };
}

/** A refusal shown in place, in the reader's language (a rule's message is a catalog's key). */
const refuse = (error: string, status = 400, values?: Record<string, string | number>) =>
  data({ error: said(error, values) }, { status });

/** Each form of the page (its `intent`) and the policy's action it needs. */
const INTENT_ACTIONS = {
  approve: "account.approve",
  refuse: "account.refuse",
  "create-invite": "invite.create",
  "save-registration": "registration.manage",
  "save-credit": "creditSettings.manage",
  "add-user": "user.create",
  "reset-password": "user.resetPassword",
  "change-role": "user.changeRole",
  deactivate: "user.deactivate",
  reactivate: "user.reactivate",
} as const satisfies Record<string, Action>;

type Intent = keyof typeof INTENT_ACTIONS;

const isIntent = (intent: string): intent is Intent => Object.hasOwn(INTENT_ACTIONS, intent);

/**
 * Approve or refuse a waiting account, make an invite link, change who may join, add a user,
 * change a role, deactivate, reactivate or send a reset email. Back to the same list, at the panel
 * the form was in, with a notice. The page is the admin's; each form then asks the policy for its
 * own action.
 */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireAllowed(args, "admin.dashboard");
  // Built from the search alone: the request's path may be the data request's (/admin.data).
  const state = { ...readUserSearch(args.request), manage: readOpenUser(args.request) };
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  if (!isIntent(intent)) return refuse(UNKNOWN_ACTION);
  await requireAllowed(args, INTENT_ACTIONS[intent]);
  const t = requestTranslator(args.context, "admin");
  switch (intent) {
    case "approve":
    case "refuse":
      return decideAccount(viewer, intent, form, dashboardHref(state, "pending"));
    case "create-invite":
      return makeInvite(viewer, form);
    case "save-registration":
      return saveRegistration(t, form, dashboardHref(state, "registration"));
    case "save-credit":
      return saveCredit(t, form, dashboardHref(state, "credit"));
    case "add-user":
      return addUser(t, viewer.id, form);
    case "reset-password":
    case "change-role":
    case "deactivate":
    case "reactivate":
      return changeAccount(
        t,
        viewer.id,
        intent,
        form,
        dashboardHref(state),
        emailWords(args.context.get(languageContext)),
      );
  }
}

async function changeAccount(
  t: Translate,
  adminId: number,
  intent: string,
  form: FormData,
  back: string,
  words: EmailWords,
) {
  const userId = userIdSchema.safeParse(form.get("userId") ?? undefined);
  if (!userId.success) return refuse(userId.error.issues[0]?.message ?? "Invalid user");
  // Each change is the update the API's PATCH /api/admin/users/{id} would send.
  switch (intent) {
    case "reset-password":
      return sendReset(t, words, adminId, userId.data, back, submissionKeyFromForm(form));
    case "change-role":
      return changeUser(t, adminId, userId.data, intent, { role: form.get("role") ?? undefined }, back);
    case "deactivate":
      // Deactivating signs the officer out at once: it is asked first (a page without JavaScript).
      if (form.get("confirm") !== "yes") {
        return formCall(
          async () => {
            await assertCanDeactivate(adminId, userId.data);
            return redirect(`/admin/users/${userId.data}/deactivate`);
          },
          (error) => refuse(error.message, error.status, error.values),
        );
      }
      return changeUser(t, adminId, userId.data, intent, { isActive: false }, back);
    default:
      return changeUser(t, adminId, userId.data, intent, { isActive: true }, back);
  }
}

/** The new account's row, found and open, with a notice; a refusal keeps the form as typed (the password aside). */
async function addUser(t: Translate, adminId: number, form: FormData) {
  const submission = parseForm(form, newUserSchema);
  if (submission.status !== "success")
    return data({ addUser: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  return formCall(
    async () => {
      const user = await createUserByAdmin(adminId, submission.value);
      return redirectWithToast(dashboardHref({ query: user.username, manage: user.id }), {
        title: t("admin:toast.userAdded"),
        description: t("admin:toast.userAddedDescription", { username: user.username }),
      });
    },
    (error) =>
      data({ addUser: replyWithError(submission, error, { hideFields: ["password"] }) }, { status: error.status }),
  );
}

async function saveRegistration(t: Translate, form: FormData, back: string) {
  const settings = registrationSettingsSchema.safeParse({
    mode: form.get("mode") ?? undefined,
    domains: form.get("domains") ?? "",
  });
  if (!settings.success)
    return data({ registrationError: said(settings.error.issues[0]?.message ?? "") }, { status: 400 });
  await saveRegistrationSettings(settings.data);
  return redirectWithToast(back, {
    title: t("admin:toast.registrationSaved"),
    description: t("admin:toast.registrationSavedDescription"),
  });
}

async function saveCredit(t: Translate, form: FormData, back: string) {
  const settings = creditSettingsSchema.safeParse({
    defaultTermsDays: form.get("defaultTermsDays") ?? undefined,
    limitBlocks: form.get("limitBlocks") ?? undefined,
  });
  if (!settings.success) return data({ creditError: said(settings.error.issues[0]?.message ?? "") }, { status: 400 });
  await saveCreditSettings(settings.data);
  return redirectWithToast(back, {
    title: t("admin:toast.creditSaved"),
    description: t("admin:toast.creditSavedDescription"),
  });
}

async function changeUser(
  t: Translate,
  adminId: number,
  userId: number,
  intent: string,
  change: unknown,
  back: string,
) {
  const input = updateUserSchema.safeParse(change);
  if (!input.success) return refuse(input.error.issues[0]?.message ?? "Invalid change");
  return formCall(
    async () => redirectWithToast(back, changedToast(t, intent, await updateUserByAdmin(adminId, userId, input.data))),
    (error) => refuse(error.message, error.status, error.values),
  );
}

async function sendReset(
  t: Translate,
  words: EmailWords,
  adminId: number,
  userId: number,
  back: string,
  requestKey: SubmissionKey | undefined,
) {
  try {
    return await formCall(
      async () => {
        await sendAdminPasswordReset(adminId, userId, words, requestKey);
        return redirectWithToast(back, { title: t("admin:toast.resetSent") });
      },
      (error) => refuse(error.message, error.status, error.values),
    );
  } catch (error) {
    // The email could not be sent (the mail server is down): the admin gets the failure notice.
    log.error({ err: error }, "admin password reset failed");
    return redirectWithToast(back, { title: t("admin:toast.resetFailed"), type: "error" });
  }
}

/** The notice for a form whose request failed on the way, by its intent. */
const FAILURES = new Map<string, string>([
  ["change-role", "common:failed.changeRole"],
  ["deactivate", "common:failed.deactivate"],
  ["reactivate", "common:failed.reactivate"],
  ["reset-password", "admin:toast.resetFailed"],
  ["approve", "common:failed.approve"],
  ["refuse", "common:failed.refuse"],
  ["create-invite", "common:failed.createInvite"],
  ["save-registration", "common:failed.saveRegistration"],
  ["add-user", "common:failed.addUser"],
]);

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: "common:notice.error",
    description: FAILURES.get(String(form.get("intent"))) ?? UNKNOWN_ACTION,
  }));

/** The quick actions; the sample's 76 dealers only while the directory is empty (on a live one they doubled the demo's). */
function QuickActions({ directoryEmpty }: { directoryEmpty: boolean }) {
  // A fetcher, so a recalculation that failed leaves the admin here; a done one goes to the rankings.
  const recalculation = useFetcher();
  const recalculating = recalculation.state !== "idle";
  const t = useT();
  return (
    <section className="card space-y-3" aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="font-semibold">
        {t("admin:quick.title")}
      </h2>
      <div className="grid grid-cols-2 gap-2 text-sm">
        <Link to="/dealers/import" className="btn-secondary text-sm">
          <Icon name="upload" size={16} />
          {t("admin:quick.importDealers")}
        </Link>
        <Link to="/admin/opening-balances" className="btn-secondary text-sm">
          <Icon name="upload" size={16} />
          {t("admin:quick.openingBalances")}
        </Link>
        {directoryEmpty ? (
          <Link to="/admin/import" className="btn-secondary text-sm">
            <Icon name="upload" size={16} />
            {t("admin:quick.sampleImport")}
          </Link>
        ) : null}
        <recalculation.Form method="post" action="/leaderboard">
          <button
            type="submit"
            name="intent"
            value="recalculate"
            className="btn-secondary w-full text-sm"
            disabled={recalculating}
          >
            <Icon name="refresh-cw" size={16} className={recalculating ? "animate-spin" : undefined} />
            {recalculating ? t("admin:quick.recalculating") : t("admin:quick.recalculate")}
          </button>
        </recalculation.Form>
        <Link to="/admin/outbox" className="btn-secondary text-sm">
          <Icon name="mail" size={16} />
          {t("admin:quick.outbox")}
        </Link>
        <Link to="/admin/teams" className="btn-secondary text-sm">
          <Icon name="users" size={16} />
          {t("admin:quick.teams")}
        </Link>
        <Link to="/admin/webhooks" className="btn-secondary text-sm">
          <Icon name="webhook" size={16} />
          {t("admin:quick.webhooks")}
        </Link>
        <Link to="/admin/service-accounts" className="btn-secondary text-sm">
          <Icon name="bot" size={16} />
          {t("admin:quick.serviceAccounts")}
        </Link>
      </div>
    </section>
  );
}

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { viewerId, query, team, page, openId, adding, dashboard, users, pending, teams, registration, credit } =
    loaderData;
  const { resetKey } = loaderData;
  const env = usePublicEnv();
  const t = useT();
  // A request that failed on the way says so in its notice; a refusal shows here.
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const refusal = answer && "error" in answer ? answer.error : undefined;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("admin:dashboard.title")}</h1>
      <StatCards stats={dashboard.stats} currency={env.CURRENCY_SYMBOL} />
      <QuickActions directoryEmpty={dashboard.stats.dealers === 0} />
      <RecentActivity dashboard={dashboard} />
      <PendingAccounts
        accounts={pending}
        teams={teams}
        timeZone={env.APP_TIME_ZONE}
        refusal={answer && "approval" in answer ? answer.approval : undefined}
      />
      <InviteLinkForm teams={teams} invite={answer && "invite" in answer ? answer.invite : undefined} />
      <RegistrationSettingsForm
        settings={registration}
        error={answer && "registrationError" in answer ? answer.registrationError : undefined}
      />
      <CreditSettingsForm
        settings={credit}
        error={answer && "creditError" in answer ? answer.creditError : undefined}
      />

      <section id="users" className="card scroll-mt-16 space-y-3 px-2 sm:px-4" aria-labelledby="users-title">
        <div className="flex items-center justify-between gap-2 px-2 sm:px-0">
          <h2 id="users-title" className="font-semibold">
            {t("admin:users.title")} <span className="text-sm font-normal text-gray-11">({users.total})</span>
          </h2>
          {!adding ? (
            <Link to="/admin?add=user" className="btn-secondary px-3 text-sm">
              <Icon name="user-plus" size={16} />
              {t("admin:users.add")}
            </Link>
          ) : null}
        </div>
        {adding ? (
          <AddUserForm
            teams={teams}
            lastResult={answer && "addUser" in answer ? answer.addUser : undefined}
            cancelHref={dashboardHref({ query, page, team })}
          />
        ) : null}
        <UserSearchResults
          users={users}
          state={{ query, page, team }}
          hrefOf={dashboardHref}
          viewerId={viewerId}
          timeZone={env.APP_TIME_ZONE}
          resetKey={resetKey}
          manage
          openId={openId}
          notice={
            refusal ? (
              <p
                role="alert"
                className="mx-2 rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11 sm:mx-0"
              >
                {refusal}
              </p>
            ) : null
          }
        />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminErrorView
      error={error}
      deniedMessage="common:error.deniedAdminDashboard"
      failedMessage="common:failed.loadAdminDashboard"
    />
  );
}
