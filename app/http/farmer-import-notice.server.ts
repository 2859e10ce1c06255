import { said } from "~/http/language.server";

/**
 * The notice after a farmers import, in the request's language (the page's reader's, English on
 * /api): every row written, or nothing written and how many rows have errors.
 */
export function farmerImportNotice(result: { total: number; farmers: number; failed: number }) {
  if (result.failed > 0)
    return {
      title: said("farmers:import.failed"),
      description: said("farmers:import.failedRows", { failed: result.failed, total: result.total }),
      type: "error" as const,
    };
  return {
    title: said("farmers:import.succeeded"),
    description: said("farmers:import.imported", { farmers: result.farmers }),
    type: "success" as const,
  };
}
