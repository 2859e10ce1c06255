import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/service-accounts";
import { AdminErrorView } from "~/components/access-denied";
import { FieldErrors, FormErrors, TextField } from "~/components/forms";
import { TeamSelect } from "~/components/team-select";
import { CreatedTokenNotice, NewTokenForm, TokenList } from "~/components/tokens/api-tokens";
import { guardRequest } from "~/browser/request-guard";
import { requireAllowed } from "~/http/auth.server";
import { formCall, parseForm, readForm, replyWithError } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import {
  newServiceAccountSchema,
  newTokenSchema,
  SERVICE_ACCOUNT_NOT_FOUND,
  SERVICE_ROLES,
  tokenIdSchema,
} from "~/models/api-token.schema";
import { tokenScopesFor } from "~/models/policy";
import {
  createServiceAccount,
  createServiceToken,
  listServiceAccounts,
  revokeServiceToken,
} from "~/models/api-token.server";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { userIdSchema } from "~/models/admin.schema";
import { currentTime } from "~/infra/clock.server";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import { ROLE_LABELS } from "~/components/admin/role-labels";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "admin:serviceAccounts.pageTitle") },
];

/** Service accounts: a tool's own user with a role and a team, signing in only with its tokens (decision 48). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, "serviceAccounts.manage");
  const [accounts, teams] = await Promise.all([listServiceAccounts(), teamsVisibleTo(admin)]);
  // The token forms' words are the profile's (the people area's).
  return { accounts, teams, now: currentTime().toISOString(), messages: pageMessages(args.context, "admin", "people") };
}

/** A refusal shown in place, in the reader's language (a rule's message is a catalog's key). */
const refuse = (error: string, status = 400, values?: Record<string, string | number>) =>
  data({ error: said(error, values) }, { status });

/**
 * `create-account`, then `create-token` for it (answered to this page: the token is shown this
 * once) and `revoke-token`. Deactivating the account (its tokens stop) is on the users table.
 */
export async function action(args: Route.ActionArgs) {
  await requireAllowed(args, "serviceAccounts.manage");
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const t = requestTranslator(args.context, "admin");
  if (intent === "create-account") {
    const submission = parseForm(form, newServiceAccountSchema);
    if (submission.status !== "success") return data({ accountResult: submission.reply() }, { status: 400 });
    return formCall(
      async () => {
        const account = await createServiceAccount(submission.value);
        return redirectWithToast("/admin/service-accounts", {
          title: t("admin:toast.serviceAccountCreated"),
          description: t("admin:toast.serviceAccountCreatedDescription", { username: account.username }),
        });
      },
      (error) => data({ accountResult: replyWithError(submission, error) }, { status: error.status }),
    );
  }
  if (intent !== "create-token" && intent !== "revoke-token") return refuse(UNKNOWN_ACTION);
  const accountId = userIdSchema.safeParse(form.get("accountId") ?? undefined);
  if (!accountId.success) return refuse(SERVICE_ACCOUNT_NOT_FOUND, 404);
  if (intent === "revoke-token") {
    const tokenId = tokenIdSchema.safeParse(form.get("tokenId") ?? undefined);
    if (!tokenId.success) return refuse(tokenId.error.issues[0]?.message ?? UNKNOWN_ACTION);
    return formCall(
      async () => {
        await revokeServiceToken(accountId.data, tokenId.data, "session");
        return redirectWithToast("/admin/service-accounts", {
          title: t("admin:toast.tokenRevoked"),
          description: t("admin:toast.tokenRevokedDescription"),
        });
      },
      (error) => refuse(error.message, error.status, error.values),
    );
  }
  const submission = parseForm(form, newTokenSchema);
  if (submission.status !== "success") {
    return data({ accountId: accountId.data, result: submission.reply(), created: null }, { status: 400 });
  }
  return formCall(
    async () => ({
      accountId: accountId.data,
      created: await createServiceToken(accountId.data, submission.value, "session"),
      result: submission.reply({ resetForm: true }),
    }),
    (error) =>
      data(
        { accountId: accountId.data, result: replyWithError(submission, error), created: null },
        { status: error.status },
      ),
  );
}

