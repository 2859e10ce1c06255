import { useT } from "~/browser/i18n";
import type { MessageKey, Translate } from "~/locales/namespaces";
import { isSkippedRow, type KeptRowError, keptRowErrorLine } from "~/models/import-row-error";

/** An import's result as the page keeps it (its row errors said here) or as /api answers the import dialog (lines in English). */
export type ImportResultView = { total: number; successful: number; failed: number; errors: KeptRowError[] };

/** The first `limit` error lines (10 in the import dialog, 5 on the admin import page), then "... and N more errors". */
function shownErrors(t: Translate, errors: readonly string[], limit: number): string[] {
  if (errors.length <= limit) return [...errors];
  return [...errors.slice(0, limit), t("dealers:import.moreErrors", { count: errors.length - limit })];
}

/**
 * The notice after a dealer import (importNotice's, in the reader's language): "Import Successful"
 * when no row failed, otherwise "Import Completed with Errors".
 */
export function importNoticeText(t: Translate, result: { successful: number; failed: number }) {
  return result.failed === 0
    ? {
        title: t("dealers:import.successTitle"),
        description: t("dealers:import.successDescription", { successful: result.successful }),
        type: "success" as const,
      }
    : {
        title: t("dealers:import.errorsTitle"),
        description: t("dealers:import.errorsDescription", { successful: result.successful, failed: result.failed }),
        type: "info" as const,
      };
}

const COUNTS: readonly (readonly ["total" | "successful" | "failed", MessageKey])[] = [
  ["total", "dealers:import.total"],
  ["successful", "dealers:import.successful"],
  ["failed", "dealers:import.failed"],
];

/** Total, successful and failed counts, a headline worded as the import toasts are ("Import Completed with Errors"), and the error lines. */
export function ImportResults({
  result,
  errorLimit,
  skippedApart = true,
}: {
  result: ImportResultView;
  errorLimit: number;
  /** The import dialog lists rows already in the directory apart (harmless); the admin page lists every row error as the spec says. */
  skippedApart?: boolean;
}) {
  const t = useT();
  const headline = importNoticeText(t, result);
  const line = (error: KeptRowError) => keptRowErrorLine(t, error);
  const known = skippedApart ? result.errors.filter(isSkippedRow).map(line) : [];
  const errors = (skippedApart ? result.errors.filter((error) => !isSkippedRow(error)) : result.errors).map(line);
  return (
    <section id="import-results" aria-label={t("dealers:import.results")} className="scroll-mt-16 space-y-3">
      <div
        role="status"
        className={`rounded-lg border p-3 ${result.failed === 0 ? "border-accent-6 bg-accent-2" : "border-warning-11 bg-warning-3"}`}
      >
        <p className="font-semibold">{headline.title}</p>
        <p>{headline.description}</p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {COUNTS.map(([count, label]) => (
          <div key={count} className="rounded-lg bg-gray-3 p-2">
            <dt className="text-xs text-gray-11">{t(label)}</dt>
            <dd className="text-xl font-bold" data-testid={`import-${count}`}>
              {result[count]}
            </dd>
          </div>
        ))}
      </dl>
      {errors.length > 0 ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold">{t("dealers:import.errors")}</h3>
          <ul
            className="max-h-60 space-y-1 overflow-auto rounded-lg bg-danger-3 p-3 text-sm text-danger-11"
            aria-label={t("dealers:import.errorsLabel")}
          >
            {shownErrors(t, errors, errorLimit).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {known.length > 0 ? (
        <details className="rounded-lg bg-gray-3 p-3 text-sm">
          <summary className="min-h-11 cursor-pointer content-center font-semibold">
            {t("dealers:import.alreadyInDirectory", { count: known.length })}
          </summary>
          <ul
            className="mt-1 max-h-60 space-y-1 overflow-auto"
            aria-label={t("dealers:import.alreadyInDirectoryLabel")}
          >
            {known.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
