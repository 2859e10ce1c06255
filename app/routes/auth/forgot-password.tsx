import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { afterAnswer } from "~/http/after-answer.server";
import { readForm, parseForm } from "~/http/form.server";
import { AuthCard } from "~/components/auth-card";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages } from "~/http/language.server";
import { FormErrors, HoneypotField, TextField } from "~/components/forms";
import { isHoneypotFilled } from "~/lib/honeypot";
import { useHydrated } from "~/browser/hydrated";
import { requestPasswordReset } from "~/models/password-reset.server";
import { emailWords } from "~/http/email-words.server";
import { languageContext } from "~/http/context";
import { forgotPasswordSchema, RESET_LINK_SENT } from "~/models/user.schema";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "auth:forgot.pageTitle") }];

export function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { sent, messages: pageMessages(context, "auth") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, forgotPasswordSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A bot that filled the honeypot sees the usual answer, and nothing is sent.
  // The account is looked up after the answer, so its time tells nothing about which emails exist.
  if (!isHoneypotFilled(form))
    afterAnswer(context, "password reset", () =>
      requestPasswordReset(submission.value.email, emailWords(context.get(languageContext))),
    );
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (loaderData.sent) {
    return (
      <AuthCard title={t("auth:forgot.sentTitle")}>
        <p className="text-gray-11">{t(RESET_LINK_SENT)}</p>
        <div className="mt-5 flex flex-col gap-3">
          <Link to="/forgot-password" className="btn-secondary">
            {t("auth:forgot.tryAgain")}
          </Link>
          <Link to="/login" className="link tap text-center">
            {t("auth:forgot.backToLogin")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return <ForgotPasswordForm result={actionData?.result} />;
}

type FormResult = NonNullable<Route.ComponentProps["actionData"]>["result"];

function ForgotPasswordForm({ result }: { result: FormResult | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const t = useT();
  const [form, fields] = useForm({
    lastResult: result,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  const sending = navigation.state === "submitting";
  return (
    <AuthCard title={t("auth:forgot.title")} subtitle={t("auth:forgot.subtitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <HoneypotField />
        <TextField label={t("auth:forgot.email")} field={fields.email} type="email" autoComplete="email" dir="ltr" />
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={sending || (hydrated && !fields.email.value?.trim())}
        >
          {sending ? t("auth:forgot.sending") : t("auth:forgot.submit")}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to="/login" className="link tap">
          {t("auth:forgot.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
