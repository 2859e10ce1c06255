import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { MEASURE_MAX, MONEY_MEASURES, TARGET_MEASURES, type TargetMeasure } from "~/lib/target-measures";
import { parsePage } from "../nojs/support/dom";
import { fuzzSeed } from "../support/fuzz-seed";
import { type AppServer, createAppServer, signIn } from "./support/app-server";
import { setUpTwoTeams, type TwoTeams } from "./support/teams";

// Issue 49's proof (decisions 84 and 85): random teams and officers, random months and crop
// seasons (December, January, Rabi across the year's end), random targets set through /api and the
// /targets form, random posts of every type (also on a period's first and last instant in Karachi
// time, and just outside them), officers moving teams between posts. Every officer's and team's
// target, achievement, percentage, days left, need per day and pace is recomputed here from the
// raw posts and targets, by an implementation of its own written from decision 84, and compared
// with what /api answers (the officer, their managers, the admin) and what the pages show: the
// officer's "Your month" and "Your season", the manager's day, the /targets page and the
// achievement beside the rankings. The server's clock starts at an instant of the seed's choosing.

const SEED = fuzzSeed("targets property");
/** Worlds a run: each a few officers in two or three teams, a few dozen posts, about 3 s. */
const RUNS = 4;

// ---- The calendar, written here: Asia/Karachi is UTC+5 (no daylight saving since 2009) ----------

const DAY_MS = 86_400_000;
const KARACHI_MS = 5 * 3_600_000;
const pad = (value: number, width = 2) => String(value).padStart(width, "0");
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The instant a Karachi day starts. */
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) - KARACHI_MS;
const karachiDate = (ms: number) => new Date(ms + KARACHI_MS).toISOString().slice(0, 10);

type Span = { first: string; last: string };

function spanOf(period: string): Span {
  const season = /^(RABI|KHARIF)-(\d{4})$/.exec(period);
  if (season) {
    const year = Number(season[2]);
    return season[1] === "KHARIF"
      ? { first: `${year}-04-01`, last: `${year}-09-30` }
      : { first: `${year}-10-01`, last: `${year + 1}-03-31` };
  }
  const [year, month] = period.split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return { first: `${period}-01`, last: dateOf(dayNumber(next) - 1) };
}

