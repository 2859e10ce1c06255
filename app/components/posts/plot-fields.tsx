import { VISIT_STAGES } from "~/lib/plot-stages";
import { useHydrated } from "~/browser/hydrated";
import { FieldErrors } from "~/components/forms";
import { type Crop, CROPS } from "~/lib/crops";
import { formatCalendarDate } from "~/lib/date-format";
import { CROP_KEYS, VISIT_STAGE_KEYS } from "~/components/farmers/farmer-words";
import { useLanguage } from "~/browser/root-data";
import { SALE_PRODUCT_LABELS, SALE_PRODUCTS } from "~/lib/post-types";
import { useT } from "~/browser/i18n";

// New Post's demo plot section (decision 96): a Demo Plot post starts a plot on a farmer's land or
// records a visit to one of the officer's plots. Without JavaScript it shows with the other
// types' sections; with it, for Demo Plot posts only (app.css hides it until then, as theirs).

type Field = { id: string; name: string; errors: string[] | undefined; initialValue: unknown };
type PlotFieldName =
  | "plotAction"
  | "farmerPhone"
  | "crop"
  | "plotProduct"
  | "plotAcres"
  | "controlAcres"
  | "sownOn"
  | "harvestDueOn"
  | "plotId"
  | "visitStage"
  | "visitedOn"
  | "yieldKgPerAcre"
  | "controlYieldKgPerAcre"
  | "verdict";

/** A plot the officer may visit, named in the list by its crop, farmer and sowing day. */
export type OpenPlot = { id: number; crop: string; farmer: string; sownOn: string };

const initial = (field: Field) => String(field.initialValue ?? "");

function Input({ field, label, ...rest }: { field: Field; label: string } & React.ComponentProps<"input">) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input
        id={field.id}
        name={field.name}
        defaultValue={initial(field)}
        aria-invalid={field.errors ? true : undefined}
        className="field-input"
        {...rest}
      />
      <FieldErrors errors={field.errors} />
    </div>
  );
}

function Select({
  field,
  label,
  options,
}: {
  field: Field;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={initial(field)}
        aria-invalid={field.errors ? true : undefined}
        className="field-input"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors errors={field.errors} />
    </div>
  );
}

const choose = (label: string) => ({ value: "", label });

export function PlotSection({
  fields,
  type,
  openPlots,
}: {
  fields: Record<PlotFieldName, Field>;
  type: string;
  openPlots: OpenPlot[];
}) {
  const hydrated = useHydrated();
  const t = useT();
  const language = useLanguage();
  // A crop the list does not know (none should be) is named by its code.
  const cropName = (crop: string) => (Object.hasOwn(CROP_KEYS, crop) ? t(CROP_KEYS[crop as Crop]) : crop);
  const shows = !hydrated || type === "DEMO_PLOT";
  return (
    <fieldset
      hidden={!shows}
      disabled={!shows}
      data-hidden-with-js={!hydrated && type !== "DEMO_PLOT" ? "DEMO_PLOT" : undefined}
      className="space-y-3 rounded-lg border border-gray-5 p-3"
    >
      <legend className="px-1 text-sm font-semibold">
        {hydrated ? t("posts:plot.legend") : t("posts:plot.legendWithoutScripts")}
      </legend>
      <Select
        field={fields.plotAction}
        label={t("posts:plot.action")}
        options={[
          choose(t("posts:plot.actionNone")),
          { value: "start", label: t("posts:plot.actionStart") },
          { value: "visit", label: t("posts:plot.actionVisit") },
        ]}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("posts:plot.newPlot")}</legend>
        <Input
          field={fields.farmerPhone}
          label={t("posts:plot.farmerPhone")}
          type="tel"
          inputMode="tel"
          placeholder="0300 1234567"
          dir="ltr"
        />
        <Select
          field={fields.crop}
          label={t("posts:plot.crop")}
          options={[
            choose(t("posts:plot.cropChoose")),
            ...CROPS.map((crop) => ({ value: crop, label: t(CROP_KEYS[crop]) })),
          ]}
        />
        <Select
          field={fields.plotProduct}
          label={t("posts:plot.product")}
          options={[
            choose(t("posts:plot.productChoose")),
            ...SALE_PRODUCTS.map((product) => ({ value: product, label: SALE_PRODUCT_LABELS[product] })),
          ]}
        />
        <Input field={fields.plotAcres} label={t("posts:plot.acres")} inputMode="decimal" placeholder="1" dir="ltr" />
        <Input
          field={fields.controlAcres}
          label={t("posts:plot.controlAcres")}
          inputMode="decimal"
          placeholder="1"
          dir="ltr"
        />
        <Input field={fields.sownOn} label={t("posts:plot.sownOn")} type="date" />
        <Input field={fields.harvestDueOn} label={t("posts:plot.harvestDueOn")} type="date" />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("posts:plot.visit")}</legend>
        <Select
          field={fields.plotId}
          label={t("posts:plot.plot")}
          options={[
            choose(t("posts:plot.plotChoose")),
            ...openPlots.map((plot) => ({
              value: String(plot.id),
              label: t("posts:plot.openPlot", {
                crop: cropName(plot.crop),
                farmer: plot.farmer,
                sown: formatCalendarDate(plot.sownOn, language),
              }),
            })),
          ]}
        />
        <Select
          field={fields.visitStage}
          label={t("posts:plot.stage")}
          options={[
            choose(t("posts:plot.stageChoose")),
            ...VISIT_STAGES.map((stage) => ({ value: stage, label: t(VISIT_STAGE_KEYS[stage]) })),
          ]}
        />
        <Input field={fields.visitedOn} label={t("posts:plot.visitedOn")} type="date" />
        <Input field={fields.yieldKgPerAcre} label={t("posts:plot.yield")} inputMode="numeric" dir="ltr" />
        <Input
          field={fields.controlYieldKgPerAcre}
          label={t("posts:plot.controlYield")}
          inputMode="numeric"
          dir="ltr"
        />
        <Input field={fields.verdict} label={t("posts:plot.verdict")} maxLength={500} />
      </fieldset>
    </fieldset>
  );
}
