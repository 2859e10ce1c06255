import type { ReactNode } from "react";
import { useT } from "~/browser/i18n";
import { Icon } from "~/components/icon";
import { FiguresTable } from "~/components/reports/report-figures";
import { PROVINCES } from "~/lib/provinces";
import type { MessageKey, Translate } from "~/locales/namespaces";

// The pieces every view of the reports page shares: its form's choices and its end, and the table
// with its files. Plain GET forms and plain links: nothing needs JavaScript.

type Choice = { value: string; label: string };

/** Choices from a list of values and their words' keys, in the reader's language. */
export function choicesOf<T extends string>(values: readonly T[], keys: Record<T, MessageKey>, t: Translate): Choice[] {
  return values.map((value) => ({ value, label: t(keys[value]) }));
}

/** Every province (by its name), or all of them. */
export function provinceChoices(t: Translate): Choice[] {
  return [
    { value: "", label: t("reports:form.all") },
    ...PROVINCES.map((province) => ({ value: province, label: province })),
  ];
}

/** A labelled choice of the report's form, the width of the form unless `half`. */
export function ReportSelect({
  id,
  label,
  name,
  value,
  choices,
  half = false,
}: {
  id: string;
  label: string;
  name: string;
  value: string | number | undefined;
  choices: Choice[];
  half?: boolean;
}) {
  return (
    <div className={half ? undefined : "col-span-2"}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="field-input">
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The form's end: what was refused in the query (and what is shown instead), and its button. */
export function ReportFormEnd({ errors, showing }: { errors: string[]; showing: string }) {
  const t = useT();
  return (
    <>
      {errors.length > 0 ? (
        <ul className="col-span-2 field-error" role="alert">
          {errors.map((error) => (
            <li key={error}>{t("reports:form.refused", { error, showing })}</li>
          ))}
        </ul>
      ) : null}
      <button type="submit" className="btn-primary col-span-2">
        {t("reports:form.submit")}
      </button>
    </>
  );
}

/** The report's table under its heading, with its Excel and CSV files (`api`: the call, `query`: the report's). */
export function ReportTableCard({
  heading,
  api,
  query,
  columns,
  rows,
  totals,
  empty,
}: {
  heading: ReactNode;
  api: string;
  query: string;
  columns: string[];
  rows: string[][];
  totals: string[];
  empty: string;
}) {
  const t = useT();
  const file = (format: "xlsx" | "csv") => `${api}?${query}${query ? "&" : ""}format=${format}`;
  return (
    <section className="card space-y-2 px-0" aria-labelledby="report-table-title">
      <div className="flex flex-wrap items-center gap-2 px-4">
        <h2 id="report-table-title" className="flex-1 font-semibold">
          {heading}
        </h2>
        {/* No `download` attribute: the file comes as an attachment, and a busy server's refusal
            brings the reader back to this page with its message instead of saving it as a file. */}
        <a href={file("xlsx")} className="btn-secondary text-sm">
          <Icon name="download" size={16} /> {t("reports:table.downloadExcel")}
        </a>
        <a href={file("csv")} className="btn-secondary text-sm" download>
          <Icon name="download" size={16} /> {t("reports:table.downloadCsv")}
        </a>
      </div>
      <FiguresTable columns={columns} rows={rows} totals={totals} empty={empty} />
    </section>
  );
}