const monthOf = (date: string) => date.slice(0, 7);
function seasonOf(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return month >= 4 && month <= 9 ? `KHARIF-${year}` : `RABI-${month >= 10 ? year : year - 1}`;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
function labelOf(period: string): string {
  const season = /^(RABI|KHARIF)-(\d{4})$/.exec(period);
  if (!season) return `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
  const year = Number(season[2]);
  return season[1] === "KHARIF" ? `Kharif ${year}` : `Rabi ${year}–${pad((year + 1) % 100)}`;
}

// ---- Achievement and pace, written from decision 84 ---------------------------------------------

type Values = Record<TargetMeasure, number>;
type Targets = Partial<Record<TargetMeasure, number>>;
type Status = "done" | "onPace" | "behind";
type Measured = {
  measure: TargetMeasure;
  target: number;
  actual: number;
  percent: number;
  daysLeft: number;
  neededPerDay: number | null;
  status: Status;
};

type PostRow = {
  userId: number;
  type: string;
  product: string | null;
  qty: number | null;
  totalCents: number | null;
  recoveryCents: number | null;
  dealerId: number | null;
  at: number;
};

const zero = (): Values => Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, 0])) as Values;
const BAGS: Record<string, TargetMeasure> = { SSP: "sspBags", ORGANIC: "organicBags", SULFUR: "sulfurBags" };

/** What `userId` did in the period: a post counts when made from its first day's Karachi midnight to the one after its last. */
function achieved(posts: PostRow[], userId: number, span: Span): Values {
  const [from, to] = [dayStart(span.first), dayStart(span.last) + DAY_MS];
  const done = zero();
  for (const post of posts) {
    if (post.userId !== userId || post.at < from || post.at >= to) continue;
    if (post.type === "SALE") {
      done[BAGS[post.product!]!] += post.qty!;
      done.salesAmount += post.totalCents!;
    }
    if (post.type === "RECOVERY") done.recoveryAmount += post.recoveryCents!;
    if (post.dealerId !== null && ["SALE", "RECOVERY", "DEALER_MEETING"].includes(post.type)) done.dealerVisits += 1;
    if (post.type === "FARMER_MEETING") done.farmerMeetings += 1;
    if (post.type === "DEMO_PLOT") done.demoPlots += 1;
  }
  return done;
}

function daysLeft(span: Span, today: string): number {
  const [first, last, day] = [dayNumber(span.first), dayNumber(span.last), dayNumber(today)];
  return day < first ? last - first + 1 : day > last ? 0 : last - day + 1;
}

/** Each measure with a target against what was done; pace in whole numbers (BigInt), today not yet owed. */
function measured(targets: Targets, done: Values, span: Span, today: string): Measured[] {
  const total = BigInt(dayNumber(span.last) - dayNumber(span.first) + 1);
  const left = daysLeft(span, today);
  const gone = total - BigInt(left);
  return TARGET_MEASURES.flatMap((measure) => {
    const target = targets[measure];
    if (target === undefined) return [];
    const actual = done[measure];
    const remaining = BigInt(Math.max(0, target - actual));
    const status: Status =
      remaining === 0n ? "done" : BigInt(actual) * total >= BigInt(target) * gone ? "onPace" : "behind";
    const neededPerDay =
      remaining === 0n ? 0 : left === 0 ? null : Number((remaining + BigInt(left) - 1n) / BigInt(left));
    const percent = Number((BigInt(actual) * 100n) / BigInt(target));
    return [{ measure, target, actual, percent, daysLeft: left, neededPerDay, status }];
  });
}

/** A team's figures: its officers' targets added up (where set), against all its officers' work. */
function teamTargets(officers: Officer[], period: string): Targets {
  const sum: Targets = {};
  for (const officer of officers)
    for (const [measure, value] of Object.entries(officer.targets.get(period) ?? {}))
      sum[measure as TargetMeasure] = (sum[measure as TargetMeasure] ?? 0) + value;
  return sum;
}

// ---- How the pages write figures ----------------------------------------------------------------

const money = (cents: number) =>
  `$${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${pad(cents % 100)}`;
const shown = (measure: TargetMeasure, value: number) =>
  MONEY_MEASURES.has(measure) ? money(value) : value.toLocaleString("en-US");
const amount = (cents: number) => `${Math.floor(cents / 100)}.${pad(cents % 100)}`;
const STATUS_LABEL: Record<Status, string> = { done: "Done", onPace: "On pace", behind: "Behind" };

/** A measure as a progress list shows it. */
function onPage(measure: Measured) {
  const needed =
    measure.status === "done"
      ? "Target reached"
      : measure.neededPerDay === null
        ? "Period ended"
        : `${shown(measure.measure, measure.neededPerDay)} a day needed`;
  return {
    measure: measure.measure,
    percent: `${measure.percent} %`,
    of: `${shown(measure.measure, measure.actual)} of ${shown(measure.measure, measure.target)}`,
    needed: `· ${needed}`,
    status: STATUS_LABEL[measure.status],
  };
}

/** The measures of a progress list on a page, read back. */
function readList(list: Element | null | undefined) {
  return [...(list?.querySelectorAll("li[data-measure]") ?? [])].map((item) => {
    const [figures, , line] = [...item.children];
    const [of, needed, status] = [...(line?.children ?? [])].map((part) => part.textContent?.trim());
    return {
      measure: item.getAttribute("data-measure"),
      percent: figures?.children[1]?.textContent?.trim(),
      of,
      needed: needed?.replace(/\s+/g, " "),
      status,
    };
  });
}

// ---- The world of a run --------------------------------------------------------------------------

type Officer = {
  id: number;
  name: string;
  cookie: string;
  /** The team now (after any move). */
  teamId: number | null;
  targets: Map<string, Targets>;
};
type Manager = { id: number; name: string; cookie: string; teamId: number | null; leads: number[] };
type Team = { id: number; name: string };

const valueOf = (measure: TargetMeasure) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: MONEY_MEASURES.has(measure) ? 20_000_000 : 12 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: MEASURE_MAX[measure] }) },
  );
/** Some measures of a period with a target, the others none. */
const targetsArb: fc.Arbitrary<Targets> = fc
  .tuple(...TARGET_MEASURES.map((measure) => fc.option(valueOf(measure), { nil: null, freq: 2 })))
  .map((values) =>
    Object.fromEntries(
      TARGET_MEASURES.flatMap((measure, index) => (values[index] == null ? [] : [[measure, values[index]]])),
    ),
  );

/** Months around the year's end and the seasons' edges, and the seasons, 2010 to 2040. */
const periodArb = fc.oneof(
  fc
    .record({ year: fc.integer({ min: 2010, max: 2040 }), month: fc.constantFrom(1, 2, 3, 4, 9, 10, 12) })
    .map(({ year, month }) => `${year}-${pad(month)}`),
  fc
    .record({ year: fc.integer({ min: 2010, max: 2040 }), kind: fc.constantFrom("RABI", "KHARIF") })
    .map(({ year, kind }) => `${kind}-${year}`),
);

const officerArb = fc.record({
  team: fc.nat({ max: 2 }),
  /** After the first posts: to another team, out of any team, or nowhere. */
  move: fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.nat({ max: 2 }) },
    { weight: 1, arbitrary: fc.constant("out" as const) },
  ),
  targets: fc.array(targetsArb, { minLength: 4, maxLength: 4 }),
  /** Who sets them: the admin or the manager through /api, or the manager with the /targets form. */
  setBy: fc.constantFrom("adminApi", "managerApi", "managerForm"),
});

const postArb = fc.record({
  author: fc.nat(),
  type: fc.constantFrom("SALE", "SALE", "RECOVERY", "DEALER_MEETING", "FARMER_MEETING", "DEMO_PLOT", "FIELD_VISIT"),
  product: fc.constantFrom("SSP", "ORGANIC", "SULFUR"),
  qty: fc.integer({ min: 1, max: 60 }),
  priceCents: fc.integer({ min: 1, max: 400_000 }),
  recoveryCents: fc.integer({ min: 1, max: 5_000_000 }),
  withDealer: fc.boolean(),
  period: fc.nat({ max: 3 }),
  /** On the period's first or last instant, just outside them, or anywhere inside. */
  where: fc.constantFrom("first", "beforeFirst", "last", "afterLast", "inside", "inside"),
  perMillion: fc.integer({ min: 0, max: 999_999 }),
  afterMove: fc.boolean(),
});

const worldArb = fc.record({
  teams: fc.integer({ min: 2, max: 3 }),
  /** The second manager also leads the third team (else the first does). */
  thirdLedBySecond: fc.boolean(),
  officers: fc.array(officerArb, { minLength: 3, maxLength: 6 }),
  extraPeriods: fc.array(periodArb, { minLength: 2, maxLength: 2 }),
  posts: fc.array(postArb, { minLength: 20, maxLength: 50 }),
  /** Posts through POST /api/posts, made now. */
  livePosts: fc.array(fc.record({ author: fc.nat(), type: fc.constantFrom("FARMER_MEETING", "DEMO_PLOT", "SALE") }), {
    maxLength: 3,
  }),
});

/** The server's "now": a Karachi day of 2027 to 2032 (often a period's first or last), at least an hour from its midnights. */
const nowArb = fc
  .record({
    day: fc.oneof(
      fc.integer({ min: dayNumber("2027-01-01"), max: dayNumber("2032-12-31") }).map(dateOf),
      fc
        .record({ year: fc.integer({ min: 2027, max: 2032 }), month: fc.integer({ min: 1, max: 12 }) })
        .chain(({ year, month }) => {
          const span = spanOf(`${year}-${pad(month)}`);
          return fc.constantFrom(span.first, span.last);
        }),
    ),
    minute: fc.integer({ min: 60, max: 22 * 60 + 59 }),
  })
  .map(({ day, minute }) => dayStart(day) + minute * 60_000);

const [NOW] = fc.sample(nowArb, { seed: SEED, numRuns: 1 }) as [number];
const TODAY = karachiDate(NOW);

let server: AppServer;
let teams: TwoTeams;
let passwordHash: string;
let dealerIds: number[];

beforeAll(async () => {
  server = await createAppServer("targets-property", {
    NODE_OPTIONS: `--import ${fileURLToPath(new URL("./support/shifted-clock.mjs", import.meta.url))}`,
    SHIFTED_CLOCK_AT: new Date(NOW).toISOString(),
  });
  teams = await setUpTwoTeams(server);
  [passwordHash, dealerIds] = server.query((db) => [
    (db.prepare("SELECT passwordHash FROM User WHERE username = 'officer1'").get() as { passwordHash: string })
      .passwordHash,
    (db.prepare("SELECT id FROM Dealer ORDER BY id LIMIT 5").all() as Array<{ id: number }>).map((row) => row.id),
  ]);
});

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

async function call(cookie: string, method: string, path: string, body?: { json: unknown } | { form: object }) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      Cookie: cookie,
      ...(body ? { "Content-Type": "json" in body ? "application/json" : "application/x-www-form-urlencoded" } : {}),
    },
    body: !body
      ? undefined
      : "json" in body
        ? JSON.stringify(body.json)
        : new URLSearchParams(Object.entries(body.form).map(([name, value]) => [name, String(value)])).toString(),
    redirect: "manual",
  });
  return { status: response.status, text: await response.text() };
}

async function getJson<T>(cookie: string, path: string): Promise<T> {
  const answer = await call(cookie, "GET", path);
  expect(answer.status, `${path}: ${answer.text}`).toBe(200);
  return JSON.parse(answer.text) as T;
}

async function getPage(cookie: string, path: string): Promise<Document> {
  const answer = await call(cookie, "GET", path);
  expect(answer.status, path).toBe(200);
  return parsePage(answer.text, `${server.baseUrl}${path}`);
}

type ApiProgress = {
  period: string;
  label: string;
  first: string;
  last: string;
  daysLeft: number;
  people: Array<{
    id: number;
    team: Team | null;
    targets: Record<string, number | string | null>;
    progress: Measured[];
  }>;
  teams: Array<{ team: Team; officers: number; progress: Measured[] }>;
};

type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

/** One run's people, as they stand after the moves. */
type Run = { teams: Team[]; managers: Manager[]; officers: Officer[]; periods: string[] };

let runs = 0;

/** Teams, their managers and officers, straight into the database (the server caches none of them), each signed in. */
async function makePeople(world: World): Promise<Run> {
  const run = ++runs;
  const made = server.query(
    (db) => {
      const team = db.prepare("INSERT INTO Team (name, provinces, districts) VALUES (?, '[]', '[]')");
      const user = db.prepare(
        "INSERT INTO User (username, email, passwordHash, role, firstName, teamId, updatedAt) VALUES (?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP)",
      );
      const lead = db.prepare("INSERT INTO TeamManager (teamId, userId) VALUES (?, ?)");
      const person = (username: string, role: string, teamId: number) => ({
        id: Number(user.run(username, `${username}@example.pk`, passwordHash, role, username, teamId).lastInsertRowid),
        name: username,
      });
      const teamList: Team[] = Array.from({ length: world.teams }, (_, index) => {
        const name = `Run ${run} team ${index}`;
        return { id: Number(team.run(name).lastInsertRowid), name };
      });
      const leads = [[teamList[0]!.id], [teamList[1]!.id]];
      if (teamList[2]) leads[world.thirdLedBySecond ? 1 : 0]!.push(teamList[2].id);
      const managers = leads.map((led, index) => {
        const manager = person(`run${run}manager${index}`, "MANAGER", led[0]!);
        for (const teamId of led) lead.run(teamId, manager.id);
        return { ...manager, teamId: led[0]!, leads: led };
      });
      const officers = world.officers.map((officer, index) => {
        const teamId = teamList[officer.team % world.teams]!.id;
        return { ...person(`run${run}officer${index}`, "OFFICER", teamId), teamId };
      });
      return { teamList, managers, officers };
    },
    { readonly: false },
  );
  return {
    teams: made.teamList,
    managers: await Promise.all(
      made.managers.map(async (manager) => ({ ...manager, cookie: await signIn(server.baseUrl, manager.name) })),
    ),
    officers: await Promise.all(
      made.officers.map(async (officer) => ({
        ...officer,
        cookie: await signIn(server.baseUrl, officer.name),
        targets: new Map<string, Targets>(),
      })),
    ),
    periods: [...new Set([monthOf(TODAY), seasonOf(TODAY), ...world.extraPeriods])],
  };
}

/** Each officer's targets, through /api or the /targets form, by the admin or the manager of their team. */
async function setTargets(run: Run, world: World) {
  for (const [index, officer] of run.officers.entries()) {
    const { targets, setBy } = world.officers[index]!;
    for (const [slot, period] of run.periods.entries()) {
      const set = targets[slot]!;
      if (Object.keys(set).length === 0) continue;
      officer.targets.set(period, set);
      const manager = run.managers.find((one) => one.leads.includes(officer.teamId!))!;
      const fields = Object.fromEntries(
        Object.entries(set).map(([measure, value]) => [
          measure,
          MONEY_MEASURES.has(measure as TargetMeasure) ? amount(value) : value,
        ]),
      );
      const answer =
        setBy === "managerForm"
          ? await call(manager.cookie, "POST", "/targets", {
              form: { intent: "set", officerId: officer.id, period, ...fields },
            })
          : await call(
              setBy === "adminApi" ? teams.cookies.admin : manager.cookie,
              "PUT",
              `/api/officers/${officer.id}/targets/${period}`,
              { json: fields },
            );
      expect(answer.status, answer.text).toBe(setBy === "managerForm" ? 302 : 200);
    }
  }
}

function insertPosts(rows: PostRow[]) {
  server.query(
    (db) => {
      const insert = db.prepare(
        `INSERT INTO Post (userId, type, text, saleProduct, saleQty, salePriceCents, saleTotalCents, recoveryAmountCents, dealerId, createdAt)
         VALUES (?, ?, '', ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const row of rows) {
        const price = row.totalCents === null ? null : row.totalCents / row.qty!;
        insert.run(
          row.userId,
          row.type,
          row.product,
          row.qty,
          price,
          row.totalCents,
          row.recoveryCents,
          row.dealerId,
          row.at,
        );
      }
    },
    { readonly: false },
  );
}

