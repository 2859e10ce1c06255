import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import { readRows, type RowOf } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { appDate, appOffsetMs, currentTime } from "~/infra/clock.server";
import { addDays, DAY_MS, dateOfDay, dateOfTime, dayNumber, weekStart } from "~/lib/calendar";
import { formatCalendarDate } from "~/lib/date-format";
import { centsToDecimal } from "~/lib/money";
import { percentChange } from "~/lib/percent-change";
import { displayName } from "~/lib/names";
import { POST_TYPES, type PostType, SALE_PRODUCTS, SALE_PRODUCT_LABELS, type SaleProduct } from "~/lib/post-types";
import { PROVINCES, type Province } from "~/lib/provinces";
import { routeTotals } from "~/models/route-days.server";
import { can } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import type { ReportGrouping } from "~/lib/report-options";
import { MAX_REPORT_DAYS, RANGE_TOO_LONG, type ReportQuery } from "~/models/report.schema";
import type { MessageKey } from "~/locales/namespaces";
import {
  type Audience,
  audienceHas,
  audienceSql,
  EVERYONE,
  requestedAudience,
  type Viewer,
} from "~/models/team-scope.server";

// Reports for managers: any period in the app's time zone, grouped by officer, team, province,
// city, dealer, product, day or week, beside the period of equal length just before. Distance and
// hours come from the metrics the rankings use (the same rules for legs left out).
//
// Whose figures: an officer's own; a manager's teams (the posts, check-ins and new dealers of
// their people); everyone's for an admin; `team` narrows to one of the viewer's teams.

/** The viewer; one without a team (`teamId` unset or null) is in the unassigned group. */
export type ReportViewer = { id: number; role: string; teamId?: number | null };

export const REPORT_OFFICER_FORBIDDEN: MessageKey = "reports:errors.officerForbidden";

/** A local calendar period, both ends included ("2026-11-16" … "2026-11-22"). */
export type ReportRange = { from: string; to: string };

export type Figures = {
  salesCents: bigint;
  salesQty: number;
  salesByProduct: Record<SaleProduct, { qty: number; cents: bigint }>;
  recoveryCents: bigint;
  posts: number;
  postsByType: Record<PostType, number>;
  visits: number;
  dealersVisited: number;
  newDealers: number;
  /** As the rankings count them; null where the grouping or a filter cannot split a day's route (province, city, dealer, product, a post type). */
  distanceKm: number | null;
  hours: number | null;
};

type ReportRow = { key: string; label: string; current: Figures; previous: Figures };

export type Report = {
  range: ReportRange;
  previousRange: ReportRange;
  groupBy: ReportGrouping;
  filters: { officer: number | null; province: Province | null; type: PostType | null; team: number | null };
  /** The chosen officer's name, for the files' title row. */
  officerName: string | null;
  /** The chosen team's name, for the files' title row. */
  teamName: string | null;
  rows: ReportRow[];
  totals: { current: Figures; previous: Figures };
};

/** The period a query names: its quick pick, else its from and to, else this month so far (the rankings' period). */
export function reportRange(query: Pick<ReportQuery, "period" | "from" | "to">, now = currentTime()): ReportRange {
  if (!query.period && query.from && query.to) return { from: query.from, to: query.to };
  const today = appDate(now);
  const thisWeek = weekStart(today);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (query.period ?? "this-month") {
    case "this-week":
      return { from: thisWeek, to: today };
    case "last-week":
      return { from: addDays(thisWeek, -7), to: addDays(thisWeek, -1) };
    case "this-month":
      return { from: monthStart, to: today };
    case "last-month":
      return { from: `${addDays(monthStart, -1).slice(0, 8)}01`, to: addDays(monthStart, -1) };
    case "last-90-days":
      return { from: addDays(today, -89), to: today };
  }
}

