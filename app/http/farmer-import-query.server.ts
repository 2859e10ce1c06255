import { said } from "~/http/language.server";
import { farmerImportQuerySchema } from "~/models/farmer.schema";
import { pageRefusal } from "~/http/form.server";

/**
 * The farmers import's `?team=` (its page and its template): the team the farmers will belong to;
 * a malformed one answers the page's 400 with the schema's message, in the reader's language.
 */
export function farmerImportTeamOf(request: Request): number | undefined {
  const query = farmerImportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw pageRefusal(said(query.error.issues[0]?.message ?? "Invalid query"), 400);
  return query.data.team;
}
