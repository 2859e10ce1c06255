import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { afterAnswer } from "~/http/after-answer.server";
import { readForm, parseForm } from "~/http/form.server";
import { AuthCard } from "~/components/auth-card";
import { FormErrors, HoneypotField, TextField } from "~/components/forms";
import { isHoneypotFilled } from "~/lib/honeypot";
import { useHydrated } from "~/browser/hydrated";
import { requestPasswordReset } from "~/models/password-reset.server";
import { forgotPasswordSchema, RESET_LINK_SENT } from "~/models/user.schema";

export const meta: Route.MetaFunction = () => [{ title: "Forgot Password · Fieldline" }];

export function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { sent, message: sent ? RESET_LINK_SENT : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseForm(form, forgotPasswordSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // A bot that filled the honeypot sees the usual answer, and nothing is sent.
  // The account is looked up after the answer, so its time tells nothing about which emails exist.
  if (!isHoneypotFilled(form))
    afterAnswer(context, "password reset", () => requestPasswordReset(submission.value.email));
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.sent) {
    return (
      <AuthCard title="Check Your Email">
        <p className="text-gray-11">{loaderData.message}</p>
        <div className="mt-5 flex flex-col gap-3">
          <Link to="/forgot-password" className="btn-secondary">
            Try Again
          </Link>
          <Link to="/login" className="link tap text-center">
            Back to Login
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
  const [form, fields] = useForm({
    lastResult: result,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  const sending = navigation.state === "submitting";
  return (
    <AuthCard title="Forgot Password" subtitle="Enter your email and we will send you a link to reset your password.">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <HoneypotField />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={sending || (hydrated && !fields.email.value?.trim())}
        >
          {sending ? "Sending..." : "Send Reset Link"}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm">
        <Link to="/login" className="link tap">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
