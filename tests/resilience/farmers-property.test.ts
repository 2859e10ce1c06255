import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { parsePage } from "../nojs/support/dom";
import { fuzzSeed } from "../support/fuzz-seed";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, setUpTwoTeams, type TwoTeams } from "./support/teams";

// Issue 50's proof (decision 98): random farmers of two teams, Farmer Meeting posts naming some of
// them (on a season's first and last Karachi instant, just outside them, inside, and a year
// before), demo plots at every stage sown on the season's first and last days and around them,
// some harvested with yields. Every figure of the season report (farmers reached, new and repeat,
// meetings, head count, named attendees, plots by stage, the average yield gain, by officer, team,
// season and product and crop) is recomputed here from the raw rows, by code of its own written
// from the decision, and compared with what GET /api/farmers/report answers the admin, the manager
// and an officer and what the /reports page shows with JavaScript off. The worlds of a run pile up
// in one database, so an earlier world's meetings make a later world's farmers repeat ones.

const SEED = fuzzSeed("farmers report property");
/** Worlds a run: each a dozen farmers, a few dozen meetings and plots, about 2 s. */
const RUNS = 6;

// ---- The calendar, written here: Asia/Karachi is UTC+5 (no daylight saving since 2009) ----------

const DAY_MS = 86_400_000;
const KARACHI_MS = 5 * 3_600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The instant a Karachi day starts. */
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) - KARACHI_MS;

type Span = { first: string; last: string };

function spanOf(season: string): Span {
  const [kind, year] = season.split("-") as [string, string];
  return kind === "KHARIF"
    ? { first: `${year}-04-01`, last: `${year}-09-30` }
    : { first: `${year}-10-01`, last: `${Number(year) + 1}-03-31` };
}

/** The six seasons ending with `season`, oldest first. */
function sixSeasonsTo(season: string): string[] {
  const seasons = [season];
  while (seasons.length < 6) {
    const [kind, year] = (seasons[0] ?? "").split("-") as [string, string];
    seasons.unshift(kind === "RABI" ? `KHARIF-${year}` : `RABI-${Number(year) - 1}`);
  }
  return seasons;
}

// ---- The figures, written from decision 98 ------------------------------------------------------

type Raw = {
  officers: Array<{ id: number; teamId: number | null }>;
  meetings: Array<{ id: number; userId: number; headCount: number | null; createdAt: number }>;
  attendees: Array<{ postId: number; farmerId: number }>;
  plots: Array<{
    officerId: number;
    farmerId: number;
    sownOn: string;
    stage: string;
    product: string;
    crop: string;
    yieldKgPerAcre: number | null;
    controlYieldKgPerAcre: number | null;
  }>;
};

type Figures = {
  reached: number;
  newFarmers: number;
  repeatFarmers: number;
  meetings: number;
  headCount: number;
  namedAttendees: number;
  plots: { sown: number; midSeason: number; harvested: number };
  yieldGain: { plots: number; percent: number | null };
};

