import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import { boundedRequest } from "~/http/form.server";
import { AuthCard } from "~/components/auth-card";
import { FormErrors, HoneypotField, PasswordField, TextField } from "~/components/forms";
import { LiteModeSignIn } from "~/components/shell/lite-mode";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { useLanguage, useRootData } from "~/browser/root-data";
import { LanguageSwitch } from "~/components/shell/language-switch";
import { pageMessages, said } from "~/http/language.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { authenticator, getOptionalUser } from "~/http/auth.server";
import { signIn } from "~/http/sign-in.server";
import { loginSchema } from "~/models/user.schema";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "auth:signIn.pageTitle") }];

export function loader(args: Route.LoaderArgs) {
  if (getOptionalUser(args)) {
    throw redirect(safeRedirect(new URL(args.request.url).searchParams.get("redirectTo")));
  }
  return { messages: pageMessages(args.context, "auth") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await authenticator.authenticate("form", await boundedRequest(request));
  if (outcome.status === "rejected") return data({ result: outcome.result }, { status: 400 });
  const login = await signIn({ request, context }, outcome.credentials);
  if (!login.ok) {
    const result = outcome.refuse(said(login.error, login.values));
    if (login.retryAfterSeconds === undefined) return data({ result }, { status: 400 });
    return data({ result }, { status: 429, headers: { "Retry-After": String(login.retryAfterSeconds) } });
  }
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  return redirect(redirectTo, { headers: login.headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const t = useT();
  const lite = Boolean(useRootData()?.lite);
  const language = useLanguage();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const registerHref = searchParams.get("redirectTo")
    ? `/register?${new URLSearchParams({ redirectTo: searchParams.get("redirectTo") ?? "/" })}`
    : "/register";

  return (
    <AuthCard title={t("auth:signIn.title")} subtitle={t("auth:signIn.subtitle")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} />
        <HoneypotField />
        <TextField
          label={t("auth:signIn.username")}
          field={fields.username}
          autoComplete="username"
          autoCapitalize="none"
        />
        <PasswordField label={t("auth:signIn.password")} field={fields.password} autoComplete="current-password" />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("auth:signIn.submitting") : t("auth:signIn.submit")}
        </button>
      </Form>
      <div className="mt-5 flex flex-col items-center gap-2 text-sm">
        <Link to="/forgot-password" className="link tap">
          {t("auth:signIn.forgot")}
        </Link>
        <p className="text-gray-11">
          <RichMessage
            id="auth:signIn.newHere"
            components={{ 0: <Link to={registerHref} className="link tap-line" /> }}
          />
        </p>
      </div>
      {/* Once on, the line at the top of the page says so and turns it off. */}
      {lite ? null : <LiteModeSignIn />}
      <LanguageSwitch current={language} />
    </AuthCard>
  );
}
