import { z } from "zod";
import { revalidatedJson, versionedJson } from "~/http/answer-cache.server";
import * as answers from "~/http/api-answers";
import { apiError, isBrowserNavigation } from "~/http/api.server";
import { operation } from "~/http/api/operation.server";
import { redirectWithToast } from "~/http/toast.server";
import { inLanguage, requestLanguage, said, translator } from "~/http/language.server";
import { NAMESPACES, type Translate } from "~/locales/namespaces";
import { AppError } from "~/lib/app-error";
import { RECALCULATION_FAILED } from "~/lib/performance";
import { checkInQuerySchema, locationQualityQuerySchema } from "~/models/checkin.schema";
import { dayCheckInItems, dayCheckInsKey, dayLocationQuality, mapAudience } from "~/models/checkin.server";
import { listVersion } from "~/models/list-version.server";
import { rankingsFor } from "~/models/metrics.server";
import { calculatePerformance, listLeaderboard } from "~/models/performance.server";
import { rankingsQuerySchema } from "~/models/post.schema";
import { accountsQuerySchema } from "~/models/accounts-report.schema";
import { accountsReportJson, buildAccountsReport } from "~/models/accounts-report.server";
import { farmersReportAnswer, farmersReportQuerySchema } from "~/models/farmers-report.schema";
import { buildFarmersReport } from "~/models/farmers-report.server";
import {
  accountsFileName,
  accountsTitle,
  farmersFileName,
  farmersTitle,
  reportCsv,
  reportFileName,
  reportTitle,
  reportXlsx,
  targetsFileName,
  targetsTitle,
} from "~/models/report-export.server";
import { accountsTable, farmersTable, reportTable, type ReportTable, targetsTable } from "~/models/report-view.server";
import type { ReportView } from "~/lib/report-options";
import { targetsReportAnswer, targetsReportQuerySchema } from "~/models/targets-report.schema";
import { buildTargetsReport } from "~/models/targets-report.server";
import { reportQuerySchema } from "~/models/report.schema";
import { buildReport, reportJson } from "~/models/report.server";
import { teamDayQuerySchema } from "~/models/team-day.schema";
import { teamDay } from "~/models/team-day.server";
import { requestedAudience } from "~/models/team-scope.server";
import { audienceQuerySchema } from "~/models/team.schema";
import { log } from "~/infra/log.server";

/** The format a report call asks for: `?format=csv|xlsx`, else CSV by `Accept: text/csv`, else JSON. */
function reportFormat(request: Request): string {
  return (
    new URL(request.url).searchParams.get("format") ??
    (/\btext\/csv\b/.test(request.headers.get("Accept") ?? "") ? "csv" : "json")
  );
}

/** The view of the reports page a report call's download link came from, by the call's path. */
const PAGE_VIEWS: Record<string, ReportView> = {
  "/api/accounts": "accounts",
  "/api/targets/report": "targets",
  "/api/farmers/report": "farmers",
};

/**
 * A report's table as a CSV or .xlsx file. The .xlsx waits its turn in the server's one queue of
 * exports: 503 when the line is full, 429 past the person's share, both with Retry-After; the
 * page's download link (a browser navigation) goes back to the report page with the message instead.
 */
