import { Prisma } from "~/generated/prisma/client";
import { prisma, readRows, type RowOf } from "~/db.server";
import { appDate, appPeriodRange, currentTime } from "~/infra/clock.server";
import { AGEING_BUCKETS, type AccountSummary } from "~/lib/ledger";
import { centsToDecimal } from "~/lib/money";
import { displayName } from "~/lib/names";
import type { AccountGrouping } from "~/lib/report-options";
import type { AccountsQuery } from "~/models/accounts-report.schema";
import { accountSummaries, creditSettings, recoveriesByDealer } from "~/models/ledger.server";
import { authorize } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { sqlRows } from "~/models/rows.server";
import { type Audience, requestedAudience, type Viewer } from "~/models/team-scope.server";

// Outstanding and overdue across dealers (issue 48, for managers and admins), computed from the
// ledger by accountSummaries: by dealer, officer, team or province; this month's recovery against
// what was overdue when the month began; the most overdue dealers. A manager's are the dealers of
// their teams (or of one of them), an admin's every dealer (or one team's); a dealer of no team is
// an admin's alone. A dealer's officer is the one who added it (its creator, decision 86).

type Ageing = AccountSummary["ageing"];

/** A group's figures, in cents. */
export type AccountFigures = {
  /** Dealers that owe something. */
  dealers: number;
  outstandingCents: bigint;
  overdueCents: bigint;
  ageing: Ageing;
  /** Recovered this month (Recovery entries since the month's first local midnight, less those reversed). */
  recoveredThisMonthCents: bigint;
  /** What was overdue at the month's first local midnight. */
  overdueAtMonthStartCents: bigint;
};

type AccountRow = { key: string; label: string; figures: AccountFigures };

/** A dealer with money overdue, as the lists of the most overdue name them. */
export type OverdueDealer = {
  id: number;
  businessName: string;
  city: string;
  outstandingCents: bigint;
  overdueCents: bigint;
  oldestUnpaidDays: number | null;
};

export type AccountsReport = {
  /** Today and the month's first day (yyyy-MM-dd, the app's time zone). */
  date: string;
  monthStart: string;
  groupBy: AccountGrouping;
  filters: { team: number | null; province: string | null };
  /** The chosen team's name, for the files' title row. */
  teamName: string | null;
  rows: AccountRow[];
  totals: AccountFigures;
  /** The ten dealers with the most overdue, most first. */
  mostOverdue: OverdueDealer[];
};

const NO_GROUP: Record<AccountGrouping, string> = {
  dealer: "No dealer",
  officer: "No officer",
  team: "No team",
  province: "Unknown province",
};

const MOST_OVERDUE = 10;
/** The manager's day lists fewer: it is one block of the home page. */
const TEAM_MOST_OVERDUE = 5;

/** The SQL condition on "Dealer" dl for the audience's dealers: a dealer of no team is everyone's (an admin's) alone. */
function dealersOf(audience: Audience, province: string | undefined): Prisma.Sql {
  const team = audience.everyone
    ? Prisma.sql`1`
    : audience.teamIds.length > 0
      ? Prisma.sql`dl."teamId" IN (${Prisma.join(audience.teamIds)})`
      : Prisma.sql`0`;
  return province === undefined ? team : Prisma.sql`${team} AND dl."state" = ${province}`;
}

/** The dealers a report covers, with what groups them: 403 unless the viewer may see reports on accounts. */
async function reportDealers(viewer: Viewer, query: Pick<AccountsQuery, "team" | "province">) {
  authorize(await policyViewer(viewer), "dealerAccounts.report");
  const audience = await requestedAudience(viewer, { team: query.team }, { companyAllowed: false });
  const dealers = dealersOf(audience, query.province);
  const info = readRows(
    sqlRows.accountDealer,
    Prisma.sql`
      SELECT dl."id", dl."businessName", dl."city", dl."state", dl."teamId", t."name" AS "teamName",
        u."id" AS "officerId", u."firstName" AS "officerFirstName", u."lastName" AS "officerLastName"
      FROM "Dealer" dl LEFT JOIN "Team" t ON t."id" = dl."teamId" LEFT JOIN "User" u ON u."id" = dl."createdById"
      WHERE ${dealers}`,
  );
  return { dealers, info: new Map(info.map((row) => [row.id, row])) };
}

type DealerInfo = RowOf<typeof sqlRows.accountDealer>;

function groupOf(groupBy: AccountGrouping, dealer: DealerInfo | undefined): { key: string; label: string | null } {
  switch (groupBy) {
    case "dealer":
      return { key: String(dealer?.id ?? ""), label: dealer?.businessName ?? null };
    case "officer":
      return {
        key: String(dealer?.officerId ?? ""),
        label:
          dealer?.officerId == null
            ? null
            : displayName({ firstName: dealer.officerFirstName, lastName: dealer.officerLastName }),
      };
    case "team":
      return { key: String(dealer?.teamId ?? ""), label: dealer?.teamName ?? null };
    case "province":
      return { key: dealer?.state ?? "", label: dealer?.state ?? null };
  }
}

function emptyFigures(): AccountFigures {
  return {
    dealers: 0,
    outstandingCents: 0n,
    overdueCents: 0n,
    ageing: { days0to30: 0n, days31to60: 0n, days61to90: 0n, over90: 0n },
    recoveredThisMonthCents: 0n,
    overdueAtMonthStartCents: 0n,
  };
}