/**
 * The posts of the run: of every type on the periods' edges and inside them, half before and half
 * after the officers move (through /api, as an admin moves them), two of a manager's (which count
 * for nobody), and a few through POST /api/posts, made now. Answers the officers' posts.
 */
async function writePosts(run: Run, world: World): Promise<PostRow[]> {
  const postsOf = (afterMove: boolean): PostRow[] =>
    world.posts
      .filter((post) => post.afterMove === afterMove)
      .map((post) => {
        const span = spanOf(run.periods[post.period % run.periods.length]!);
        const [from, to] = [dayStart(span.first), dayStart(span.last) + DAY_MS];
        const at = {
          first: from,
          beforeFirst: from - 1,
          last: to - 1,
          afterLast: to,
          inside: from + Math.min(to - from - 1, Math.floor((post.perMillion * (to - from)) / 1_000_000)),
        }[post.where];
        const sale = post.type === "SALE";
        const dealer = post.type === "RECOVERY" || post.type === "DEALER_MEETING" || (sale && post.withDealer);
        return {
          userId: run.officers[post.author % run.officers.length]!.id,
          type: post.type,
          product: sale ? post.product : null,
          qty: sale ? post.qty : null,
          totalCents: sale ? post.qty * post.priceCents : null,
          recoveryCents: post.type === "RECOVERY" ? post.recoveryCents : null,
          dealerId: dealer ? dealerIds[post.qty % dealerIds.length]! : null,
          at,
        };
      });
  const posts = postsOf(false);
  insertPosts(posts);
  for (const [index, officer] of run.officers.entries()) {
    const move = world.officers[index]!.move;
    if (move === null) continue;
    const teamId = move === "out" ? officer.teamId! : run.teams[move % run.teams.length]!.id;
    const answer = await call(teams.cookies.admin, "PUT", `/api/teams/${teamId}/members`, {
      json: { userId: officer.id, member: move !== "out" },
    });
    expect(answer.status, answer.text).toBe(200);
    officer.teamId = move === "out" ? null : teamId;
  }
  const later = postsOf(true);
  insertPosts(later);
  posts.push(...later);
  insertPosts(posts.slice(0, 2).map((post) => ({ ...post, userId: run.managers[0]!.id })));
  for (const live of world.livePosts) {
    const officer = run.officers[live.author % run.officers.length]!;
    const sale = live.type === "SALE";
    const answer = await call(officer.cookie, "POST", "/api/posts", {
      json: {
        type: live.type,
        text: "Live",
        ...(sale ? { saleProduct: "ORGANIC", saleQty: 3, salePrice: "100.50" } : {}),
      },
    });
    expect(answer.status, answer.text).toBe(201);
    const { id } = JSON.parse(answer.text) as { id: number };
    const { createdAt } = server.query(
      (db) => db.prepare("SELECT createdAt FROM Post WHERE id = ?").get(id) as { createdAt: number },
    );
    posts.push({
      userId: officer.id,
      type: live.type,
      product: sale ? "ORGANIC" : null,
      qty: sale ? 3 : null,
      totalCents: sale ? 301_50 : null,
      recoveryCents: null,
      dealerId: null,
      at: createdAt,
    });
  }
  return posts;
}