async function answerFile(
  request: Request,
  format: "csv" | "xlsx",
  file: { table: ReportTable; title: string; name: string; userId: number },
): Promise<Response> {
  let body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>;
  try {
    body = format === "csv" ? reportCsv(file.title, file.table) : await reportXlsx(file.title, file.table, file.userId);
  } catch (error) {
    if (!(error instanceof AppError) || error.retryAfterSec === undefined || !isBrowserNavigation(request)) throw error;
    const page = new URL(request.url).searchParams;
    page.delete("format");
    // The accounts, targets and farmers reports' pages are views of the reports page.
    const view = PAGE_VIEWS[new URL(request.url).pathname];
    if (view) page.set("view", view);
    // A page reads the notice: in this phone's language, where /api answers in English.
    const title = inLanguage(requestLanguage(request, null), () => said(error.message, error.values));
    return redirectWithToast(`/reports?${page}`, { type: "error", title }, { status: 303 });
  }
  return new Response(body, {
    headers: {
      "Content-Type":
        format === "csv"
          ? "text/csv; charset=utf-8"
          : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** How a report call answers: its page's table and the file's title (in `t`'s words), the file's name, and its JSON. */
type ReportAnswer<R> = {
  table: (report: R, t: Translate) => ReportTable;
  title: (report: R, t: Translate) => string;
  fileName: (report: R, extension: "csv" | "xlsx") => string;
  json: (report: R) => Response;
};

/** A report as JSON by default; `?format=csv` (or `Accept: text/csv`) and `?format=xlsx` answer the page's table as a file. */
async function answerReportAs<R>(request: Request, userId: number, report: R, as: ReportAnswer<R>): Promise<Response> {
  const format = reportFormat(request);
  if (format !== "csv" && format !== "xlsx") return as.json(report);
  const words = fileWords(request);
  return answerFile(request, format, {
    table: as.table(report, words),
    title: as.title(report, words),
    name: as.fileName(report, format),
    userId,
  });
}

const NO_STORE = { headers: { "Cache-Control": "private, no-store" } };

/** /api's words, its files' too: English, as its callers' tools read them (a file's columns by name). */
const ENGLISH = translator("en", NAMESPACES);

/**
 * A file's words: the report page's download link (a browser following it) is read by a person,
 * in this phone's language (issue 51: Excel and CSV headers in the reader's language); a tool
 * calling /api reads English.
 */
function fileWords(request: Request): Translate {
  return isBrowserNavigation(request) ? translator(requestLanguage(request, null), NAMESPACES) : ENGLISH;
}

const SALES_REPORT: ReportAnswer<Awaited<ReturnType<typeof buildReport>>> = {
  table: reportTable,
  title: (report, t) => reportTitle(report, report.officerName, t),
  fileName: reportFileName,
  json: (report) => Response.json(reportJson(report)),
};

const ACCOUNTS_REPORT: ReportAnswer<Awaited<ReturnType<typeof buildAccountsReport>>> = {
  table: accountsTable,
  title: accountsTitle,
  fileName: accountsFileName,
  json: (report) => Response.json(accountsReportJson(report), NO_STORE),
};

const TARGETS_REPORT: ReportAnswer<Awaited<ReturnType<typeof buildTargetsReport>>> = {
  table: targetsTable,
  title: targetsTitle,
  fileName: targetsFileName,
  json: (report) => Response.json(report, NO_STORE),
};

const FARMERS_REPORT: ReportAnswer<Awaited<ReturnType<typeof buildFarmersReport>>> = {
  table: farmersTable,
  title: farmersTitle,
  fileName: farmersFileName,
  json: (report) => Response.json(report, NO_STORE),
};

export const rankingOperations = [
  operation({
    method: "get",
    path: "/api/agents/rankings",
    summary:
      "Officers ranked by sales, with distance, hours, recovery and dealers for a period: the viewer's own people (scope=company: everyone; team: one team)",
    tag: "Rankings",
    access: "app.use",
    query: rankingsQuerySchema,
    queryExample: { period: "week" },
    answer: { status: 200, description: "Rankings", schema: z.array(answers.rankingAnswer) },
    // A team the viewer neither belongs to nor leads.
    errors: [403],
    // ?period=today|week|month|all (default month).
    handler: async ({ request, user, query }) => revalidatedJson(request, await rankingsFor(user, query)),
  }),
  operation({
    method: "get",
    path: "/api/agents/checkins",
    summary:
      "The check-ins of one day of the viewer's people (an officer's team, a manager's teams, everyone for an admin; team: one of them), numbered and coloured per officer",
    tag: "Map",
    access: "app.use",
    query: checkInQuerySchema,
    queryExample: { date: "2026-11-22" },
    answer: { status: 200, description: "Check-in stops", schema: z.array(answers.checkInStopAnswer) },
    errors: [403], // a team not the viewer's
    /**
     * ?date=yyyy-MM-dd[&province=Punjab][&agent={userId}][&team={teamId}]: in time order, the call's
     * original fields plus each one's number in its agent's day, the Start / Stop / Latest label
     * and the agent's colour. A missing or malformed date is a 400. Tagged with the check-ins'
     * version, whose routes it holds and whether the day is today (which names the last stop).
     */
    handler: async ({ request, user, query }) => {
      const now = new Date();
      const audience = await mapAudience(user, query.team);
      return versionedJson(request, dayCheckInsKey(audience, query, now), async () => ({
        data: dayCheckInItems(audience, query, now),
      }));
    },
  }),
  operation({
    method: "get",
    path: "/api/agents/location-quality",
    summary:
      "How each officer's places were had on one day (the viewer's teams, everyone for an admin; team: one of them): the share of GPS check-ins, their median accuracy and the legs not counted",
    tag: "Map",
    access: "locationQuality.read",
    query: locationQualityQuerySchema,
    queryExample: { date: "2026-11-22" },
    answer: {
      status: 200,
      description: "One row per officer with check-ins that day, by name",
      schema: z.array(answers.locationQualityAnswer),
    },
    // The legs not counted in distance and hours, by reason.
    handler: async ({ user, query }) =>
      Response.json(dayLocationQuality(await mapAudience(user, query.team), query.date)),
  }),
  operation({
    method: "get",
    path: "/api/reports",
    summary:
      "Totals per officer, team, province, city, dealer, product, day or week over a period, beside the period of equal length before (officers: their own only; managers: their teams; admins: everyone or one team)",
    tag: "Rankings",
    access: "team.view",
    query: reportQuerySchema,
    queryExample: { period: "last-week", groupBy: "officer" },
    answer: { status: 200, description: "The report", schema: answers.reportAnswer },
    // 403: a team or an officer not the viewer's; 429 and 503 (with Retry-After): format=xlsx past
    // the person's share of the server's one queue of exports, or with the queue full.
    errors: [403, 429, 503],
    handler: async ({ request, user, query }) =>
      answerReportAs(request, user.id, await buildReport(user, query), SALES_REPORT),
  }),
  operation({
    method: "get",
    path: "/api/accounts",
    summary:
      "Dealer accounts today by dealer, officer (who added the dealer), team or province: outstanding, overdue, ageing, this month's recovery against what was overdue at its start, and the ten most overdue dealers (managers: the dealers of their teams; admins: every dealer or one team's)",
    tag: "Rankings",
    access: "dealerAccounts.report",
    query: accountsQuerySchema,
    queryExample: { groupBy: "team" },
    answer: { status: 200, description: "The accounts report", schema: answers.accountsReportAnswer },
    // 403: a team not the viewer's; 429 and 503 (with Retry-After): format=xlsx as for /api/reports.
    errors: [403, 429, 503],
    handler: async ({ request, user, query }) =>
      answerReportAs(request, user.id, await buildAccountsReport(user, query), ACCOUNTS_REPORT),
  }),
  operation({
    method: "get",
    path: "/api/targets/report",
    summary:
      "Targets against what was done in a month or a season, by officer, team, measure or month (a season's months, or the twelve months to a month): each measure's target, actual, percentage and pace (officers: their own, and their team's total; managers: their teams; admins: everyone or one team)",
    tag: "Targets",
    access: "team.view",
    query: targetsReportQuerySchema,
    queryExample: { period: "2026-11", groupBy: "team" },
    answer: { status: 200, description: "The targets report", schema: targetsReportAnswer },
    // 400: a malformed or unknown period or grouping; 403: a team not the viewer's; 429 and 503
    // (with Retry-After): format=xlsx as for /api/reports.
    errors: [400, 403, 429, 503],
    handler: async ({ request, user, query }) =>
      answerReportAs(request, user.id, await buildTargetsReport(user, query), TARGETS_REPORT),
  }),
  operation({
    method: "get",
    path: "/api/farmers/report",
    summary:
      "The farmers reached in a season (new and repeat), the farmer meetings and their head count, the demo plots sown in it by stage and their average yield gain, by officer, team, season (the six to the one asked) or product and crop (officers: their own, and their team's total; managers: their teams; admins: everyone or one team)",
    tag: "Farmers",
    access: "team.view",
    query: farmersReportQuerySchema,
    queryExample: { season: "RABI-2026", groupBy: "team" },
    answer: { status: 200, description: "The farmers report", schema: farmersReportAnswer },
    // 400: a malformed or unknown season or grouping; 403: a team not the viewer's; 429 and 503
    // (with Retry-After): format=xlsx as for /api/reports.
    errors: [400, 403, 429, 503],
    handler: async ({ request, user, query }) =>
      answerReportAs(request, user.id, await buildFarmersReport(user, query), FARMERS_REPORT),
  }),
  operation({
    method: "get",
    path: "/api/team-day",
    summary:
      "The manager's day: the viewer's officers (a manager's teams; everyone for an admin; team: one of them), who has posted today and who has not",
    tag: "Rankings",
    access: "teamDay.read",
    query: teamDayQuerySchema,
    answer: { status: 200, description: "Today's posting of each officer", schema: answers.teamDayAnswer },
    errors: [403], // a team not the viewer's
    handler: async ({ user, query }) =>
      Response.json(await teamDay(user, query), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "get",
    path: "/api/performance/leaderboard",
    summary:
      "The performance leaderboard of the viewer's own people (scope=company: everyone; team: one team); ranks and badges are the company's, teamRank the place in the team",
    tag: "Rankings",
    access: "app.use",
    query: audienceQuerySchema,
    queryExample: { scope: "company" },
    answer: { status: 200, description: "Entries", schema: z.array(answers.leaderboardAnswer) },
    // A team the viewer neither belongs to nor leads.
    errors: [403],
    /**
     * The active officers' entries, ranked ones first. The same for an audience until a
     * calculation, an officer's shown details or the teams change (the Leaderboard list version),
     * so it is read once per version and audience and kept.
     */
    handler: async ({ request, user, query }) => {
      const audience = await requestedAudience(user, query, { companyAllowed: true });
      const key = `leaderboard ${listVersion("Leaderboard")} ${JSON.stringify(audience)}`;
      return versionedJson(request, key, async () => ({ data: await listLeaderboard(audience) }));
    },
  }),
  operation({
    method: "post",
    path: "/api/performance/calculate",
    summary: "Recalculate performance scores and assign badges (MANAGER and ADMIN)",
    tag: "Rankings",
    access: "leaderboard.recalculate",
    answer: { status: 200, description: "Done", schema: answers.calculationAnswer },
    errors: [503],
    // No body: recalculates scores, ranks and badges.
    handler: async () => {
      try {
        const result = await calculatePerformance();
        return Response.json({ message: ENGLISH("reports:leaderboard.recalculated"), ...result });
      } catch (error) {
        log.error({ err: error }, "performance calculation failed");
        return apiError(503, RECALCULATION_FAILED);
      }
    },
  }),
];
