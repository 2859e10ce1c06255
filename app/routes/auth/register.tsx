import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { AuthCard } from "~/components/auth-card";
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

export const meta: Route.MetaFunction = () => [{ title: "Create Account · Fieldline" }];

/** What the door says before anyone types: the invite the link carries, and how joining works now. */
export async function loader(args: Route.LoaderArgs) {
  if (getOptionalUser(args)) throw redirect("/");
  const token = new URL(args.request.url).searchParams.get("invite");
  const invite = token && token.length <= 100 && (await isInviteUsable(token)) ? token : null;
  if (token && !invite) return { invite: null, note: INVITE_INVALID };
  if (invite) return { invite, note: "You were invited: your account joins your team at once." };
  return { invite: null, note: DOOR_NOTES[(await registrationSettings()).mode] };
}

const DOOR_NOTES: Record<RegistrationMode, string | null> = {
  open: null,
  approval: "A manager or administrator approves new accounts before they see the team.",
  domains: "Use your company email address.",
  invite: INVITE_ONLY,
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
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(registrationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
  });
  const submitting = navigation.state === "submitting";

  return (
    <AuthCard title="Create Account" subtitle="Join your team on Fieldline">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {loaderData.note ? <p className="text-gray-11">{loaderData.note}</p> : null}
        <FormErrors errors={form.errors} />
        <HoneypotField />
        {loaderData.invite ? <input type="hidden" name="invite" value={loaderData.invite} /> : null}
        <TextField label="Username" field={fields.username} autoComplete="username" autoCapitalize="none" />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
        <PasswordField
          label="Password"
          field={fields.password}
          autoComplete="new-password"
          hint="At least 6 characters"
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label="First name" field={fields.firstName} autoComplete="given-name" />
          <TextField label="Last name" field={fields.lastName} autoComplete="family-name" />
        </div>
        <TextField
          label="Phone (optional)"
          field={fields.phone}
          type="tel"
          autoComplete="tel"
          placeholder="+92 300 1234567"
        />
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Creating Account..." : "Create Account"}
        </button>
      </Form>
      <p className="mt-5 text-center text-sm text-gray-11">
        Already have an account?{" "}
        <Link to="/login" className="link tap-line">
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