/** A plot's gain in hundredths of a per cent, halves away from zero; null unless harvested with both yields. */
function plotGain(plot: Raw["plots"][number]): number | null {
  const { stage, yieldKgPerAcre: got, controlYieldKgPerAcre: control } = plot;
  if (stage !== "HARVESTED" || got === null || control === null || control <= 0) return null;
  const exact = ((got - control) * 10000) / control;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

function averageOf(gains: number[]): { plots: number; percent: number | null } {
  const sum = gains.reduce((a, b) => a + b, 0);
  return { plots: gains.length, percent: gains.length === 0 ? null : Math.round(sum / gains.length / 10) / 10 };
}

/** The figures of the officers `who` picks, over `span`, each in the group `groupOf` gives. */
function expected(
  raw: Raw,
  span: Span,
  who: Set<number>,
  groupOf: (officerId: number) => string,
): Map<string, Figures> {
  const from = dayStart(span.first);
  const to = dayStart(dateOf(dayNumber(span.last) + 1));
  const named = new Map<number, number[]>();
  for (const { postId, farmerId } of raw.attendees) named.set(postId, [...(named.get(postId) ?? []), farmerId]);
  const meetingTime = new Map(raw.meetings.map((meeting) => [meeting.id, meeting.createdAt]));
  const metBefore = (farmerId: number) =>
    raw.attendees.some((a) => a.farmerId === farmerId && (meetingTime.get(a.postId) ?? Infinity) < from) ||
    raw.plots.some((plot) => plot.farmerId === farmerId && plot.sownOn < span.first);
  const groups = new Map<string, { farmers: Set<number>; figures: Figures; gains: number[] }>();
  const groupFor = (officerId: number) => {
    const key = groupOf(officerId);
    const found = groups.get(key) ?? {
      farmers: new Set<number>(),
      figures: zero(),
      gains: [],
    };
    groups.set(key, found);
    return found;
  };
  for (const meeting of raw.meetings) {
    if (!who.has(meeting.userId) || meeting.createdAt < from || meeting.createdAt >= to) continue;
    const group = groupFor(meeting.userId);
    const names = named.get(meeting.id) ?? [];
    group.figures.meetings += 1;
    group.figures.namedAttendees += names.length;
    group.figures.headCount += meeting.headCount ?? names.length;
    for (const farmerId of names) group.farmers.add(farmerId);
  }
  for (const plot of raw.plots) {
    if (!who.has(plot.officerId) || plot.sownOn < span.first || plot.sownOn > span.last) continue;
    const group = groupFor(plot.officerId);
    group.farmers.add(plot.farmerId);
    const stage = { SOWN: "sown", MID_SEASON: "midSeason", HARVESTED: "harvested" } as const;
    group.figures.plots[stage[plot.stage as keyof typeof stage]] += 1;
    const gain = plotGain(plot);
    if (gain !== null) group.gains.push(gain);
  }
  return new Map(
    [...groups].map(([key, { farmers, figures, gains }]) => {
      const repeat = [...farmers].filter(metBefore).length;
      return [
        key,
        {
          ...figures,
          reached: farmers.size,
          newFarmers: farmers.size - repeat,
          repeatFarmers: repeat,
          yieldGain: averageOf(gains),
        },
      ];
    }),
  );
}

function zero(): Figures {
  return {
    reached: 0,
    newFarmers: 0,
    repeatFarmers: 0,
    meetings: 0,
    headCount: 0,
    namedAttendees: 0,
    plots: { sown: 0, midSeason: 0, harvested: 0 },
    yieldGain: { plots: 0, percent: null },
  };
}

/** The product-and-crop averages of the officers' plots sown in `span`. */
function expectedGains(raw: Raw, span: Span, who: Set<number>) {
  const byKind = new Map<string, number[]>();
  for (const plot of raw.plots) {
    const gain = plotGain(plot);
    if (gain === null || !who.has(plot.officerId) || plot.sownOn < span.first || plot.sownOn > span.last) continue;
    const key = `${plot.product} ${plot.crop}`;
    byKind.set(key, [...(byKind.get(key) ?? []), gain]);
  }
  return Object.fromEntries([...byKind].map(([key, gains]) => [key, averageOf(gains)]));
}

/** A row's figures as the page writes them. */
function pageCells(figures: Figures): string[] {
  const { percent } = figures.yieldGain;
  const gain = percent === null ? "–" : `${percent > 0 ? "+" : percent < 0 ? "−" : ""}${Math.abs(percent).toFixed(1)}%`;
  return [
    figures.reached,
    figures.newFarmers,
    figures.repeatFarmers,
    figures.meetings,
    figures.headCount,
    figures.namedAttendees,
    figures.plots.sown,
    figures.plots.midSeason,
    figures.plots.harvested,
    figures.yieldGain.plots,
  ]
    .map((value) => value.toLocaleString("en-US"))
    .concat(gain);
}

// ---- The worlds ---------------------------------------------------------------------------------

/** On the season's first or last instant (or day), just outside it, inside it, or a year before it. */
const WHERE = ["first", "beforeFirst", "last", "afterLast", "inside", "inside", "yearBefore"] as const;
type Where = (typeof WHERE)[number];

function instantOf(span: Span, where: Where, perMillion: number): number {
  const first = dayStart(span.first);
  const last = dayStart(dateOf(dayNumber(span.last) + 1)) - 1;
  switch (where) {
    case "first":
      return first;
    case "beforeFirst":
      return first - 1;
    case "last":
      return last;
    case "afterLast":
      return last + 1;
    case "inside":
      return first + Math.floor(((last - first) * perMillion) / 1_000_000);
    case "yearBefore":
      return first - 365 * DAY_MS + Math.floor((180 * DAY_MS * perMillion) / 1_000_000);
  }
}

function dayOf(span: Span, where: Where, perMillion: number): string {
  const first = dayNumber(span.first);
  const last = dayNumber(span.last);
  switch (where) {
    case "first":
      return span.first;
    case "beforeFirst":
      return dateOf(first - 1);
    case "last":
      return span.last;
    case "afterLast":
      return dateOf(last + 1);
    case "inside":
      return dateOf(first + Math.floor(((last - first) * perMillion) / 1_000_000));
    case "yearBefore":
      return dateOf(first - 365 + Math.floor((180 * perMillion) / 1_000_000));
  }
}

const whenArb = fc.record({ where: fc.constantFrom(...WHERE), perMillion: fc.integer({ min: 0, max: 999_999 }) });

const worldArb = fc.record({
  season: fc
    .record({ year: fc.integer({ min: 2010, max: 2020 }), kind: fc.constantFrom("RABI", "KHARIF") })
    .map(({ year, kind }) => `${kind}-${year}`),
  /** Each farmer's team: 0 is A, 1 is B. */
  farmers: fc.array(fc.nat({ max: 1 }), { minLength: 4, maxLength: 12 }),
  meetings: fc.array(
    fc.record({
      /** Of the eight officers, or (8) the manager, whose meetings no officer's row counts. */
      author: fc.nat({ max: 8 }),
      when: whenArb,
      attendees: fc.uniqueArray(fc.nat({ max: 11 }), { maxLength: 5 }),
      headCount: fc.option(fc.nat({ max: 20 }), { nil: null }),
    }),
    { minLength: 5, maxLength: 25 },
  ),
  plots: fc.array(
    fc.record({
      officer: fc.nat({ max: 7 }),
      farmer: fc.nat({ max: 11 }),
      when: whenArb,
      stage: fc.constantFrom("SOWN", "MID_SEASON", "HARVESTED", "HARVESTED"),
      harvest: fc.option(
        fc.record({ got: fc.integer({ min: 1, max: 3000 }), control: fc.integer({ min: 1, max: 3000 }) }),
        { freq: 4, nil: null },
      ),
      product: fc.constantFrom("SSP", "ORGANIC", "SULFUR"),
      crop: fc.constantFrom("wheat", "cotton", "rice"),
    }),
    { minLength: 3, maxLength: 15 },
  ),
});
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

let server: AppServer;
let teams: TwoTeams;
let managerId: number;

beforeAll(async () => {
  server = await createAppServer("farmers-property");
  teams = await setUpTwoTeams(server);
  managerId = server.query(
    (db) => (db.prepare("SELECT id FROM User WHERE username = 'manager'").get() as { id: number }).id,
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

/** Writes the world's farmers, meetings and plots straight to the database, as the posts that make them would. */
function writeWorld(world: World): void {
  const span = spanOf(world.season);
  const authors = [...teams.officersA, ...teams.officersB, managerId];
  server.query(
    (db) => {
      const now = Date.now();
      const addFarmer = db.prepare(
        "INSERT INTO Farmer (name, tehsil, district, landHundredths, teamId, createdAt, updatedAt) VALUES ('Farmer', 'Okara', 'Okara', 500, ?, ?, ?)",
      );
      const farmerIds = world.farmers.map((team) =>
        Number(addFarmer.run(team === 0 ? teams.teamA : teams.teamB, now, now).lastInsertRowid),
      );
      const addPost = db.prepare("INSERT INTO Post (userId, type, headCount, createdAt) VALUES (?, ?, ?, ?)");
      const attend = db.prepare("INSERT INTO MeetingAttendee (postId, farmerId) VALUES (?, ?)");
      for (const meeting of world.meetings) {
        const at = instantOf(span, meeting.when.where, meeting.when.perMillion);
        const named = [...new Set(meeting.attendees.map((index) => farmerIds[index % farmerIds.length]!))];
        const headCount = meeting.headCount === null ? null : named.length + meeting.headCount;
        const postId = addPost.run(authors[meeting.author], "FARMER_MEETING", headCount, at).lastInsertRowid;
        for (const farmerId of named) attend.run(postId, farmerId);
      }
      const addPlot = db.prepare(
        `INSERT INTO DemoPlot (postId, farmerId, officerId, crop, product, areaHundredths, controlAreaHundredths, lat, lng,
          sownOn, midVisitDueOn, harvestDueOn, stage, harvestedOn, yieldKgPerAcre, controlYieldKgPerAcre, createdAt, updatedAt)
         VALUES (?, ?, ?, ?, ?, 100, 100, 30.8, 73.4, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const plot of world.plots) {
        const officerId = authors[plot.officer]!;
        const sownOn = dayOf(span, plot.when.where, plot.when.perMillion);
        const postId = addPost.run(officerId, "DEMO_PLOT", null, dayStart(sownOn) + 3_600_000).lastInsertRowid;
        const harvest = plot.stage === "HARVESTED" ? plot.harvest : null;
        addPlot.run(
          ...[postId, farmerIds[plot.farmer % farmerIds.length], officerId, plot.crop, plot.product],
          ...[sownOn, sownOn, sownOn, plot.stage, plot.stage === "HARVESTED" ? sownOn : null],
          ...[harvest?.got ?? null, harvest?.control ?? null, now, now],
        );
      }
    },
    { readonly: false },
  );
}

function readRaw(): Raw {
  return server.query((db) => ({
    officers: db
      .prepare("SELECT id, teamId FROM User WHERE role = 'OFFICER' AND isActive = 1 AND approval = 'APPROVED'")
      .all() as Raw["officers"],
    meetings: (
      db.prepare("SELECT id, userId, headCount, createdAt FROM Post WHERE type = 'FARMER_MEETING'").all() as Array<
        Omit<Raw["meetings"][number], "createdAt"> & { createdAt: number | bigint }
      >
    ).map((meeting) => ({ ...meeting, createdAt: Number(meeting.createdAt) })),
    attendees: db.prepare("SELECT postId, farmerId FROM MeetingAttendee").all() as Raw["attendees"],
    plots: db
      .prepare(
        "SELECT officerId, farmerId, sownOn, stage, product, crop, yieldKgPerAcre, controlYieldKgPerAcre FROM DemoPlot",
      )
      .all() as Raw["plots"],
  }));
}

type Answer = {
  rows: Array<{ key: string; label: string; figures: Figures }>;
  totals: { figures: Figures };
  gains: Array<{ product: string; crop: string; yieldGain: Figures["yieldGain"] }>;
};

async function report(cookie: string, query: string): Promise<Answer> {
  const answer = await getAs(server, cookie, `/api/farmers/report?${query}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.json as Answer;
}

async function checkWorld(world: World): Promise<void> {
  writeWorld(world);
  const raw = readRaw();
  const span = spanOf(world.season);
  const season = `season=${world.season}`;
  const everyone = new Set(raw.officers.map((officer) => officer.id));
  const teamOf = new Map(raw.officers.map((officer) => [officer.id, officer.teamId]));
  const byOfficer = expected(raw, span, everyone, String);
  const all = expected(raw, span, everyone, () => "all").get("all") ?? zero();

  // The admin, by officer: every officer's row, and the totals counting each farmer once.
  const { admin, managerA, officerA, officerB } = teams.cookies;
  const officers = await report(admin, `${season}&groupBy=officer`);
  expect(officers.rows.map((row) => Number(row.key)).sort()).toEqual([...everyone].sort());
  for (const row of officers.rows) expect(row.figures, row.label).toEqual(byOfficer.get(row.key) ?? zero());
  expect(officers.totals.figures).toEqual(all);
  const gains = Object.fromEntries(officers.gains.map((gain) => [`${gain.product} ${gain.crop}`, gain.yieldGain]));
  expect(gains).toEqual(expectedGains(raw, span, everyone));

  // The page shows the same, cell for cell.
  const page = parsePage(
    (await getAs(server, admin, `/reports?view=farmers&${season}&groupBy=officer`)).text,
    server.baseUrl,
  );
  const cells = [...page.querySelectorAll("tbody tr, tfoot tr")].map((row) =>
    [...row.querySelectorAll("th, td")].map((cell) => cell.textContent?.trim() ?? ""),
  );
  for (const row of officers.rows)
    expect(cells.find((line) => line[0] === row.label)?.slice(1), row.label).toEqual(
      pageCells(byOfficer.get(row.key) ?? zero()),
    );
  expect(cells.find((line) => line[0] === "Total")?.slice(1)).toEqual(pageCells(all));

  // By team, the manager's: team A's officers together.
  const teamA = new Set(raw.officers.filter((officer) => officer.teamId === teams.teamA).map((officer) => officer.id));
  const byTeam = await report(managerA, `${season}&groupBy=team`);
  expect(byTeam.rows.map((row) => row.key)).toEqual([String(teams.teamA)]);
  expect(byTeam.rows[0]?.figures).toEqual(expected(raw, span, teamA, () => "a").get("a") ?? zero());
  const teamsOfAdmin = await report(admin, `${season}&groupBy=team`);
  const byTeamId = expected(raw, span, everyone, (id) => String(teamOf.get(id) ?? "none"));
  for (const row of teamsOfAdmin.rows) expect(row.figures, row.label).toEqual(byTeamId.get(row.key) ?? zero());

  // By season: six seasons to the one asked, and the totals over all six.
  const trend = await report(admin, `${season}&groupBy=season`);
  const seasons = sixSeasonsTo(world.season);
  expect(trend.rows.map((row) => row.key)).toEqual(seasons);
  for (const row of trend.rows)
    expect(row.figures, row.key).toEqual(expected(raw, spanOf(row.key), everyone, () => "all").get("all") ?? zero());
  const whole = { first: spanOf(seasons[0]!).first, last: span.last };
  expect(trend.totals.figures).toEqual(expected(raw, whole, everyone, () => "all").get("all") ?? zero());

  // An officer: their own row; another team's report is refused.
  const own = await report(officerA, `${season}&groupBy=officer`);
  expect(own.rows.map((row) => row.key)).toEqual([String(teams.officersA[0])]);
  expect(own.totals.figures).toEqual(byOfficer.get(String(teams.officersA[0])) ?? zero());
  expect((await getAs(server, officerB, `/api/farmers/report?${season}&team=${teams.teamA}`)).status).toBe(403);
  expect((await getAs(server, managerA, `/reports?view=farmers&${season}&team=${teams.teamB}`)).status).toBe(403);
}

test("every figure of the season report, recomputed from the raw posts, attendees and plots, is what /api and the page show", async () => {
  await fc.assert(fc.asyncProperty(worldArb, checkWorld), { seed: SEED, numRuns: RUNS, endOnFailure: true });
}, 120_000);
