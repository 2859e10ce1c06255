import type { Translate } from "~/locales/namespaces";

/**
 * The notice after an opening balances import (issue 48, decision 87), in the language of `t`:
 * every row written, the same file again, or nothing written and why.
 */
export function openingImportNotice(
  t: Translate,
  result: { total: number; opened: number; failed: number; replayed: boolean },
): { title: string; description: string; type: "success" | "error" } {
  if (result.failed > 0)
    return {
      title: t("dealers:import.importFailed"),
      description: t("dealers:openingImport.nothingImported", { failed: result.failed, total: result.total }),
      type: "error",
    };
  return {
    title: t("dealers:import.successTitle"),
    description: result.replayed
      ? t("dealers:openingImport.alreadyImported", { count: result.opened })
      : t("dealers:openingImport.imported", { count: result.opened }),
    type: "success",
  };
}