/** What every view should show, recomputed from the posts and the targets set. */
function expectations(run: Run, posts: PostRow[]) {
  const officersIn = (teamIds: Array<number | null>) =>
    run.officers.filter((officer) => teamIds.includes(officer.teamId));
  const teamOf = (teamId: number) => run.teams.find((team) => team.id === teamId)!;
  const person = (officer: Officer, period: string) => ({
    id: officer.id,
    team: officer.teamId === null ? null : teamOf(officer.teamId),
    targets: Object.fromEntries(
      TARGET_MEASURES.map((measure) => {
        const value = officer.targets.get(period)?.[measure];
        return [measure, value === undefined ? null : MONEY_MEASURES.has(measure) ? amount(value) : value];
      }),
    ),
    progress: measured(
      officer.targets.get(period) ?? {},
      achieved(posts, officer.id, spanOf(period)),
      spanOf(period),
      TODAY,
    ),
  });
  const team = (one: Team, period: string) => {
    const members = officersIn([one.id]);
    const done = zero();
    for (const member of members)
      for (const [measure, value] of Object.entries(achieved(posts, member.id, spanOf(period))))
        done[measure as TargetMeasure] += value;
    const progress = measured(teamTargets(members, period), done, spanOf(period), TODAY);
    return { team: one, officers: members.length, progress };
  };
  /** GET /api/targets's people and teams, by id. */
  const answer = (people: Officer[], period: string) => ({
    people: byId(people.map((officer) => person(officer, period))),
    teams: run.teams
      .filter((one) => people.some((officer) => officer.teamId === one.id))
      .map((one) => team(one, period)),
  });
  const managersPeople = (manager: Manager) => officersIn([manager.teamId, ...manager.leads]);
  /** The targets report's figures of `officers` together: every measure, "–" (null) without a target. */
  const reported = (officers: Officer[], period: string): ReportFigure[] => {
    const targets = teamTargets(officers, period);
    const done = zero();
    for (const officer of officers)
      for (const [measure, value] of Object.entries(achieved(posts, officer.id, spanOf(period))))
        done[measure as TargetMeasure] += value;
    return TARGET_MEASURES.map((measure) => {
      const target = targets[measure] ?? null;
      const actual = done[measure];
      const percent = target === null ? null : Number((BigInt(actual) * 100n) / BigInt(target));
      return { measure, target, actual, percent };
    });
  };
  return { officersIn, teamOf, person, team, answer, managersPeople, reported };
}

