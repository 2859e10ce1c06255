import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { FieldErrors, FormErrors, PasswordField, TextField } from "~/components/forms";
import { TeamSelect } from "~/components/team-select";
import { ROLES } from "~/lib/roles";
import { newUserSchema } from "~/models/admin.schema";
import type { TeamView } from "~/models/team.schema";
import { useT } from "~/browser/i18n";
import { ROLE_LABELS } from "~/components/admin/role-labels";

/**
 * An admin's "Add user" (`/admin?add=user`): the account is in at once, with its role and team;
 * the admin passes the first password on. A refusal comes back with what was typed, the password aside.
 */
export function AddUserForm({
  teams,
  lastResult,
  cancelHref,
}: {
  teams: TeamView[];
  lastResult: SubmissionResult<string[]> | undefined;
  cancelHref: string;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-user";
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(newUserSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newUserSchema }),
  });
  const team = Number(fields.teamId.initialValue) || null;
  return (
    <section className="card space-y-3" aria-labelledby="add-user-title">
      <h2 id="add-user-title" className="font-semibold">
        {t("admin:users.add")}
      </h2>
      <Form method="post" action="/admin?add=user" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="add-user" />
        <FormErrors errors={form.errors} />
        <TextField
          label={t("admin:addUser.username")}
          field={fields.username}
          autoComplete="off"
          autoCapitalize="none"
          dir="ltr"
        />
        <TextField label={t("admin:addUser.email")} type="email" field={fields.email} autoComplete="off" dir="ltr" />
        <TextField label={t("admin:addUser.firstName")} field={fields.firstName} autoComplete="off" />
        <TextField label={t("admin:addUser.lastName")} field={fields.lastName} autoComplete="off" />
        <div>
          <label htmlFor={fields.role.id} className="field-label">
            {t("admin:addUser.role")}
          </label>
          <select
            {...getSelectProps(fields.role)}
            defaultValue={fields.role.initialValue ?? "OFFICER"}
            className="field-input"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(ROLE_LABELS[role])}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.role.errorId} errors={fields.role.errors} />
        </div>
        <div>
          <TeamSelect id={fields.teamId.id} teams={teams} team={team} name="teamId" empty={t("admin:users.noTeam")} />
          <FieldErrors id={fields.teamId.errorId} errors={fields.teamId.errors} />
        </div>
        <div>
          <PasswordField
            label={t("admin:addUser.password")}
            field={fields.password}
            autoComplete="new-password"
            dir="ltr"
          />
          <p className="mt-1 text-xs text-gray-11">{t("admin:addUser.passwordHint")}</p>
        </div>
        <div className="flex gap-2">
          <Link to={cancelHref} className="btn-secondary flex-1">
            {t("admin:form.cancel")}
          </Link>
          <button type="submit" className="btn-primary flex-1" disabled={busy}>
            {busy ? t("admin:addUser.adding") : t("admin:users.add")}
          </button>
        </div>
      </Form>
    </section>
  );
}
