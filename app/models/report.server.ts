import { Prisma } from "~/generated/prisma/client";
import { readRows } from "~/db.server";
import { env } from "~/env.server";
import { formatCalendarDate } from "~/lib/date-format";
import { centsToDecimal } from "~/lib/money";
import { percentChange } from "~/lib/percent-change";
import { displayName } from "~/lib/names";
import { POST_TYPES, type PostType, SALE_PRODUCTS, SALE_PRODUCT_LABELS, type SaleProduct } from "~/lib/post-types";
import { PROVINCES, type Province } from "~/lib/provinces";
import { agentMetrics, timeZoneOffsetMs } from "~/models/metrics.server";
import type { ReportGrouping } from "~/lib/report-options";
import type { ReportQuery } from "~/models/report.schema";

// Reports for managers (issue 19): any period in the app's time zone, grouped by officer,
// province, city, dealer, product, day or week, with the same figures for the period of equal
// length just before. Rows are read with the few columns they need and summed here; distance
// and hours come from the metrics the rankings use (the same rules for legs left out).

const DAY_MS = 86_400_000;

export type ReportViewer = { id: number; role: string };

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
  filters: { officer: number | null; province: Province | null; type: PostType | null };
  /** The chosen officer's name, for the files' title row. */
  officerName: string | null;
  rows: ReportRow[];
  totals: { current: Figures; previous: Figures };
};

// ---- Periods ----

function localDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`);

function addDays(date: string, days: number): string {
  return localDate(dayNumber(date) + days * DAY_MS);
}

/** The period a query names: its quick pick, else its from and to, else last week (Sunday to Saturday). */
export function reportRange(query: Pick<ReportQuery, "period" | "from" | "to">, now = new Date()): ReportRange {
  if (!query.period && query.from && query.to) return { from: query.from, to: query.to };
  const today = localDate(now.getTime() + timeZoneOffsetMs(now));
  const thisWeek = weekStart(today);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (query.period ?? "last-week") {
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
  const days = (dayNumber(range.to) - dayNumber(range.from)) / DAY_MS + 1;
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** A local period as epoch ms: from its first local midnight to the midnight after its last day. */
function epochRange(range: ReportRange, now: Date): { from: number; to: number } {
  const offset = timeZoneOffsetMs(now);
  return { from: dayNumber(range.from) - offset, to: dayNumber(range.to) + DAY_MS - offset };
}

// ---- Figures ----

function emptyFigures(withRoutes: boolean): Figures {
  return {
    salesCents: 0n,
    salesQty: 0,
    salesByProduct: Object.fromEntries(SALE_PRODUCTS.map((product) => [product, { qty: 0, cents: 0n }])) as Figures["salesByProduct"],
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

type PostRow = {
  userId: number;
  type: string;
  saleProduct: string | null;
  saleQty: number | null;
  saleTotalCents: bigint | number | null;
  recoveryAmountCents: bigint | number | null;
  dealerId: number | null;
  businessName: string | null;
  city: string | null;
  state: string | null;
  address: string | null;
  createdAt: number;
};

type VisitRow = { userId: number; dealerId: number | null; businessName: string | null; city: string | null; state: string | null; address: string | null; createdAt: number };

type DealerRow = { id: number; businessName: string; createdById: number | null; city: string; state: string; createdAt: number };

/** What every row is grouped by: a key and the words the table shows for it. */
type Group = { key: string; label: string };

/** The province a row happened in: its dealer's, else the one its address names. */
function provinceOf(state: string | null, address: string | null): Province | null {
  if (state && (PROVINCES as readonly string[]).includes(state)) return state as Province;
  const text = address?.toLowerCase() ?? "";
  return PROVINCES.find((province) => text.includes(province.toLowerCase())) ?? null;
}

type Place = { userId: number; dealerId: number | null; businessName: string | null; city: string | null; state: string | null; address: string | null; createdAt: number };

function groupOf(groupBy: ReportGrouping, row: Place & { saleProduct?: string | null }, names: Map<number, string>, offset: number): Group {
  switch (groupBy) {
    case "officer":
      return { key: String(row.userId), label: names.get(row.userId) ?? `User ${row.userId}` };
    case "province": {
      const province = provinceOf(row.state, row.address);
      return province ? { key: province, label: province } : { key: "", label: "Unknown province" };
    }
    case "city":
      return row.city ? { key: row.city.toLowerCase(), label: row.city } : { key: "", label: "No dealer's city" };
    case "dealer":
      return row.dealerId ? { key: String(row.dealerId), label: row.businessName ?? `Dealer ${row.dealerId}` } : { key: "", label: "No dealer" };
    case "product": {
      const product = row.saleProduct as SaleProduct | null | undefined;
      return product && product in SALE_PRODUCT_LABELS ? { key: product, label: SALE_PRODUCT_LABELS[product] } : { key: "", label: "No product (not a sale)" };
    }
    case "day":
      return calendarGroup("day", localDate(row.createdAt + offset));
    case "week":
      return calendarGroup("week", weekStart(localDate(row.createdAt + offset)));
  }
}

/** A day ("Nov 17, 2026") or the week starting on a Sunday ("Week of Nov 15, 2026"). */
function calendarGroup(groupBy: "day" | "week", day: string): Group {
  return { key: day, label: groupBy === "day" ? formatCalendarDate(day) : `Week of ${formatCalendarDate(day)}` };
}

/** Distance and hours can be split by officer, day and week, and only over whole days of every post type. */
function splitsRoutes(query: ReportQuery): boolean {
  return (query.groupBy === "officer" || query.groupBy === "day" || query.groupBy === "week") && !query.type && !query.province;
}

function readPosts(range: { from: number; to: number }, query: ReportQuery): PostRow[] {
  return readRows<PostRow>(Prisma.sql`
    SELECT p.userId AS userId, p.type AS type, p.saleProduct AS saleProduct, p.saleQty AS saleQty,
      p.saleTotalCents AS saleTotalCents, p.recoveryAmountCents AS recoveryAmountCents, p.dealerId AS dealerId,
      d.businessName AS businessName, d.city AS city, d.state AS state, p.address AS address, p.createdAt AS createdAt
    FROM Post p LEFT JOIN Dealer d ON d.id = p.dealerId
    WHERE p.createdAt >= ${range.from} AND p.createdAt < ${range.to}
      ${query.officer ? Prisma.sql`AND p.userId = ${query.officer}` : Prisma.empty}
      ${query.type ? Prisma.sql`AND p.type = ${query.type}` : Prisma.empty}`);
}

function readVisits(range: { from: number; to: number }, query: ReportQuery): VisitRow[] {
  return readRows<VisitRow>(Prisma.sql`
    SELECT c.userId AS userId, p.dealerId AS dealerId, d.businessName AS businessName, d.city AS city, d.state AS state,
      c.address AS address, c.createdAt AS createdAt
    FROM CheckIn c LEFT JOIN Post p ON p.id = c.postId LEFT JOIN Dealer d ON d.id = p.dealerId
    WHERE c.createdAt >= ${range.from} AND c.createdAt < ${range.to}
      ${query.officer ? Prisma.sql`AND c.userId = ${query.officer}` : Prisma.empty}
      ${query.type ? Prisma.sql`AND c.type = ${query.type}` : Prisma.empty}`);
}

function readNewDealers(range: { from: number; to: number }, query: ReportQuery): DealerRow[] {
  return readRows<DealerRow>(Prisma.sql`
    SELECT id, businessName, createdById, city, state, createdAt FROM Dealer
    WHERE createdAt >= ${range.from} AND createdAt < ${range.to}
      ${query.officer ? Prisma.sql`AND createdById = ${query.officer}` : Prisma.empty}`);
}

/** Distance and hours by group: the rankings' metrics over each officer, day or week of the period. */
async function routeFigures(groupBy: ReportGrouping, range: ReportRange, query: ReportQuery, now: Date, offset: number, names: Map<number, string>) {
  const users = query.officer ? [query.officer] : undefined;
  const byGroup = new Map<string, { group: Group; km: number; hours: number }>();
  const add = (group: Group, km: number, hours: number) => {
    const entry = byGroup.get(group.key) ?? { group, km: 0, hours: 0 };
    entry.km += km;
    entry.hours += hours;
    byGroup.set(group.key, entry);
  };
  if (groupBy === "officer") {
    for (const metrics of (await agentMetrics(epochRange(range, now), users)).values()) {
      if (metrics.checkIns > 0) add({ key: String(metrics.userId), label: names.get(metrics.userId) ?? `User ${metrics.userId}` }, metrics.distanceKm, metrics.hours);
    }
    return byGroup;
  }
  // Day by day: a leg never crosses local midnight, so days add up to weeks.
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const dayRange = epochRange({ from: day, to: day }, now);
    const group = groupOf(groupBy, { userId: 0, dealerId: null, businessName: null, city: null, state: null, address: null, createdAt: dayRange.from }, names, offset);
    for (const metrics of (await agentMetrics(dayRange, users)).values()) add(group, metrics.distanceKm, metrics.hours);
  }
  return byGroup;
}

async function periodFigures(range: ReportRange, query: ReportQuery, now: Date, names: Map<number, string>) {
  const epoch = epochRange(range, now);
  const offset = timeZoneOffsetMs(now);
  const withRoutes = splitsRoutes(query);
  const groups = new Map<string, { group: Group; figures: Figures; dealers: Set<number> }>();
  const entry = (group: Group) => {
    let found = groups.get(group.key);
    if (!found) {
      found = { group, figures: emptyFigures(withRoutes), dealers: new Set() };
      groups.set(group.key, found);
    }
    return found;
  };
  const inProvince = (row: Place) => !query.province || provinceOf(row.state, row.address) === query.province;

  for (const post of readPosts(epoch, query)) {
    if (!inProvince(post)) continue;
    const { figures, dealers } = entry(groupOf(query.groupBy, post, names, offset));
    figures.posts += 1;
    if (post.type in figures.postsByType) figures.postsByType[post.type as PostType] += 1;
    if (post.type === "SALE") {
      const cents = BigInt(post.saleTotalCents ?? 0);
      const qty = Number(post.saleQty ?? 0);
      figures.salesCents += cents;
      figures.salesQty += qty;
      const product = figures.salesByProduct[post.saleProduct as SaleProduct];
      if (product) {
        product.qty += qty;
        product.cents += cents;
      }
    }
    if (post.type === "RECOVERY") figures.recoveryCents += BigInt(post.recoveryAmountCents ?? 0);
    if (post.dealerId) dealers.add(post.dealerId);
  }
  if (query.groupBy !== "product") {
    for (const visit of readVisits(epoch, query)) {
      if (inProvince(visit)) entry(groupOf(query.groupBy, visit, names, offset)).figures.visits += 1;
    }
    for (const dealer of readNewDealers(epoch, query)) {
      if (query.province && dealer.state !== query.province) continue;
      const place: Place = { userId: dealer.createdById ?? 0, dealerId: dealer.id, businessName: dealer.businessName, city: dealer.city, state: dealer.state, address: null, createdAt: dealer.createdAt };
      if (query.groupBy === "officer" && dealer.createdById === null) continue;
      entry(groupOf(query.groupBy, place, names, offset)).figures.newDealers += 1;
    }
  }
  if (withRoutes) {
    for (const { group, km, hours } of (await routeFigures(query.groupBy, range, query, now, offset, names)).values()) {
      const { figures } = entry(group);
      figures.distanceKm = km;
      figures.hours = hours;
    }
  }
  for (const { figures, dealers } of groups.values()) figures.dealersVisited = dealers.size;
  return groups;
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

async function officerNames(): Promise<Map<number, string>> {
  const users = readRows<{ id: number; firstName: string | null; lastName: string | null; username: string }>(
    Prisma.sql`SELECT id, firstName, lastName, username FROM User`,
  );
  return new Map(users.map((user) => [user.id, displayName(user)]));
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
 * theirs whatever they sent. Distinct dealers are counted per group; the totals' count is of
 * distinct dealers across all groups.
 */
export async function buildReport(viewer: ReportViewer, query: ReportQuery, now = new Date()): Promise<Report> {
  const scoped: ReportQuery = viewer.role === "OFFICER" ? { ...query, officer: viewer.id } : query;
  const range = reportRange(scoped, now);
  const before = previousRange(range);
  const names = await officerNames();
  const [current, previous] = [await periodFigures(range, scoped, now, names), await periodFigures(before, scoped, now, names)];
  const withRoutes = splitsRoutes(scoped);
  const rows = rowKeys(scoped.groupBy, range, current, previous).map(({ key, previousKey }) => {
    const group = current.get(key)?.group ?? (scoped.groupBy === "day" || scoped.groupBy === "week" ? calendarGroup(scoped.groupBy, key) : previous.get(previousKey)?.group) ?? { key, label: key };
    return { key, label: group.label, current: current.get(key)?.figures ?? emptyFigures(withRoutes), previous: previous.get(previousKey)?.figures ?? emptyFigures(withRoutes) };
  });
  rows.sort(compareRows(scoped.groupBy));
  const totals = {
    current: { ...sumFigures([...current.values()].map((entry) => entry.figures), withRoutes), dealersVisited: distinctDealers(current) },
    previous: { ...sumFigures([...previous.values()].map((entry) => entry.figures), withRoutes), dealersVisited: distinctDealers(previous) },
  };
  return {
    range,
    previousRange: before,
    groupBy: scoped.groupBy,
    filters: { officer: scoped.officer ?? null, province: scoped.province ?? null, type: scoped.type ?? null },
    officerName: scoped.officer ? (names.get(scoped.officer) ?? null) : null,
    rows,
    totals,
  };
}

/**
 * The rows and the previous period's row each compares with: the same officer, place, dealer or
 * product; for days and weeks, every day or week of the chosen period against the one as many
 * days earlier (Monday against the Monday before, for a week).
 */
function rowKeys(groupBy: ReportGrouping, range: ReportRange, current: Map<string, unknown>, previous: Map<string, unknown>) {
  if (groupBy !== "day" && groupBy !== "week") {
    return [...new Set([...current.keys(), ...previous.keys()])].map((key) => ({ key, previousKey: key }));
  }
  const days = (dayNumber(range.to) - dayNumber(range.from)) / DAY_MS + 1;
  const keys: Array<{ key: string; previousKey: string }> = [];
  for (let day = range.from; day <= range.to; day = addDays(day, groupBy === "day" ? 1 : 7)) {
    const key = groupBy === "day" ? day : weekStart(day);
    keys.push({ key, previousKey: groupBy === "day" ? addDays(day, -days) : weekStart(addDays(day, -days)) });
  }
  if (groupBy === "week" && !keys.some((entry) => entry.key === weekStart(range.to))) {
    keys.push({ key: weekStart(range.to), previousKey: weekStart(addDays(range.to, -days)) });
  }
  return keys;
}

function weekStart(day: string): string {
  return addDays(day, -new Date(dayNumber(day)).getUTCDay());
}

function distinctDealers(groups: Map<string, { dealers: Set<number> }>): number {
  const all = new Set<number>();
  for (const { dealers } of groups.values()) for (const id of dealers) all.add(id);
  return all.size;
}

// ---- As JSON (GET /api/reports) ----

const CHANGED_FIGURES = ["sales", "recovery", "gap", "posts", "visits", "dealersVisited", "newDealers", "distanceKm", "hours"] as const;

function figuresJson(figures: Figures) {
  return {
    sales: centsToDecimal(figures.salesCents),
    salesQty: figures.salesQty,
    salesByProduct: Object.fromEntries(SALE_PRODUCTS.map((product) => [product, { qty: figures.salesByProduct[product].qty, amount: centsToDecimal(figures.salesByProduct[product].cents) }])),
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
  return Object.fromEntries(CHANGED_FIGURES.map((name) => [name, percentChange(Number(current[name]), Number(previous[name]))]));
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

/** The officers a manager may pick, by name. */
export function reportOfficers(): Array<{ id: number; name: string }> {
  const officers = readRows<{ id: number; firstName: string | null; lastName: string | null; username: string }>(
    Prisma.sql`SELECT id, firstName, lastName, username FROM User WHERE role = 'OFFICER' AND isActive = 1`,
  );
  return officers.map((user) => ({ id: user.id, name: displayName(user) })).sort((a, b) => a.name.localeCompare(b.name));
}
