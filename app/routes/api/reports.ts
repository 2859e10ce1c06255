import type { Route } from "./+types/reports";
import { methodNotAllowed, readQuery } from "~/http/api.server";
import { requireUser } from "~/models/auth.server";
import { reportQuerySchema } from "~/models/report.schema";
import { buildReport, reportJson } from "~/models/report.server";

/**
 * GET /api/reports: totals per officer, province, city, dealer, product, day or week over a
 * period, beside the period of equal length before it. Managers and admins see everyone;
 * officers their own figures only (issue 19).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const query = readQuery(args.request, reportQuerySchema);
  return Response.json(reportJson(await buildReport(user, query)));
}

export const action = methodNotAllowed;
