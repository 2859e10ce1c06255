import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { useT } from "~/browser/i18n";

/** What a refused file brought back: its notice and its row errors. */
export type RefusedImport = { notice: { title: string; description: string }; errors: string[] };

/** The row errors a page shows before "... and N more errors". */
const SHOWN_ERRORS = 20;

/**
 * The form of an import that writes every row or none (decisions 87 and 90): what refused the last
 * file and its first row errors, what the file holds (`about`), the file and the button. One plain
 * multipart post, JavaScript off too.
 */
export function AllOrNothingImport({
  refused,
  about,
  fileId,
  submit,
}: {
  refused: RefusedImport | undefined;
  about: ReactNode;
  fileId: string;
  submit: string;
}) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const errors = refused?.errors ?? [];
  return (
    <Form method="post" encType="multipart/form-data" className="card space-y-3">
      {refused ? (
        <div role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
          <p className="font-semibold">{refused.notice.title}</p>
          <p>{refused.notice.description}</p>
          {errors.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 ps-5">
              {errors.slice(0, SHOWN_ERRORS).map((line) => (
                <li key={line}>{line}</li>
              ))}
              {errors.length > SHOWN_ERRORS ? (
                <li>{t("dealers:import.moreErrors", { count: errors.length - SHOWN_ERRORS })}</li>
              ) : null}
            </ul>
          ) : null}
        </div>
      ) : null}
      <div className="space-y-2 text-sm text-gray-11">{about}</div>
      <div>
        <label htmlFor={fileId} className="field-label">
          {t("dealers:import.spreadsheet")}
        </label>
        <input id={fileId} type="file" name="file" accept=".xlsx,.xls" required className="field-input py-2" />
      </div>
      <button type="submit" className="btn-primary w-full" disabled={busy}>
        {busy ? t("dealers:import.importing") : submit}
      </button>
    </Form>
  );
}
