import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ErrorSummary, FieldErrors, FormErrors, summaryOf, TextField } from "~/components/forms";
import { CROP_LABELS, CROPS } from "~/lib/crops";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { farmerSchema } from "~/models/farmer.schema";

/** A farmer's fields as the form shows them: land in acres, crops as their names. */
type FarmerFormValues = {
  name?: string;
  phone?: string | null;
  village?: string | null;
  tehsil?: string;
  district?: string;
  landAcres?: number | string;
  mainCrops?: string[];
  dealerId?: number | string | null;
  teamId?: number | string | null;
};

/** A dealer the form offers, with its city to tell namesakes apart. */
type DealerChoice = { id: number; businessName: string; city: string | null };

type Props = {
  id: string;
  dealers: DealerChoice[];
  /** The teams the viewer may put the farmer in; the choice shows when there is one to make. */
  teams: { id: number; name: string }[];
  /** Add Farmer's key: a save sent twice adds the farmer once. */
  submissionKey?: string;
  defaultValue?: FarmerFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  cancel: ReactNode;
};

/** The farmer's fields: used by Add Farmer and Edit Farmer; a plain form without JavaScript. */
export function FarmerForm({
  id,
  dealers,
  teams,
  submissionKey,
  defaultValue,
  lastResult,
  submitLabel,
  cancel,
}: Props) {
  const [form, fields] = useForm({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue: {
      ...defaultValue,
      landAcres: defaultValue?.landAcres == null ? undefined : String(defaultValue.landAcres),
      dealerId: defaultValue?.dealerId == null ? undefined : String(defaultValue.dealerId),
      teamId: defaultValue?.teamId == null ? undefined : String(defaultValue.teamId),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: farmerSchema }),
  });
  const chosen = new Set(fields.mainCrops.initialValue ?? defaultValue?.mainCrops ?? []);
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-3">
      {submissionKey ? <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} /> : null}
      <FormErrors errors={form.errors} />
      <ErrorSummary
        status={form.status}
        fields={[
          summaryOf("Name", fields.name),
          summaryOf("Phone", fields.phone),
          summaryOf("Village", fields.village),
          summaryOf("Tehsil", fields.tehsil),
          summaryOf("District", fields.district),
          summaryOf("Land (acres)", fields.landAcres),
          summaryOf("Main crops", fields.mainCrops),
          summaryOf("Dealer they buy from", fields.dealerId),
          summaryOf("Team that works with them", fields.teamId),
        ]}
      />
      <TextField label="Name *" field={fields.name} autoComplete="off" />
      <TextField label="Phone" field={fields.phone} type="tel" placeholder="0300 1234567" autoComplete="off" />
      <TextField label="Village" field={fields.village} autoComplete="off" />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Tehsil *" field={fields.tehsil} autoComplete="off" />
        <TextField label="District *" field={fields.district} autoComplete="off" />
      </div>
      <TextField label="Land (acres) *" field={fields.landAcres} inputMode="decimal" autoComplete="off" />
      <fieldset>
        <legend className="field-label">Main crops</legend>
        <div className="grid grid-cols-2 gap-2">
          {CROPS.map((crop) => (
            <label key={crop} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name={fields.mainCrops.name} value={crop} defaultChecked={chosen.has(crop)} />
              {CROP_LABELS[crop]}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.mainCrops.errorId} errors={fields.mainCrops.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.dealerId.id} className="field-label">
          Dealer they buy from
        </label>
        <select {...getSelectProps(fields.dealerId)} className="field-input">
          <option value="">None</option>
          {dealers.map((dealer) => (
            <option key={dealer.id} value={dealer.id}>
              {dealer.city ? `${dealer.businessName} · ${dealer.city}` : dealer.businessName}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.dealerId.errorId} errors={fields.dealerId.errors} />
      </div>
      {/* Shown when there is a team to choose, or a team sent was refused (its message needs a place). */}
      {teams.length > 1 || (teams.length === 1 && defaultValue?.teamId == null) || fields.teamId.errors ? (
        <div>
          <label htmlFor={fields.teamId.id} className="field-label">
            Team that works with them
          </label>
          <select {...getSelectProps(fields.teamId)} className="field-input">
            {defaultValue?.teamId == null ? <option value="">No team (only admins see them)</option> : null}
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.teamId.errorId} errors={fields.teamId.errors} />
        </div>
      ) : null}
      <div className="flex gap-3">
        {cancel}
        <button type="submit" className="btn-primary flex-1">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
