import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import { useAdoptedValue } from "~/browser/adopted-value";
import { Form, useNavigation } from "react-router";
import { ErrorSummary, FieldErrors, FormErrors, summaryOf, TextField } from "~/components/forms";
import { LocationPicker } from "~/components/map/location-picker";
import { PROVINCES } from "~/lib/provinces";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { dealerSchema, NOTES_MAX, splitGeocodedAddress, TEAM_FROM_ADDRESS } from "~/models/dealer.schema";
import type { TeamView } from "~/models/team.schema";
import { useT } from "~/browser/i18n";
import { provinceLabel } from "~/components/dealers/province-labels";

type DealerFormValues = {
  businessName?: string | null;
  ownerFirstName?: string | null;
  ownerLastName?: string | null;
  phone?: string | null;
  email?: string | null;
  street?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  notes?: string | null;
  lat?: number | null;
  lng?: number | null;
  formattedAddress?: string | null;
  /** A team's id when set by hand, else TEAM_FROM_ADDRESS. */
  teamId?: number | string | null;
};

type Props = {
  /** The company's teams: the Team select shows when there is one. */
  teams?: TeamView[];
  id: string;
  intent?: string;
  /** A create's idempotency key: a repeat of the same submission creates nothing more. */
  submissionKey?: string;
  defaultValue?: DealerFormValues;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  /** Cancel link or button, shown beside Save. */
  cancel: ReactNode;
  locatingLabel?: string;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card space-y-3">
      <legend className="float-start mb-1 w-full text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The dealer's fields in four sections: used by Add Dealer and the details page's edit mode. */
export function DealerForm({
  teams = [],
  id,
  intent,
  submissionKey,
  defaultValue,
  lastResult,
  submitLabel,
  cancel,
  locatingLabel,
}: Props) {
  const t = useT();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === (intent ?? null);
  const [notice, setNotice] = useState<string | null>(null);
  const [form, fields] = useForm({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue: {
      ...Object.fromEntries(
        Object.entries(defaultValue ?? {}).map(([key, value]) => [key, value == null ? undefined : String(value)]),
      ),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dealerSchema }),
  });
  // Notes typed before the scripts arrived are counted: their text is adopted, not the server's.
  const [notes, setNotes] = useAdoptedValue(fields.notes.id, defaultValue?.notes ?? "");
  const notesLength = notes.length;
  const locationErrors = [...new Set([...(fields.lat.errors ?? []), ...(fields.lng.errors ?? [])])];

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {submissionKey ? <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} /> : null}
      <FormErrors errors={form.errors} />
      <ErrorSummary
        status={form.status}
        fields={[
          summaryOf(t("dealers:form.businessName"), fields.businessName),
          summaryOf(t("dealers:form.ownerFirstName"), fields.ownerFirstName),
          summaryOf(t("dealers:form.ownerLastName"), fields.ownerLastName),
          summaryOf(t("dealers:form.phone"), fields.phone),
          summaryOf(t("dealers:form.email"), fields.email),
          summaryOf(t("dealers:form.street"), fields.street),
          summaryOf(t("dealers:form.city"), fields.city),
          summaryOf(t("dealers:form.state"), fields.state),
          summaryOf(t("dealers:form.postalCode"), fields.postalCode),
          {
            label: t("dealers:form.location"),
            id: `${id}-location`,
            errors: [...locationErrors, ...(fields.formattedAddress.errors ?? [])],
          },
          summaryOf(t("dealers:form.notesSection"), fields.notes),
        ]}
      />

      <Section title={t("dealers:form.businessSection")}>
        <TextField
          label={t("dealers:form.businessNameRequired")}
          field={fields.businessName}
          autoComplete="organization"
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t("dealers:form.ownerFirstName")} field={fields.ownerFirstName} autoComplete="off" />
          <TextField label={t("dealers:form.ownerLastName")} field={fields.ownerLastName} autoComplete="off" />
        </div>
      </Section>

      <Section title={t("dealers:form.contactSection")}>
        <TextField
          label={t("dealers:form.phone")}
          field={fields.phone}
          type="tel"
          placeholder="+92 300 1234567"
          autoComplete="off"
          dir="ltr"
        />
        <TextField
          label={t("dealers:form.email")}
          field={fields.email}
          type="email"
          placeholder="dealer@example.pk"
          autoComplete="off"
          dir="ltr"
        />
      </Section>

      <Section title={t("dealers:form.addressSection")}>
        <TextField label={t("dealers:form.streetRequired")} field={fields.street} autoComplete="off" />
        <div className="grid grid-cols-2 gap-3">
          <TextField label={t("dealers:form.cityRequired")} field={fields.city} autoComplete="off" />
          <TextField
            label={t("dealers:form.postalCode")}
            field={fields.postalCode}
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
          />
        </div>
        <div>
          <label htmlFor={fields.state.id} className="field-label">
            {t("dealers:form.stateRequired")}
          </label>
          <select {...getSelectProps(fields.state)} className="field-input">
            <option value="">{t("dealers:form.selectProvince")}</option>
            {PROVINCES.map((province) => (
              <option key={province} value={province}>
                {provinceLabel(t, province)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.state.errorId} errors={fields.state.errors} />
        </div>
        {teams.length > 0 ? (
          <div>
            <label htmlFor={fields.teamId.id} className="field-label">
              {t("dealers:form.team")}
            </label>
            <select
              {...getSelectProps(fields.teamId)}
              defaultValue={fields.teamId.initialValue ?? TEAM_FROM_ADDRESS}
              className="field-input"
            >
              <option value={TEAM_FROM_ADDRESS}>{t("dealers:form.teamFromAddress")}</option>
              {teams.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
            <FieldErrors id={fields.teamId.errorId} errors={fields.teamId.errors} />
          </div>
        ) : null}
        <div id={`${id}-location`}>
          <p className="field-label">{t("dealers:form.locationRequired")}</p>
          {notice ? (
            <div
              role="alert"
              className="mb-2 rounded-lg border border-warning-11 bg-warning-3 p-3 text-sm text-warning-11"
            >
              <p className="font-semibold">{t("dealers:form.locationNotice")}</p>
              <p>{notice}</p>
            </div>
          ) : null}
          <LocationPicker
            idPrefix={`${id}-location`}
            names={{ lat: "lat", lng: "lng", address: "formattedAddress" }}
            defaultValue={{
              lat: defaultValue?.lat ?? null,
              lng: defaultValue?.lng ?? null,
              address: defaultValue?.formattedAddress ?? null,
            }}
            errors={{ lat: locationErrors, address: fields.formattedAddress.errors }}
            locatingLabel={locatingLabel}
            addressHint={t("dealers:form.addressHint")}
            onLocateError={setNotice}
            onChange={(value) => {
              setNotice(null);
              const parts = splitGeocodedAddress(value.address);
              if (!parts) return;
              form.update({ name: fields.street.name, value: parts.street });
              form.update({ name: fields.city.name, value: parts.city });
              form.update({ name: fields.state.name, value: parts.state });
            }}
          />
        </div>
      </Section>

      <Section title={t("dealers:form.notesSection")}>
        <label htmlFor={fields.notes.id} className="sr-only">
          {t("dealers:view.notes")}
        </label>
        <textarea
          {...getTextareaProps(fields.notes)}
          rows={4}
          className="field-input py-2"
          placeholder={t("dealers:form.notesPlaceholder")}
          onInput={(event) => setNotes(event.currentTarget.value)}
        />
        <p
          className={`text-end text-xs ${notesLength > NOTES_MAX ? "text-danger-11" : "text-gray-11"}`}
          aria-live="polite"
        >
          {notesLength} / {NOTES_MAX}
        </p>
        <FieldErrors id={fields.notes.errorId} errors={fields.notes.errors} />
      </Section>

      <div className="flex gap-3">
        {cancel}
        <button type="submit" className="btn-primary flex-1" disabled={saving}>
          {saving ? t("dealers:account.saving") : submitLabel}
        </button>
      </div>
    </Form>
  );
}
