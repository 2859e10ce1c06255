import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { ErrorSummary, FieldErrors, FormErrors, summaryOf, TextField } from "~/components/forms";
import { useT } from "~/browser/i18n";
import { CROP_KEYS } from "~/components/farmers/farmer-words";
import { CROPS } from "~/lib/crops";
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
  const t = useT();
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
          summaryOf(t("farmers:form.name"), fields.name),
          summaryOf(t("farmers:farmer.phone"), fields.phone),
          summaryOf(t("farmers:farmer.village"), fields.village),
          summaryOf(t("farmers:farmer.tehsil"), fields.tehsil),
          summaryOf(t("farmers:farmer.district"), fields.district),
          summaryOf(t("farmers:form.land"), fields.landAcres),
          summaryOf(t("farmers:farmer.mainCrops"), fields.mainCrops),
          summaryOf(t("farmers:form.dealer"), fields.dealerId),
          summaryOf(t("farmers:form.team"), fields.teamId),
        ]}
      />
      <TextField label={`${t("farmers:form.name")} *`} field={fields.name} autoComplete="off" />
      <TextField
        label={t("farmers:farmer.phone")}
        field={fields.phone}
        type="tel"
        dir="ltr"
        placeholder="0300 1234567"
        autoComplete="off"
      />
      <TextField label={t("farmers:farmer.village")} field={fields.village} autoComplete="off" />
      <div className="grid grid-cols-2 gap-3">
        <TextField label={`${t("farmers:farmer.tehsil")} *`} field={fields.tehsil} autoComplete="off" />
        <TextField label={`${t("farmers:farmer.district")} *`} field={fields.district} autoComplete="off" />
      </div>
      <TextField
        label={`${t("farmers:form.land")} *`}
        field={fields.landAcres}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
      />
      <fieldset>
        <legend className="field-label">{t("farmers:farmer.mainCrops")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {CROPS.map((crop) => (
            <label key={crop} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" name={fields.mainCrops.name} value={crop} defaultChecked={chosen.has(crop)} />
              {t(CROP_KEYS[crop])}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.mainCrops.errorId} errors={fields.mainCrops.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.dealerId.id} className="field-label">
          {t("farmers:form.dealer")}
        </label>
        <select {...getSelectProps(fields.dealerId)} className="field-input">
          <option value="">{t("farmers:form.none")}</option>
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
            {t("farmers:form.team")}
          </label>
          <select {...getSelectProps(fields.teamId)} className="field-input">
            {defaultValue?.teamId == null ? <option value="">{t("farmers:form.noTeam")}</option> : null}
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
