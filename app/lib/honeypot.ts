// A field that people never see (hidden from sight and from screen readers) but form-filling bots
// do: the public forms (sign-in, registration, forgot and reset password) refuse a submission that
// fills it, quietly. The /api twins take JSON and have no such field.
export const HONEYPOT_FIELD = "website";

export const FORM_REFUSED = "auth:errors.formRefused";

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return value !== null && value !== "";
}