const FAILURES: Record<string, string> = {
  "create-account": "common:failed.serviceAccountCreate",
  "create-token": "common:failed.tokenCreate",
  "revoke-token": "common:failed.tokenRevoke",
};

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: "common:notice.error",
    description: FAILURES[String(form.get("intent"))] ?? UNKNOWN_ACTION,
  }));

type ActionAnswer = Exclude<Route.ComponentProps["actionData"], undefined>;

function NewServiceAccountForm({
  teams,
  answer,
}: {
  teams: Route.ComponentProps["loaderData"]["teams"];
  answer?: ActionAnswer;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-account";
  const [form, fields] = useForm({
    id: "new-service-account",
    lastResult: answer && "accountResult" in answer ? answer.accountResult : undefined,
    defaultValue: { role: "MANAGER" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newServiceAccountSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormErrors errors={form.errors} />
      <TextField
        label={t("admin:addUser.username")}
        field={fields.username}
        autoCapitalize="none"
        maxLength={32}
        dir="ltr"
      />
      <div>
        <label htmlFor={fields.role.id} className="field-label">
          {t("admin:addUser.role")}
        </label>
        <select {...getSelectProps(fields.role)} className="field-input">
          {SERVICE_ROLES.map((role) => (
            <option key={role} value={role}>
              {role === "MANAGER" ? t("admin:serviceAccounts.roleManager") : t("admin:serviceAccounts.roleAdmin")}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.role.errorId} errors={fields.role.errors} />
      </div>
      <div>
        <TeamSelect id="service-team" teams={teams} name="teamId" empty={t("admin:users.noTeam")} />
        <FieldErrors id={fields.teamId.errorId} errors={fields.teamId.errors} />
      </div>
      <button type="submit" name="intent" value="create-account" className="btn-primary w-full" disabled={busy}>
        {busy ? t("admin:invite.creating") : t("admin:serviceAccounts.create")}
      </button>
    </Form>
  );
}

export default function ServiceAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, teams, now } = loaderData;
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const t = useT();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("admin:serviceAccounts.title")}</h1>
      <p className="text-sm text-gray-11">
        <RichMessage id="admin:serviceAccounts.about" components={{ 0: <Link to="/admin" className="link" /> }} />
      </p>
      {answer && "error" in answer ? <FormErrors errors={[answer.error]} /> : null}
      <section className="card space-y-3" aria-labelledby="new-account-title">
        <h2 id="new-account-title" className="font-semibold">
          {t("admin:serviceAccounts.new")}
        </h2>
        <NewServiceAccountForm teams={teams} answer={answer} />
      </section>
      {accounts.length === 0 ? <p className="text-sm text-gray-11">{t("admin:serviceAccounts.none")}</p> : null}
      {accounts.map((account) => {
        const mine = answer && "accountId" in answer && answer.accountId === account.id ? answer : undefined;
        const hidden = { accountId: String(account.id) };
        return (
          <section key={account.id} className="card space-y-3" aria-labelledby={`account-${account.id}`}>
            <div>
              <h2 id={`account-${account.id}`} dir="ltr" className="text-start font-semibold">
                @{account.username}
              </h2>
              <p className="text-xs text-gray-11">
                {t(ROLE_LABELS[account.role])} · {account.team ? account.team.name : t("admin:users.noTeam")}
                {account.isActive ? null : (
                  <span className="text-danger-11"> · {t("admin:serviceAccounts.deactivated")}</span>
                )}
              </p>
            </div>
            {mine?.created ? <CreatedTokenNotice created={mine.created} /> : null}
            <TokenList tokens={account.tokens} hidden={hidden} now={now} />
            <details open={mine !== undefined && !mine.created}>
              <summary className="tap cursor-pointer text-sm font-medium">
                {t("admin:serviceAccounts.newToken", { username: account.username })}
              </summary>
              <div className="pt-3">
                <NewTokenForm
                  id={`token-form-${account.id}`}
                  scopes={tokenScopesFor(account)}
                  result={mine?.result}
                  hidden={hidden}
                />
              </div>
            </details>
          </section>
        );
      })}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminErrorView
      error={error}
      deniedMessage="common:error.deniedServiceAccounts"
      failedMessage="common:failed.loadServiceAccounts"
    />
  );
}