const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
const byTeam = <T extends { team: Team }>(rows: T[]) => [...rows].sort((a, b) => a.team.id - b.team.id);
const ids = (rows: Element[], attribute: string) =>
  rows.map((row) => Number(row.getAttribute(attribute))).sort((a, b) => a - b);
const officerIds = (people: Officer[]) => people.map((officer) => officer.id).sort((a, b) => a - b);

/** GET /api/targets as answered, by id, in the fields recomputed. */
const answered = (progress: ApiProgress) => ({
  people: byId(progress.people.map(({ id, team, targets, progress }) => ({ id, team, targets, progress }))),
  teams: byTeam(progress.teams.map(({ team, officers, progress }) => ({ team, officers, progress }))),
});

/** /api: the admin by team, each manager their people, each officer their own and their team's totals. */
async function checkApi(run: Run, expected: ReturnType<typeof expectations>, period: string) {
  const span = spanOf(period);
  const frame = { period, label: labelOf(period), first: span.first, last: span.last, daysLeft: daysLeft(span, TODAY) };
  for (const team of run.teams) {
    const answer = await getJson<ApiProgress>(teams.cookies.admin, `/api/targets?period=${period}&team=${team.id}`);
    expect(answer).toMatchObject(frame);
    expect(answered(answer), `admin, ${period}, ${team.name}`).toEqual(
      expected.answer(expected.officersIn([team.id]), period),
    );
  }
  // The admin's whole company: this run's officers and teams among everyone's.
  const everyone = answered(await getJson<ApiProgress>(teams.cookies.admin, `/api/targets?period=${period}`));
  const ours = expected.answer(run.officers, period);
  expect(
    {
      people: everyone.people.filter((person) => ours.people.some((one) => one.id === person.id)),
      teams: everyone.teams.filter((team) => ours.teams.some((one) => one.team.id === team.team.id)),
    },
    `admin, ${period}`,
  ).toEqual({ people: ours.people, teams: byTeam(ours.teams) });
  for (const manager of run.managers) {
    const answer = await getJson<ApiProgress>(manager.cookie, `/api/targets?period=${period}`);
    expect(answered(answer), `${manager.name}, ${period}`).toEqual(
      expected.answer(expected.managersPeople(manager), period),
    );
  }
  for (const officer of run.officers) {
    const answer = await getJson<ApiProgress>(officer.cookie, `/api/targets?period=${period}`);
    expect(answer).toMatchObject(frame);
    const team = officer.teamId === null ? [] : [expected.team(expected.teamOf(officer.teamId), period)];
    expect(answered(answer), `${officer.name}, ${period}`).toEqual({
      people: [expected.person(officer, period)],
      teams: team,
    });
  }
}

