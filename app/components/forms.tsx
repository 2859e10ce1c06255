import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState, type InputHTMLAttributes } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { useHydrated } from "~/browser/hydrated";
import { useSay, useT } from "~/browser/i18n";
import { Icon } from "~/components/icon";

type InputType = "text" | "email" | "password" | "tel" | "number" | "search" | "url";

type TextFieldProps = {
  label: string;
  field: FieldMetadata<string | number | null | undefined>;
  type?: InputType;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id" | "defaultValue" | "form">;

/** A labelled input wired to a Conform field, with its errors under it. */
export function TextField({ label, field, type = "text", hint, ...rest }: TextFieldProps) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input {...getInputProps(field, { type })} className="field-input" {...rest} />
      {hint ? <p className="mt-1 text-xs text-gray-11">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A password input with a show/hide toggle once JavaScript runs. */
export function PasswordField({ label, field, ...rest }: Omit<TextFieldProps, "type">) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const t = useT();
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          {...getInputProps(field, { type: shown ? "text" : "password" })}
          className="field-input pe-12"
          {...rest}
        />
        {hydrated ? (
          <button
            type="button"
            onClick={() => setShown((value) => !value)}
            className="absolute inset-y-0 end-0 flex w-11 items-center justify-center text-gray-11"
            aria-label={shown ? t("common:password.hide") : t("common:password.show")}
            aria-pressed={shown}
          >
            {shown ? <Icon name="eye-off" size={18} /> : <Icon name="eye" size={18} />}
          </button>
        ) : null}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FieldErrors({ id, errors }: { id?: string; errors?: string[] }) {
  const say = useSay();
  if (!errors?.length) return null;
  return (
    <div id={id} className="field-error" role="alert">
      {errors.map((error) => (
        <p key={error}>{say(error)}</p>
      ))}
    </div>
  );
}

/** Errors of the whole form, such as "Invalid username or password". */
export function FormErrors({ errors }: { errors?: string[] }) {
  const say = useSay();
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
      {errors.map((error) => (
        <p key={error}>{say(error)}</p>
      ))}
    </div>
  );
}

/** A field as the error summary lists it: its name on the page, where it is, and its errors. */
export type SummaryField = { label: string; id: string; errors?: string[] };

export function summaryOf(label: string, field: { id: string; errors?: string[] }): SummaryField {
  return { label, id: field.id, errors: field.errors };
}

/**
 * After a refused submission, at the top of a long form: the fields to check, in the form's order,
 * each a link to its field. Without JavaScript the page comes back at its top, far from a field
 * low down (the location). It names the fields; their messages stay beside them.
 */
export function ErrorSummary({ status, fields }: { status?: "success" | "error"; fields: SummaryField[] }) {
  const t = useT();
  const wrong = fields.filter((field) => field.errors?.length);
  if (status !== "error" || wrong.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-danger-9 bg-danger-3 px-3 pt-2 text-sm text-danger-11"
      data-testid="error-summary"
    >
      <p className="font-semibold">{t("common:errorSummary.fieldsToCheck", { count: wrong.length })}</p>
      <ul className="flex flex-wrap gap-x-4">
        {wrong.map((field) => (
          <li key={field.id}>
            <a href={`#${field.id}`} className="flex min-h-11 items-center font-medium underline">
              {field.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The honeypot of the public forms: out of sight, the tab order and the accessibility tree. */
export function HoneypotField() {
  const t = useT();
  return (
    <div aria-hidden="true" style={{ display: "none" }}>
      <label>
        {t("common:honeypot.website")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
