import type { Route } from "./+types/reports";
import { apiCall, isBrowserNavigation, methodNotAllowed, readQuery } from "~/http/api.server";
import { requireUser } from "~/http/auth.server";
import { redirectWithToast } from "~/http/toast.server";
import { AppError } from "~/lib/app-error";
import { reportCsv, reportFileName, reportTitle, reportXlsx } from "~/models/report-export.server";
import { reportTable } from "~/models/report-view.server";
import { reportQuerySchema } from "~/models/report.schema";
import { buildReport, reportJson } from "~/models/report.server";

/**
 * GET /api/reports: totals per officer, team, province, city, dealer, product, day or week over a
 * period, beside the period of equal length before it. Officers see their own figures only;
 * managers their teams' people; admins everyone, or one team with `team`. A team or an officer
 * outside the viewer's answers 403. JSON by default; `?format=csv` (or `Accept: text/csv`) and
 * `?format=xlsx` answer the page's table as a file. The .xlsx waits its turn in the server's one
 * queue of exports: 503 when the line is full, 429 past the person's share, both with Retry-After;
 * the page's download link (a browser navigation) goes back to the report with the message instead.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const query = readQuery(args.request, reportQuerySchema);
  return apiCall(() => answerReport(args.request, user, query));
}

async function answerReport(
  request: Request,
  user: Parameters<typeof buildReport>[0],
  query: Parameters<typeof buildReport>[1],
): Promise<Response> {
  const report = await buildReport(user, query);
  const format =
    new URL(request.url).searchParams.get("format") ??
    (/\btext\/csv\b/.test(request.headers.get("Accept") ?? "") ? "csv" : "json");
  if (format === "csv" || format === "xlsx") {
    const table = reportTable(report);
    const title = reportTitle(report, report.officerName);
    let body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
    try {
      body = format === "csv" ? reportCsv(title, table) : await reportXlsx(title, table, user.id);
    } catch (error) {
      if (!(error instanceof AppError) || error.retryAfterSec === undefined || !isBrowserNavigation(request))
        throw error;
      const page = new URL(request.url).searchParams;
      page.delete("format");
      return redirectWithToast(`/reports?${page}`, { type: "error", title: error.message }, { status: 303 });
    }
    return new Response(body, {
      headers: {
        "Content-Type":
          format === "csv"
            ? "text/csv; charset=utf-8"
            : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": `attachment; filename="${reportFileName(report, format)}"`,
        "Cache-Control": "private, no-store",
      },
    });
  }
  return Response.json(reportJson(report));
}

export const action = methodNotAllowed;
