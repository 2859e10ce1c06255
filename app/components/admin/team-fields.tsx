import { PROVINCES } from "~/lib/provinces";
import { useSay, useT } from "~/browser/i18n";

/** What the team form shows: the saved team, or what was typed before a refusal. */
export type TeamFieldValues = { name: string; provinces: string[]; districts: string[] };

/** A team's name and territory: the New team form and the team page's Save territory form. */
export function TeamFields({
  idPrefix,
  values,
  errors,
}: {
  idPrefix: string;
  values?: TeamFieldValues;
  errors?: Record<string, string>;
}) {
  const t = useT();
  // A refused field's message is the schema's key (or a model's refusal, already said).
  const say = useSay();
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-name`} className="field-label">
          {t("admin:teamFields.name")}
        </label>
        <input
          id={`${idPrefix}-name`}
          name="name"
          required
          maxLength={60}
          defaultValue={values?.name ?? ""}
          aria-invalid={errors?.name ? true : undefined}
          aria-describedby={errors?.name ? `${idPrefix}-name-error` : undefined}
          className="field-input"
        />
        {errors?.name ? (
          <p id={`${idPrefix}-name-error`} className="mt-1 text-sm text-danger-11">
            {say(errors.name)}
          </p>
        ) : null}
      </div>
      <fieldset>
        <legend className="field-label">{t("admin:teamFields.provinces")}</legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
          {PROVINCES.map((province) => (
            <label key={province} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                className="size-5 shrink-0"
                type="checkbox"
                name="provinces"
                value={province}
                defaultChecked={values?.provinces.includes(province) ?? false}
              />
              {province}
            </label>
          ))}
        </div>
        {errors?.provinces ? <p className="mt-1 text-sm text-danger-11">{say(errors.provinces)}</p> : null}
      </fieldset>
      <div>
        <label htmlFor={`${idPrefix}-districts`} className="field-label">
          {t("admin:teamFields.districts")}
        </label>
        <textarea
          id={`${idPrefix}-districts`}
          name="districts"
          rows={4}
          defaultValue={values?.districts.join("\n") ?? ""}
          aria-describedby={`${idPrefix}-districts-help`}
          className="field-input"
        />
        <p id={`${idPrefix}-districts-help`} className="mt-1 text-xs text-gray-11">
          {t("admin:teamFields.districtsHelp")}
        </p>
        {errors?.districts ? <p className="mt-1 text-sm text-danger-11">{say(errors.districts)}</p> : null}
      </div>
    </>
  );
}
