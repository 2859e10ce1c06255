import { type FieldMetadata, getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormErrors } from "~/components/forms";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";

/**
 * The fields of a form of `Schema`: text inputs, each a string as typed. (Conform would type a
 * preprocessed field, an empty text meaning "none", as unknown.)
 */
type FieldsOf<Schema extends z.ZodObject> = { [Name in keyof z.input<Schema>]-?: FieldMetadata<string> };

/**
 * One form of the dealer's account (adjust, reverse, credit terms, opening balance): a plain POST
 * named by `intent`, checked in the browser with the server's schema, carrying its submission key
 * so a resend writes nothing twice. `children` draws the fields from Conform's metadata.
 */
export function AccountForm<Schema extends z.ZodObject>({
  id,
  intent,
  schema,
  result,
  button,
  busyButton,
  submissionKey,
  hidden = {},
  defaultValue,
  children,
}: {
  id: string;
  intent: string;
  schema: Schema;
  result: SubmissionResult<string[]> | undefined;
  button: string;
  busyButton: string;
  submissionKey?: string;
  hidden?: Record<string, string>;
  defaultValue?: Record<string, string>;
  children: (fields: FieldsOf<Schema>) => ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("formId") === id;
  const [form, fields] = useForm({
    id,
    lastResult: result,
    defaultValue,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={id} />
      {submissionKey ? <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} /> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormErrors errors={form.errors} />
      {children(fields as unknown as FieldsOf<Schema>)}
      <button type="submit" className="btn-secondary w-full" disabled={busy}>
        {busy ? busyButton : button}
      </button>
    </Form>
  );
}