/** The /targets page: each manager's lists the officers of the teams they lead, the admin's one team's (`?team=`); each officer's progress and targets in the fields. */
async function checkTargetsPage(run: Run, expected: ReturnType<typeof expectations>, period: string) {
  const pages = [
    ...run.managers.map((manager) => ({
      cookie: manager.cookie,
      path: `/targets?period=${period}`,
      people: expected.officersIn(manager.leads),
    })),
    ...run.teams.map((team) => ({
      cookie: teams.cookies.admin,
      path: `/targets?period=${period}&team=${team.id}`,
      people: expected.officersIn([team.id]),
    })),
  ];
  for (const { cookie, path, people } of pages) {
    const rows = [...(await getPage(cookie, path)).querySelectorAll("li[data-officer-id]")];
    expect(ids(rows, "data-officer-id"), path).toEqual(officerIds(people));
    for (const officer of people) {
      const row = rows.find((item) => Number(item.getAttribute("data-officer-id")) === officer.id)!;
      const { progress, targets } = expected.person(officer, period);
      expect(readList(row.querySelector("ul")), `${path}, ${officer.name}`).toEqual(progress.map(onPage));
      const fields = TARGET_MEASURES.map((measure) => [
        measure,
        row.querySelector(`input[name="${measure}"]`)?.getAttribute("value"),
      ]);
      expect(Object.fromEntries(fields)).toEqual(
        Object.fromEntries(TARGET_MEASURES.map((measure) => [measure, String(targets[measure] ?? "")])),
      );
    }
  }
}

