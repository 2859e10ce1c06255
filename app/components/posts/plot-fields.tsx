import { VISIT_STAGE_LABELS, VISIT_STAGES } from "~/lib/plot-stages";
import { useHydrated } from "~/browser/hydrated";
import { FieldErrors } from "~/components/forms";
import { CROP_LABELS, CROPS } from "~/lib/crops";
import { SALE_PRODUCT_LABELS, SALE_PRODUCTS } from "~/lib/post-types";

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

/** A plot the officer may visit, as the list offers it. */
export type OpenPlot = { id: number; label: string };

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
  const shows = !hydrated || type === "DEMO_PLOT";
  return (
    <fieldset
      hidden={!shows}
      disabled={!shows}
      data-hidden-with-js={!hydrated && type !== "DEMO_PLOT" ? "DEMO_PLOT" : undefined}
      className="space-y-3 rounded-lg border border-gray-5 p-3"
    >
      <legend className="px-1 text-sm font-semibold">Demo plot{hydrated ? "" : " (for Demo Plot posts)"}</legend>
      <Select
        field={fields.plotAction}
        label="This post"
        options={[
          choose("Neither: a post only"),
          { value: "start", label: "Starts a new plot" },
          { value: "visit", label: "Records a visit to a plot" },
        ]}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">A new plot</legend>
        <Input
          field={fields.farmerPhone}
          label="Farmer's phone"
          type="tel"
          inputMode="tel"
          placeholder="0300 1234567"
        />
        <Select
          field={fields.crop}
          label="Crop"
          options={[choose("Select a crop"), ...CROPS.map((crop) => ({ value: crop, label: CROP_LABELS[crop] }))]}
        />
        <Select
          field={fields.plotProduct}
          label="What the plot shows"
          options={[
            choose("Select a product"),
            ...SALE_PRODUCTS.map((product) => ({ value: product, label: SALE_PRODUCT_LABELS[product] })),
          ]}
        />
        <Input field={fields.plotAcres} label="Plot area (acres)" inputMode="decimal" placeholder="1" />
        <Input field={fields.controlAcres} label="Control plot area (acres)" inputMode="decimal" placeholder="1" />
        <Input field={fields.sownOn} label="Sowing date" type="date" />
        <Input field={fields.harvestDueOn} label="Expected harvest date" type="date" />
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">A visit to a plot</legend>
        <Select
          field={fields.plotId}
          label="Plot"
          options={[
            choose("Select a plot"),
            ...openPlots.map((plot) => ({ value: String(plot.id), label: plot.label })),
          ]}
        />
        <Select
          field={fields.visitStage}
          label="Stage"
          options={[
            choose("Select a stage"),
            ...VISIT_STAGES.map((stage) => ({ value: stage, label: VISIT_STAGE_LABELS[stage] })),
          ]}
        />
        <Input field={fields.visitedOn} label="Visit date" type="date" />
        <Input field={fields.yieldKgPerAcre} label="Yield at harvest (kg per acre)" inputMode="numeric" />
        <Input
          field={fields.controlYieldKgPerAcre}
          label="Control yield at harvest (kg per acre)"
          inputMode="numeric"
        />
        <Input field={fields.verdict} label="The farmer's verdict" maxLength={500} />
      </fieldset>
    </fieldset>
  );
}
