import { data } from "react-router";
import { said } from "~/http/language.server";
import { farmerImportQuerySchema } from "~/models/farmer.schema";

/**
 * The farmers import's `?team=` (its page and its template): the team the farmers will belong to;
 * a malformed one answers the page's 400 with the schema's message, in the reader's language.
 */
export function farmerImportTeamOf(request: Request): number | undefined {
  const query = farmerImportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(said(query.error.issues[0]?.message ?? "Invalid query"), { status: 400 });
  return query.data.team;
}