/** This month and this season where work happens: the officer's home, the manager's day, beside the rankings. */
async function checkWorkplaces(run: Run, expected: ReturnType<typeof expectations>) {
  const [month, season] = [monthOf(TODAY), seasonOf(TODAY)];
  for (const officer of run.officers) {
    const home = await getPage(officer.cookie, "/");
    for (const [title, period] of [
      ["Your month", month],
      ["Your season", season],
    ] as const) {
      const { progress } = expected.person(officer, period);
      const list = home.querySelector(`ul[aria-label="${title}'s targets"]`);
      expect(readList(list), `${title} of ${officer.name}`).toEqual(progress.map(onPage));
      if (progress.length === 0) continue;
      const section = list!.closest("section")!;
      expect(section.querySelector("h2")?.textContent).toBe(title);
      const left = daysLeft(spanOf(period), TODAY);
      const days = left === 0 ? "Ended" : `${left} ${left === 1 ? "day" : "days"} left`;
      expect(section.querySelector("p")?.textContent).toBe(`${labelOf(period)} · ${days}`);
    }
  }
  const glance = (officer: Officer) => {
    const { progress } = expected.person(officer, month);
    if (progress.length === 0) return null;
    const behind = progress.filter((measure) => measure.status === "behind").length;
    const lowest = Math.min(...progress.map((measure) => measure.percent));
    return `Month targets: ${behind > 0 ? `${behind} of ${progress.length} behind` : "on pace"}, lowest ${lowest} %, ${officer.name}`;
  };
  for (const manager of run.managers) {
    const day = (await getPage(manager.cookie, "/")).querySelector('[data-testid="team-today"]')!;
    const people = expected.managersPeople(manager);
    expect(ids([...day.querySelectorAll("li[data-officer-id]")], "data-officer-id")).toEqual(officerIds(people));
    for (const officer of people) {
      const row = day.querySelector(`li[data-officer-id="${officer.id}"]`)!;
      const label = row.querySelector('p[aria-label^="Month targets"]')?.getAttribute("aria-label") ?? null;
      expect(label, `the manager's day, ${officer.name}`).toBe(glance(officer));
    }
  }
  // Beside the rankings: each team's totals this month, and each officer's month in a line.
  const line = (officer: Officer) => {
    const { progress } = expected.person(officer, month);
    const behind = progress.filter((measure) => measure.status === "behind").length;
    const lowest = Math.min(...progress.map((measure) => measure.percent));
    return `${officer.name}${behind > 0 ? `${behind} of ${progress.length} behind` : "On pace"} · lowest ${lowest} %`;
  };
  const viewers = [
    ...run.officers.map((officer) => ({ cookie: officer.cookie, people: [officer], teamsOf: [officer] })),
    ...run.managers.map((manager) => {
      const people = expected.managersPeople(manager);
      return { cookie: manager.cookie, people, teamsOf: people };
    }),
  ];
  for (const { cookie, people, teamsOf } of viewers) {
    const card = (await getPage(cookie, "/leaderboard")).querySelector('[data-testid="achievement"]')!;
    const shown = expected.answer(teamsOf, month).teams;
    expect(
      [...card.querySelectorAll("h3")].map((heading) => heading.textContent),
      "the teams beside the rankings",
    ).toEqual(
      shown.map(({ team, officers }) => `${team.name} (${officers} ${officers === 1 ? "officer" : "officers"})`),
    );
    for (const { team, progress } of shown)
      expect(readList(card.querySelector(`ul[aria-label="Targets of ${team.name}"]`)), team.name).toEqual(
        progress.map(onPage),
      );
    const rows = [...card.querySelectorAll("li[data-officer-id]")];
    const withTargets = people.filter((officer) => expected.person(officer, month).progress.length > 0);
    expect(ids(rows, "data-officer-id")).toEqual(officerIds(withTargets));
    for (const officer of withTargets)
      expect(card.querySelector(`li[data-officer-id="${officer.id}"]`)?.textContent).toBe(line(officer));
  }
}

