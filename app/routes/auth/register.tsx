import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { AuthCard } from "~/components/auth-card";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";
import type { MessageKey } from "~/locales/namespaces";
import { FormErrors, HoneypotField, PasswordField, TextField } from "~/components/forms";
import { formCall, replyWithError, readForm, parseForm } from "~/http/form.server";
import { FORM_REFUSED, isHoneypotFilled } from "~/lib/honeypot";
import { getOptionalUser } from "~/http/auth.server";
import { createUserSession } from "~/models/session.server";
import type { RegistrationMode } from "~/lib/registration-modes";
import {
  INVITE_INVALID,
  INVITE_ONLY,
  isInviteUsable,
  register,
  registrationSettings,
} from "~/models/registration.server";
import { registrationSchema } from "~/models/user.schema";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "auth:register.pageTitle") }];

/** What the door says before anyone types: the invite the link carries, and how joining works now. */
export async function loader(args: Route.LoaderArgs) {
  if (getOptionalUser(args)) throw redirect("/");
  const token = new URL(args.request.url).searchParams.get("invite");
  const invite = token && token.length <= 100 && (await isInviteUsable(token)) ? token : null;
  const messages = pageMessages(args.context, "auth");
  const t = requestTranslator(args.context, "auth");
  if (token && !invite) return { invite: null, note: t(INVITE_INVALID), messages };
  if (invite) return { invite, note: t("auth:register.invitedNote"), messages };
  const mode = (await registrationSettings()).mode;
  if (mode === "invite") return { invite: null, note: t(INVITE_ONLY), messages };
  const note = DOOR_NOTES[mode];
  return { invite: null, note: note && t(note), messages };
}

const DOOR_NOTES: Record<Exclude<RegistrationMode, "invite">, MessageKey | null> = {
  open: null,
  approval: "auth:register.approvalNote",
  domains: "auth:register.domainsNote",
};

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, registrationSchema);
  if (isHoneypotFilled(form)) {
    return data(
      { result: submission.reply({ formErrors: [FORM_REFUSED], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  return formCall(
    async () => {
      const user = await register(submission.value);
      return redirect("/location-setup", { headers: { "Set-Cookie": await createUserSession(user.id) } });
    },
    (error) =>
      data({ result: replyWithError(submission, error, { hideFields: ["password"] }) }, { status: error.status }),
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(registrationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
  });
  const submitting = navigation.state === "submitting";

  return (
    <AuthCard title={t("auth:register.title")} subtitle={t("auth:register.subtitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {loaderData.note ? <p className="text-gray-11">{loaderData.note}</p> : null}
        <FormErrors errors={form.errors} />
        <HoneypotField />
        {loaderData.invite ? <input type="hidden" name="invite" value={loaderData.invite} /> : null}
        <TextField
          label={t("auth:register.username")}
          field={fields.username}
          autoComplete="username"
          autoCapitalize="none"
          dir="ltr"
        />
        <TextField label={t("auth:register.email")} field={fields.email} type="email" autoComplete="email" dir="ltr" />
        <PasswordField
          label={t("auth:register.password")}
          field={fields.password}
          autoComplete="new-password"
          hint={t("auth:register.passwordHint")}
          dir="ltr"
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t("auth:register.firstName")} field={fields.firstName} autoComplete="given-name" />
          <TextField label={t("auth:register.lastName")} field={fields.lastName} autoComplete="family-name" />
        </div>
        <TextField
          label={t("auth:register.phone")}
          field={fields.phone}
          type="tel"
          autoComplete="tel"
          placeholder="+92 300 1234567"
          dir="ltr"
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? t("auth:register.submitting") : t("auth:register.submit")}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm text-gray-11">
        <RichMessage
          id="auth:register.haveAccount"
          components={{ 0: <Link to="/login" className="link tap-line" /> }}
        />
      </p>
    </AuthCard>
  );
}