/** The period of equal length that ends the day before `range` starts. */
export function previousRange(range: ReportRange): ReportRange {
  const days = dayNumber(range.to) - dayNumber(range.from) + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** A local period as epoch ms: from its first local midnight to the midnight after its last day. */
function epochRange(range: ReportRange, now: Date): { from: number; to: number } {
  const offset = appOffsetMs(now);
  return { from: dayNumber(range.from) * DAY_MS - offset, to: (dayNumber(range.to) + 1) * DAY_MS - offset };
}

function emptyFigures(withRoutes: boolean): Figures {
  return {
    salesCents: 0n,
    salesQty: 0,
    salesByProduct: Object.fromEntries(
      SALE_PRODUCTS.map((product) => [product, { qty: 0, cents: 0n }]),
    ) as Figures["salesByProduct"],
    recoveryCents: 0n,
    posts: 0,
    postsByType: Object.fromEntries(POST_TYPES.map((type) => [type, 0])) as Figures["postsByType"],
    visits: 0,
    dealersVisited: 0,
    newDealers: 0,
    distanceKm: withRoutes ? 0 : null,
    hours: withRoutes ? 0 : null,
  };
}

type Group = { key: string; label: string };

/** A day ("Nov 17, 2026") or the week starting on a Sunday ("Week of Nov 15, 2026"). */
function calendarGroup(groupBy: "day" | "week", day: string): Group {
  return { key: day, label: groupBy === "day" ? formatCalendarDate(day) : `Week of ${formatCalendarDate(day)}` };
}

const NO_GROUP: Record<ReportGrouping, string> = {
  officer: "No officer",
  team: "No team",
  province: "Unknown province",
  city: "No dealer's city",
  dealer: "No dealer",
  product: "No product (not a sale)",
  day: "",
  week: "",
};

/** A row's key from what the SQL below answered (a user id, a province, a city, a dealer id, a product, a local day number). */
function groupKey(groupBy: ReportGrouping, key: string | number | bigint | null): string {
  if (key === null || key === "") return "";
  if (groupBy === "day") return dateOfTime(Number(key) * DAY_MS);
  if (groupBy === "week") return weekStart(dateOfTime(Number(key) * DAY_MS));
  // Places by their words in any case ("Multan", "multan"); ids and product codes as they are.
  return groupBy === "province" || groupBy === "city" ? String(key).toLowerCase() : String(key);
}

/** The words for a row's key (made once per row: dates cost a formatter each). */
function groupOf(groupBy: ReportGrouping, key: string, label: string | null, people: People): Group {
  if (key === "") return { key, label: NO_GROUP[groupBy] };
  switch (groupBy) {
    case "officer":
      return { key, label: people.names.get(Number(key)) ?? `User ${key}` };
    case "team":
      return { key, label: people.teamNames.get(Number(key)) ?? `Team ${key}` };
    case "product":
      return { key, label: SALE_PRODUCT_LABELS[key as SaleProduct] ?? key };
    case "day":
    case "week":
      return calendarGroup(groupBy, key);
    default:
      return { key, label: label ?? key };
  }
}

/** Distance and hours can be split by officer, day and week, and only over whole days of every post type. */
function splitsRoutes(query: ReportQuery): boolean {
  return (
    (query.groupBy === "officer" || query.groupBy === "team" || query.groupBy === "day" || query.groupBy === "week") &&
    !query.type &&
    !query.province
  );
}

/**
 * The province a row happened in, in SQL: its dealer's, else the first one its address names.
 * `row` is the table with the row's address (Post or CheckIn); the dealer is `d`.
 */
function provinceSql(row: "p" | "c"): Prisma.Sql {
  const byAddress = PROVINCES.map(
    (province) =>
      Prisma.sql`WHEN instr(lower(${Prisma.raw(row)}.address), ${province.toLowerCase()}) > 0 THEN ${province}`,
  );
  return Prisma.sql`CASE WHEN d.state IN (${Prisma.join([...PROVINCES])}) THEN d.state ${Prisma.join(byAddress, " ")} END`;
}

/** The local day number of a row's createdAt. */
function daySql(row: "p" | "c" | "d", offset: number): Prisma.Sql {
  return Prisma.raw(`CAST((${row}.createdAt + ${Math.trunc(offset)}) / ${DAY_MS} AS INTEGER)`);
}

/** Whether the statement needs the row's dealer (and, for a check-in, its post): places and dealers, or a province filter. */
function needsDealer(query: ReportQuery): boolean {
  return (
    query.groupBy === "province" ||
    query.groupBy === "city" ||
    query.groupBy === "dealer" ||
    query.province !== undefined
  );
}

/** The alias of the user a row belongs to, joined by `userJoin`: the post's, the check-in's, the dealer's creator. */
const USER_ALIAS = { p: "pu", c: "cu", d: "du" } as const;

/**
 * The row's user (for a new dealer, its creator; none makes it unassigned): always read, since a
 * report counts officers' work only, as only officers are ranked.
 */
function userJoin(row: "p" | "c" | "d", _query: ReportQuery, _audience: Audience): Prisma.Sql {
  const owner = { p: "p.userId", c: "c.userId", d: "d.createdById" }[row];
  return Prisma.raw(`LEFT JOIN User ${USER_ALIAS[row]} ON ${USER_ALIAS[row]}.id = ${owner}`);
}

/**
 * The audience's condition on the row's user, and that the user is an officer: a manager's or an
 * admin's own posts and check-ins are no officer's figures. A dealer without its creator still counts.
 */
function audienceOf(row: "p" | "c" | "d", audience: Audience): Prisma.Sql {
  const user = USER_ALIAS[row];
  return Prisma.sql`${audienceSql(audience, Prisma.raw(user))} AND (${Prisma.raw(`${user}.role`)} IS NULL OR ${Prisma.raw(`${user}.role`)} = 'OFFICER')`;
}

/** The grouping's key and label in SQL, for posts (`p`), check-ins (`c`, with their post `p`) or new dealers (`d`). */
function keySql(groupBy: ReportGrouping, row: "p" | "c" | "d", offset: number): { key: Prisma.Sql; label: Prisma.Sql } {
  const none = Prisma.sql`NULL`;
  switch (groupBy) {
    case "team":
      return { key: Prisma.raw(`${USER_ALIAS[row]}.teamId`), label: none };
    case "officer":
      // Check-ins: a skip-scan of the covering index on (userId, createdAt) groups them without a sort.
      // Posts and dealers: "+", not an index on userId that SQLite would skip-scan reading every
      // row's other columns from the table; the createdAt range is narrower.
      return {
        key: Prisma.raw(row === "c" ? "c.userId" : `+${row === "d" ? "d.createdById" : "p.userId"}`),
        label: none,
      };
    case "province":
      return row === "d"
        ? { key: Prisma.sql`d.state`, label: Prisma.sql`d.state` }
        : { key: provinceSql(row), label: provinceSql(row) };
    case "city":
      return { key: Prisma.sql`lower(d.city)`, label: Prisma.sql`MIN(d.city)` };
    case "dealer":
      return { key: Prisma.sql`d.id`, label: Prisma.sql`MIN(d.businessName)` };
    case "product":
      return { key: row === "p" ? Prisma.sql`p.saleProduct` : none, label: none };
    case "day":
    case "week":
      return { key: daySql(row, offset), label: none };
  }
}

function filtersSql(row: "p" | "c", query: ReportQuery, audience: Audience): Prisma.Sql {
  return Prisma.sql`${audienceOf(row, audience)}
    ${query.officer ? Prisma.sql`AND ${Prisma.raw(row)}.userId = ${query.officer}` : Prisma.empty}
    ${query.type ? Prisma.sql`AND ${Prisma.raw(row)}.type = ${query.type}` : Prisma.empty}
    ${query.province ? Prisma.sql`AND (${provinceSql(row)}) = ${query.province}` : Prisma.empty}`;
}

type Tally = RowOf<typeof sqlRows.tally>;

async function periodFigures(range: ReportRange, query: ReportQuery, audience: Audience, now: Date, people: People) {
  const epoch = epochRange(range, now);
  const offset = appOffsetMs(now);
  const withRoutes = splitsRoutes(query);
  const groups = new Map<string, { group: Group; figures: Figures }>();
  const figuresOf = (key: string, label: string | null) => {
    let found = groups.get(key);
    if (!found) {
      found = { group: groupOf(query.groupBy, key, label, people), figures: emptyFigures(withRoutes) };
      groups.set(key, found);
    }
    return found.figures;
  };
  const entry = (tally: Tally) => figuresOf(groupKey(query.groupBy, tally.k), tally.label);
  const inRange = (row: "p" | "c" | "d") =>
    Prisma.sql`${Prisma.raw(row)}.createdAt >= ${epoch.from} AND ${Prisma.raw(row)}.createdAt < ${epoch.to}`;

  const posts = keySql(query.groupBy, "p", offset);
  for (const tally of readRows(
    sqlRows.postTally,
    Prisma.sql`
    SELECT ${posts.key} AS k, ${posts.label} AS label, p.type AS type, p.saleProduct AS saleProduct, COUNT(*) AS n,
      SUM(p.saleQty) AS qty, SUM(p.saleTotalCents) AS sales, SUM(p.recoveryAmountCents) AS recovery
    FROM Post p ${needsDealer(query) ? Prisma.sql`LEFT JOIN Dealer d ON d.id = p.dealerId` : Prisma.empty}
      ${userJoin("p", query, audience)}
    WHERE ${inRange("p")} ${filtersSql("p", query, audience)}
    GROUP BY k, p.type, p.saleProduct`,
  )) {
    const figures = entry(tally);
    figures.posts += tally.n;
    if (tally.type in figures.postsByType) figures.postsByType[tally.type] += tally.n;
    if (tally.type === "SALE") {
      const cents = tally.sales ?? 0n;
      const qty = tally.qty ?? 0;
      figures.salesCents += cents;
      figures.salesQty += qty;
      const product = tally.saleProduct && figures.salesByProduct[tally.saleProduct];
      if (product) {
        product.qty += qty;
        product.cents += cents;
      }
    }
    if (tally.type === "RECOVERY") figures.recoveryCents += tally.recovery ?? 0n;
  }
  for (const tally of readRows(
    sqlRows.tally,
    Prisma.sql`
    SELECT ${posts.key} AS k, ${posts.label} AS label, COUNT(DISTINCT p.dealerId) AS n
    FROM Post p ${needsDealer(query) ? Prisma.sql`JOIN Dealer d ON d.id = p.dealerId` : Prisma.empty}
      ${userJoin("p", query, audience)}
    WHERE ${inRange("p")} AND p.dealerId IS NOT NULL ${filtersSql("p", query, audience)}
    GROUP BY k`,
  )) {
    entry(tally).dealersVisited += tally.n;
  }
  const [{ n: dealersVisited } = { n: 0 }] = readRows(
    sqlRows.n,
    Prisma.sql`
    SELECT COUNT(DISTINCT p.dealerId) AS n FROM Post p ${needsDealer(query) ? Prisma.sql`LEFT JOIN Dealer d ON d.id = p.dealerId` : Prisma.empty}
      ${userJoin("p", query, audience)}
    WHERE ${inRange("p")} AND p.dealerId IS NOT NULL ${filtersSql("p", query, audience)}`,
  );

  if (query.groupBy !== "product") {
    const visits = keySql(query.groupBy, "c", offset);
    for (const tally of readRows(
      sqlRows.tally,
      Prisma.sql`
      SELECT ${visits.key} AS k, ${visits.label} AS label, COUNT(*) AS n
      FROM CheckIn c ${needsDealer(query) ? Prisma.sql`LEFT JOIN Post p ON p.id = c.postId LEFT JOIN Dealer d ON d.id = p.dealerId` : Prisma.empty}
        ${userJoin("c", query, audience)}
      WHERE ${inRange("c")} ${filtersSql("c", query, audience)}
      GROUP BY k`,
    )) {
      entry(tally).visits += tally.n;
    }
    const added = keySql(query.groupBy, "d", offset);
    for (const tally of readRows(
      sqlRows.tally,
      Prisma.sql`
      SELECT ${added.key} AS k, ${added.label} AS label, COUNT(*) AS n FROM Dealer d ${userJoin("d", query, audience)}
      WHERE ${inRange("d")} ${audienceOf("d", audience)}
        ${query.officer ? Prisma.sql`AND d.createdById = ${query.officer}` : Prisma.empty}
        ${query.province ? Prisma.sql`AND d.state = ${query.province}` : Prisma.empty}
        ${query.groupBy === "officer" || query.groupBy === "team" ? Prisma.sql`AND d.createdById IS NOT NULL` : Prisma.empty}
      GROUP BY k`,
    )) {
      entry(tally).newDealers += tally.n;
    }
  }

  if (withRoutes) {
    const byOfficer = query.groupBy === "officer" || query.groupBy === "team";
    const routes = await routeTotals(
      epoch,
      byOfficer ? "officer" : "day",
      query.officer ? [query.officer] : people.members,
      now,
    );
    const routeGroup = (routeKey: string) => {
      if (query.groupBy === "week") return weekStart(routeKey);
      if (query.groupBy === "team") return String(people.teamOf.get(Number(routeKey)) ?? "");
      return routeKey;
    };
    for (const [routeKey, route] of routes) {
      const figures = figuresOf(routeGroup(routeKey), null);
      figures.distanceKm = (figures.distanceKm ?? 0) + route.km;
      figures.hours = (figures.hours ?? 0) + route.hours;
    }
  }
  return { groups, dealersVisited };
}

function sumFigures(all: Figures[], withRoutes: boolean): Figures {
  const total = emptyFigures(withRoutes);
  for (const figures of all) {
    total.salesCents += figures.salesCents;
    total.salesQty += figures.salesQty;
    for (const product of SALE_PRODUCTS) {
      total.salesByProduct[product].qty += figures.salesByProduct[product].qty;
      total.salesByProduct[product].cents += figures.salesByProduct[product].cents;
    }
    total.recoveryCents += figures.recoveryCents;
    total.posts += figures.posts;
    for (const type of POST_TYPES) total.postsByType[type] += figures.postsByType[type];
    total.visits += figures.visits;
    total.dealersVisited += figures.dealersVisited;
    total.newDealers += figures.newDealers;
    if (total.distanceKm !== null) total.distanceKm += figures.distanceKm ?? 0;
    if (total.hours !== null) total.hours += figures.hours ?? 0;
  }
  return total;
}

/** Everyone's names and teams, the teams' names, and the audience's people (undefined: everyone). */
type People = {
  names: Map<number, string>;
  teamOf: Map<number, number | null>;
  teamNames: Map<number, string>;
  /** The audience's officers: their routes are the report's distance and hours. */
  members: number[];
};

function readPeople(audience: Audience): People {
  const users = readRows(
    sqlRows.reportUser,
    Prisma.sql`SELECT id, firstName, lastName, username, teamId, role FROM User`,
  );
  const teams = readRows(sqlRows.team, Prisma.sql`SELECT id, name FROM Team`);
  const members = users
    .filter((user) => user.role === "OFFICER" && audienceHas(audience, user.teamId))
    .map((user) => user.id);
  return {
    names: new Map(users.map((user) => [user.id, displayName(user)])),
    teamOf: new Map(users.map((user) => [user.id, user.teamId])),
    teamNames: new Map(teams.map((team) => [team.id, team.name])),
    members,
  };
}

function asViewer(viewer: ReportViewer): Viewer {
  return { id: viewer.id, role: viewer.role, teamId: viewer.teamId ?? null };
}

/**
 * Whose figures a report covers: the viewer's own people, or one of their teams with `team`
 * (any team for an admin; 403 for another). An officer's own figures are theirs alone.
 */
async function reportAudience(viewer: ReportViewer, team: number | undefined, seesOthers: boolean): Promise<Audience> {
  const audience = await requestedAudience(asViewer(viewer), { team }, { companyAllowed: false });
  return seesOthers ? audience : EVERYONE;
}

/** Whether the viewer's report may cover other officers than themself. */
async function seesOthers(viewer: ReportViewer): Promise<boolean> {
  return can(await policyViewer(asViewer(viewer)), "reports.others");
}

/** Chronological groupings keep the calendar's order; the others lead with the biggest sales. */
function compareRows(groupBy: ReportGrouping) {
  return (a: ReportRow, b: ReportRow) => {
    if (groupBy === "day" || groupBy === "week") return a.key.localeCompare(b.key);
    if (!a.key !== !b.key) return a.key ? -1 : 1;
    if (a.current.salesCents !== b.current.salesCents) return a.current.salesCents > b.current.salesCents ? -1 : 1;
    return a.label.localeCompare(b.label);
  };
}

/**
 * The report a viewer asked for. Officers see their own figures only: the officer filter is
 * theirs whatever they sent. Managers see their teams' people, admins everyone (or one team);
 * asking for an officer outside them is refused (403).
 */
export async function buildReport(viewer: ReportViewer, query: ReportQuery, now = currentTime()): Promise<Report> {
  const others = await seesOthers(viewer);
  const scoped: ReportQuery = others ? query : { ...query, officer: viewer.id };
  const audience = await reportAudience(viewer, query.team, others);
  const people = readPeople(audience);
  if (scoped.officer !== undefined && people.teamOf.has(scoped.officer)) {
    if (!audienceHas(audience, people.teamOf.get(scoped.officer) ?? null)) {
      throw new AppError(403, REPORT_OFFICER_FORBIDDEN, { field: "officer" });
    }
  }
  const range = reportRange(scoped, now);
  const before = previousRange(range);
  const [inPeriod, inPrevious] = [
    await periodFigures(range, scoped, audience, now, people),
    await periodFigures(before, scoped, audience, now, people),
  ];
  const current = inPeriod.groups;
  const previous = inPrevious.groups;
  const withRoutes = splitsRoutes(scoped);
  const rows = rowKeys(scoped.groupBy, range, current, previous).map(({ key, previousKey }) => {
    const group = current.get(key)?.group ??
      (scoped.groupBy === "day" || scoped.groupBy === "week"
        ? calendarGroup(scoped.groupBy, key)
        : previous.get(previousKey)?.group) ?? { key, label: key };
    return {
      key,
      label: group.label,
      current: current.get(key)?.figures ?? emptyFigures(withRoutes),
      previous: previous.get(previousKey)?.figures ?? emptyFigures(withRoutes),
    };
  });
  rows.sort(compareRows(scoped.groupBy));
  // A dealer visited by two officers is one dealer in the totals.
  const totals = {
    current: {
      ...sumFigures(
        [...current.values()].map((entry) => entry.figures),
        withRoutes,
      ),
      dealersVisited: inPeriod.dealersVisited,
    },
    previous: {
      ...sumFigures(
        [...previous.values()].map((entry) => entry.figures),
        withRoutes,
      ),
      dealersVisited: inPrevious.dealersVisited,
    },
  };
  return {
    range,
    previousRange: before,
    groupBy: scoped.groupBy,
    filters: {
      officer: scoped.officer ?? null,
      province: scoped.province ?? null,
      type: scoped.type ?? null,
      team: scoped.team ?? null,
    },
    officerName: scoped.officer ? (people.names.get(scoped.officer) ?? null) : null,
    teamName: scoped.team ? (people.teamNames.get(scoped.team) ?? null) : null,
    rows,
    totals,
  };
}

/**
 * The rows and the previous period's row each compares with: the same officer, place, dealer or
 * product; for days and weeks, every day or week of the chosen period against the one as many
 * days earlier (Monday against the Monday before, for a week).
 */
function rowKeys(
  groupBy: ReportGrouping,
  range: ReportRange,
  current: Map<string, unknown>,
  previous: Map<string, unknown>,
) {
  if (groupBy !== "day" && groupBy !== "week") {
    return [...new Set([...current.keys(), ...previous.keys()])].map((key) => ({ key, previousKey: key }));
  }
  const first = dayNumber(range.from);
  const last = dayNumber(range.to);
  const days = last - first + 1;
  // The schema bounds a period; the loop checks it too, so no input can make it run long.
  if (!(days >= 1 && days <= MAX_REPORT_DAYS)) throw new AppError(400, RANGE_TOO_LONG);
  const keys: Array<{ key: string; previousKey: string }> = [];
  for (let day = first; day <= last; day += groupBy === "day" ? 1 : 7) {
    const date = dateOfDay(day);
    const key = groupBy === "day" ? date : weekStart(date);
    keys.push({ key, previousKey: groupBy === "day" ? addDays(date, -days) : weekStart(addDays(date, -days)) });
  }
  if (groupBy === "week" && !keys.some((entry) => entry.key === weekStart(range.to))) {
    keys.push({ key: weekStart(range.to), previousKey: weekStart(addDays(range.to, -days)) });
  }
  return keys;
}

const CHANGED_FIGURES = [
  "sales",
  "recovery",
  "gap",
  "posts",
  "visits",
  "dealersVisited",
  "newDealers",
  "distanceKm",
  "hours",
] as const;

function figuresJson(figures: Figures) {
  return {
    sales: centsToDecimal(figures.salesCents),
    salesQty: figures.salesQty,
    salesByProduct: Object.fromEntries(
      SALE_PRODUCTS.map((product) => [
        product,
        { qty: figures.salesByProduct[product].qty, amount: centsToDecimal(figures.salesByProduct[product].cents) },
      ]),
    ),
    recovery: centsToDecimal(figures.recoveryCents),
    gap: centsToDecimal(figures.salesCents - figures.recoveryCents),
    posts: figures.posts,
    postsByType: figures.postsByType,
    visits: figures.visits,
    dealersVisited: figures.dealersVisited,
    newDealers: figures.newDealers,
    distanceKm: figures.distanceKm === null ? null : Math.round(figures.distanceKm * 10) / 10,
    hours: figures.hours === null ? null : Math.round(figures.hours * 10) / 10,
  };
}

function changeJson(current: ReturnType<typeof figuresJson>, previous: ReturnType<typeof figuresJson>) {
  return Object.fromEntries(
    CHANGED_FIGURES.map((name) => [name, percentChange(Number(current[name]), Number(previous[name]))]),
  );
}

function rowJson(row: { current: Figures; previous: Figures }) {
  const current = figuresJson(row.current);
  const previous = figuresJson(row.previous);
  return { current, previous, change: changeJson(current, previous) };
}

/** The report as /api answers it: money as decimal text, change in percent. */
export function reportJson(report: Report) {
  return {
    period: report.range,
    previousPeriod: report.previousRange,
    groupBy: report.groupBy,
    filters: report.filters,
    rows: report.rows.map((row) => ({ key: row.key, label: row.label, ...rowJson(row) })),
    totals: rowJson(report.totals),
  };
}

/** The officers a manager may pick, by name: those of their teams (or of the one team asked for); any for an admin. */
export async function reportOfficers(
  viewer: ReportViewer,
  team: number | undefined,
): Promise<Array<{ id: number; name: string }>> {
  const audience = await reportAudience(viewer, team, await seesOthers(viewer));
  const officers = readRows(
    sqlRows.officerName,
    Prisma.sql`SELECT u.id, u.firstName, u.lastName, u.username FROM User u
      WHERE u.role = 'OFFICER' AND u.isActive = 1 AND u.approval = 'APPROVED' ${audienceSql(audience, Prisma.sql`u`)}`,
  );
  return officers
    .map((user) => ({ id: user.id, name: displayName(user) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