function addTo(
  figures: AccountFigures,
  account: AccountSummary | undefined,
  recovered: bigint,
  overdueAtStart: bigint,
) {
  if (account) {
    if (account.outstandingCents > 0n) figures.dealers += 1;
    figures.outstandingCents += account.outstandingCents;
    figures.overdueCents += account.overdueCents;
    for (const bucket of AGEING_BUCKETS) figures.ageing[bucket] += account.ageing[bucket];
  }
  figures.recoveredThisMonthCents += recovered;
  figures.overdueAtMonthStartCents += overdueAtStart;
}

function mostOverdue(accounts: AccountSummary[], info: Map<number, DealerInfo>, count: number): OverdueDealer[] {
  return accounts
    .filter((account) => account.overdueCents > 0n)
    .sort((a, b) =>
      a.overdueCents === b.overdueCents ? a.dealerId - b.dealerId : a.overdueCents > b.overdueCents ? -1 : 1,
    )
    .slice(0, count)
    .map((account) => ({
      id: account.dealerId,
      businessName: info.get(account.dealerId)?.businessName ?? `Dealer ${account.dealerId}`,
      city: info.get(account.dealerId)?.city ?? "",
      outstandingCents: account.outstandingCents,
      overdueCents: account.overdueCents,
      oldestUnpaidDays: account.oldestUnpaidDays,
    }));
}

/**
 * The accounts report a manager or an admin asked for (403 for anyone else, and for a team not
 * theirs). Groups with nothing owed, overdue or recovered this month are left out.
 */
export async function buildAccountsReport(
  viewer: Viewer,
  query: AccountsQuery,
  now = currentTime(),
): Promise<AccountsReport> {
  const { dealers, info } = await reportDealers(viewer, query);
  const settings = await creditSettings();
  const month = appPeriodRange("month", now);
  const accounts = accountSummaries(dealers, settings, now);
  const atMonthStart = new Map(
    accountSummaries(dealers, settings, new Date(month.from)).map((account) => [account.dealerId, account]),
  );
  const recovered = recoveriesByDealer(dealers, month.from, now.getTime() + 1);
  const groups = new Map<string, AccountRow>();
  const totals = emptyFigures();
  for (const account of accounts) {
    const recoveredCents = recovered.get(account.dealerId) ?? 0n;
    const overdueAtStart = atMonthStart.get(account.dealerId)?.overdueCents ?? 0n;
    if (account.outstandingCents === 0n && recoveredCents === 0n && overdueAtStart === 0n) continue;
    const { key, label } = groupOf(query.groupBy, info.get(account.dealerId));
    let row = groups.get(key);
    if (!row) {
      row = { key, label: label ?? NO_GROUP[query.groupBy], figures: emptyFigures() };
      groups.set(key, row);
    }
    addTo(row.figures, account, recoveredCents, overdueAtStart);
    addTo(totals, account, recoveredCents, overdueAtStart);
  }
  const rows = [...groups.values()].sort(
    (a, b) =>
      Number(b.figures.overdueCents - a.figures.overdueCents) ||
      Number(b.figures.outstandingCents - a.figures.outstandingCents) ||
      a.label.localeCompare(b.label),
  );
  return {
    date: appDate(now),
    monthStart: appDate(new Date(month.from)),
    groupBy: query.groupBy,
    filters: { team: query.team ?? null, province: query.province ?? null },
    teamName: query.team
      ? ((await prisma.team.findUnique({ where: { id: query.team }, select: { name: true } }))?.name ?? null)
      : null,
    rows,
    totals,
    mostOverdue: mostOverdue(accounts, info, MOST_OVERDUE),
  };
}

/** The manager's day's block: what the viewer's dealers (or one team's) owe, and the five most overdue. */
export async function teamAccounts(viewer: Viewer, { team }: { team?: number }, now = currentTime()) {
  const { dealers, info } = await reportDealers(viewer, { team });
  const accounts = accountSummaries(dealers, await creditSettings(), now);
  const totals = emptyFigures();
  for (const account of accounts) addTo(totals, account, 0n, 0n);
  return {
    outstandingCents: totals.outstandingCents,
    overdueCents: totals.overdueCents,
    mostOverdue: mostOverdue(accounts, info, TEAM_MOST_OVERDUE),
  };
}

function figuresJson(figures: AccountFigures) {
  return {
    dealers: figures.dealers,
    outstanding: centsToDecimal(figures.outstandingCents),
    overdue: centsToDecimal(figures.overdueCents),
    ageing: Object.fromEntries(
      AGEING_BUCKETS.map((bucket) => [bucket, centsToDecimal(figures.ageing[bucket])]),
    ) as Record<keyof Ageing, string>,
    recoveredThisMonth: centsToDecimal(figures.recoveredThisMonthCents),
    overdueAtMonthStart: centsToDecimal(figures.overdueAtMonthStartCents),
  };
}

/** The report as /api answers it: money as decimal text. */
export function accountsReportJson(report: AccountsReport) {
  return {
    date: report.date,
    monthStart: report.monthStart,
    groupBy: report.groupBy,
    filters: report.filters,
    rows: report.rows.map((row) => ({ key: row.key, label: row.label, ...figuresJson(row.figures) })),
    totals: figuresJson(report.totals),
    mostOverdue: report.mostOverdue.map((dealer) => ({
      id: dealer.id,
      businessName: dealer.businessName,
      city: dealer.city,
      outstanding: centsToDecimal(dealer.outstandingCents),
      overdue: centsToDecimal(dealer.overdueCents),
      oldestUnpaidDays: dealer.oldestUnpaidDays,
    })),
  };
}