type ReportFigure = { measure: TargetMeasure; target: number | null; actual: number; percent: number | null };
type ReportAnswer = { rows: { key: string; measures: ReportFigure[] }[] };

/** The targets report (GET /api/targets/report), the admin's: each team's row, and its officers' rows. */
async function checkReport(run: Run, expected: ReturnType<typeof expectations>, period: string) {
  const rowsOf = (answer: ReportAnswer) =>
    answer.rows
      .map(({ key, measures }) => ({
        key,
        measures: measures.map(({ measure, target, actual, percent }) => ({ measure, target, actual, percent })),
      }))
      .sort((a, b) => Number(a.key) - Number(b.key));
  for (const team of run.teams) {
    const members = expected.officersIn([team.id]);
    const byTeam = await getJson<ReportAnswer>(
      teams.cookies.admin,
      `/api/targets/report?period=${period}&groupBy=team&team=${team.id}`,
    );
    expect(rowsOf(byTeam), `the report by team, ${period}, ${team.name}`).toEqual(
      members.length === 0 ? [] : [{ key: String(team.id), measures: expected.reported(members, period) }],
    );
    const byOfficer = await getJson<ReportAnswer>(
      teams.cookies.admin,
      `/api/targets/report?period=${period}&groupBy=officer&team=${team.id}`,
    );
    expect(rowsOf(byOfficer), `the report by officer, ${period}, ${team.name}`).toEqual(
      byId(members).map((officer) => ({
        key: String(officer.id),
        measures: expected.reported([officer], period),
      })),
    );
  }
}

async function checkWorld(world: World) {
  const run = await makePeople(world);
  await setTargets(run, world);
  const expected = expectations(run, await writePosts(run, world));
  for (const period of run.periods) {
    await checkApi(run, expected, period);
    await checkTargetsPage(run, expected, period);
    await checkReport(run, expected, period);
  }
  await checkWorkplaces(run, expected);
}

test("every officer's and team's achievement, recomputed from the raw posts and targets, is what /api and the pages show", async () => {
  await fc.assert(fc.asyncProperty(worldArb, checkWorld), { seed: SEED, numRuns: RUNS, endOnFailure: true });
}, 120_000);
