import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { readForm, parseForm } from "~/http/form.server";
import { AuthCard } from "~/components/auth-card";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages } from "~/http/language.server";
import { FormErrors, HoneypotField, PasswordField } from "~/components/forms";
import { FORM_REFUSED, isHoneypotFilled } from "~/lib/honeypot";
import { useHydrated } from "~/browser/hydrated";
import { resetPassword } from "~/models/password-reset.server";
import { INVALID_RESET_LINK, resetPasswordFormSchema } from "~/models/user.schema";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "auth:reset.pageTitle") }];

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    token: params.get("token") ?? "",
    done: params.get("status") === "done",
    messages: pageMessages(context, "auth"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, resetPasswordFormSchema);
  if (isHoneypotFilled(form)) {
    return data(
      { result: submission.reply({ formErrors: [FORM_REFUSED], hideFields: ["newPassword", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["newPassword", "confirmPassword"] }) }, { status: 400 });
  }
  const outcome = await resetPassword(submission.value.token, submission.value.newPassword);
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.error], hideFields: ["newPassword", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  return redirect("/reset-password?status=done");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.done) {
    return (
      <AuthCard title={t("auth:reset.doneTitle")}>
        <p className="text-gray-11">{t("auth:reset.doneMessage")}</p>
        <Link to="/login" className="btn-primary mt-5 w-full">
          {t("auth:reset.continue")}
        </Link>
      </AuthCard>
    );
  }
  if (!loaderData.token) {
    return (
      <AuthCard title={t("auth:reset.invalidTitle")}>
        <p className="text-gray-11">{t(INVALID_RESET_LINK)}</p>
        <Link to="/forgot-password" className="btn-primary mt-5 w-full">
          {t("auth:reset.requestNew")}
        </Link>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={loaderData.token} result={actionData?.result} />;
}

type FormResult = NonNullable<Route.ComponentProps["actionData"]>["result"];

function ResetPasswordForm({ token, result }: { token: string; result: FormResult | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const t = useT();
  const [form, fields] = useForm({
    lastResult: result,
    constraint: getZodConstraint(resetPasswordFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { token },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordFormSchema }),
  });
  const submitting = navigation.state === "submitting";
  // The button is disabled while either field is empty; without JavaScript the server answers instead.
  const incomplete = hydrated && !(fields.newPassword.value && fields.confirmPassword.value);
  return (
    <AuthCard title={t("auth:reset.title")} subtitle={t("auth:reset.subtitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {/* The token field is hidden, so what is wrong with it shows with the form's errors. */}
        <FormErrors errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]} />
        <HoneypotField />
        <input {...getInputProps(fields.token, { type: "hidden" })} />
        <PasswordField
          label={t("auth:reset.newPassword")}
          field={fields.newPassword}
          autoComplete="new-password"
          dir="ltr"
        />
        <PasswordField
          label={t("auth:reset.confirmPassword")}
          field={fields.confirmPassword}
          autoComplete="new-password"
          dir="ltr"
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting || incomplete}>
          {submitting ? t("auth:reset.submitting") : t("auth:reset.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}
