import { said } from "~/http/language.server";
import { appDate } from "~/infra/clock.server";
import { monthOf } from "~/lib/target-period";
import { targetQuerySchema } from "~/models/targets.schema";
import { pageRefusal } from "~/http/form.server";

/**
 * The targets pages' `?period=` (this month by default) and `?team=` (/targets, its import and
 * its template); a malformed one answers the page's 400 with the schema's message.
 */
export function targetPageQuery(request: Request): { period: string; team: number | undefined } {
  const query = targetQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw pageRefusal(said(query.error.issues[0]?.message ?? "Invalid query"), 400);
  return { period: query.data.period ?? monthOf(appDate()), team: query.data.team };
}
