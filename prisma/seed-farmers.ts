/**
 * The demo's farmers, farmer meetings and demo plots (issue 50). Each officer works with two dozen
 * farmers of the villages and tehsils around their towns (their team's, phones unique). The Farmer
 * Meeting posts of the month name three to six of them and count the people who came; two meetings
 * of the season before make some of this season's farmers repeat ones. The month's Demo Plot posts
 * start this season's plots (one of them harvests a plot of the season before), and posts of the
 * season before start plots whose stories are told to the end: one harvested with its yields, one
 * whose harvest falls due today, one whose harvest is overdue. One plot of this season has its
 * mid-season visit due today; every other officer has one whose mid-season visit is overdue. Posts of the season before are dated at least 35
 * days ago, outside the 30 days the rankings read, so the month's scores stay as they were. A
 * separate random stream, so nothing else the seed draws moves.
 */
import type { Prisma } from "~/generated/prisma/client";
import { appDate, appDayRange } from "~/infra/clock.server";
import { addDays, dayNumber } from "~/lib/calendar";
import type { Crop } from "~/lib/crops";
import type { SaleProduct } from "~/lib/post-types";
import type { Province } from "~/lib/provinces";
import { periodSpan, previousPeriod, seasonOf, type PeriodSpan } from "~/lib/target-period";
import { NAMES_BY_PROVINCE, MOBILE_PREFIXES } from "./seed-data/people";
import { Random } from "./seed-data/random";
import { VILLAGE_NAMES, VILLAGE_PATTERNS } from "./seed-data/texts";
import { townByName, type Town } from "./seed-data/towns";

const HOUR_MS = 3_600_000;
const FARMERS_AN_OFFICER = 24;
/** Posts of the season before are at least this many days old: out of the rankings' 30 days. */
const OLD_POST_DAYS = 35;

/** Tehsils of the districts the officers work in (the district is the town's name). */
const TEHSILS: Record<string, readonly string[]> = {
  Lahore: ["Raiwind", "Model Town"],
  Sheikhupura: ["Muridke", "Ferozewala", "Safdarabad"],
  Kasur: ["Chunian", "Pattoki", "Kot Radha Kishan"],
  Okara: ["Depalpur", "Renala Khurd"],
  Gujranwala: ["Kamoke", "Wazirabad", "Nowshera Virkan"],
  Sialkot: ["Daska", "Sambrial", "Pasrur"],
  Faisalabad: ["Jaranwala", "Samundri", "Tandlianwala", "Chak Jhumra"],
  Chiniot: ["Bhowana", "Lalian"],
  "Toba Tek Singh": ["Gojra", "Kamalia", "Pirmahal"],
  Sargodha: ["Bhalwal", "Sillanwali", "Kot Momin", "Shahpur"],
  Jhang: ["Shorkot", "Athara Hazari", "Ahmadpur Sial"],
  Sahiwal: ["Chichawatni", "Sahiwal"],
  Multan: ["Shujabad", "Jalalpur Pirwala"],
  Khanewal: ["Mian Channu", "Kabirwala", "Jahanian"],
  Vehari: ["Burewala", "Mailsi"],
  Bahawalpur: ["Ahmadpur East", "Hasilpur", "Yazman"],
  "Rahim Yar Khan": ["Sadiqabad", "Khanpur", "Liaquatpur"],
  "Dera Ghazi Khan": ["Taunsa", "Kot Chutta"],
  Hyderabad: ["Qasimabad", "Latifabad"],
  Karachi: ["Malir", "Gadap"],
  Thatta: ["Mirpur Sakro", "Ghorabari"],
  "Mirpur Khas": ["Digri", "Kot Ghulam Muhammad", "Jhuddo"],
  Sanghar: ["Shahdadpur", "Tando Adam", "Sinjhoro"],
  Badin: ["Matli", "Talhar", "Golarchi"],
  Sukkur: ["Rohri", "Pano Akil", "Salehpat"],
  Khairpur: ["Gambat", "Kingri", "Mirwah"],
  Larkana: ["Ratodero", "Dokri", "Bakrani"],
  Nawabshah: ["Sakrand", "Daur", "Qazi Ahmed"],
  Dadu: ["Mehar", "Khairpur Nathan Shah", "Johi"],
  Jacobabad: ["Thul", "Garhi Khairo"],
};

const MAIN_CROPS: Record<Province, readonly Crop[]> = {
  Punjab: ["wheat", "cotton", "rice", "sugarcane", "maize", "fodder"],
  Sindh: ["wheat", "cotton", "rice", "sugarcane", "vegetables"],
  "Khyber Pakhtunkhwa": ["wheat", "maize", "sugarcane", "orchards"],
  Balochistan: ["wheat", "orchards", "vegetables", "fodder"],
  "Gilgit-Baltistan": ["wheat", "orchards", "vegetables"],
  "Azad Jammu & Kashmir": ["maize", "wheat", "vegetables"],
  "Islamabad Capital Territory": ["wheat", "vegetables", "fodder"],
};

/** A season's plots: its long crop, its short one, and their days from sowing to harvest. */
const SEASON_CROPS = {
  KHARIF: { long: ["cotton", 160], medium: ["rice", 125], short: ["maize", 100] },
  RABI: { long: ["wheat", 150], medium: ["wheat", 140], short: ["vegetables", 90] },
} as const satisfies Record<string, Record<string, readonly [Crop, number]>>;

/** Kilograms per acre an untreated plot of the crop gives, about. */
const CONTROL_YIELD: Partial<Record<Crop, readonly [number, number]>> = {
  wheat: [1200, 1600],
  cotton: [800, 1100],
  rice: [1400, 1800],
  maize: [1800, 2400],
  vegetables: [6000, 9000],
};

const VERDICTS = [
  "Will use it on all his {crop} next season.",
  "Saw fuller heads than the control; wants to try it on five acres.",
  "Happy with the result, will tell his neighbours at the next meeting.",
  "Good result, but wants to see it again before buying for the whole farm.",
];
const PRODUCTS: readonly SaleProduct[] = ["SSP", "ORGANIC", "SULFUR"];
const PRODUCT_NAMES: Record<SaleProduct, string> = {
  SSP: "SSP Fertilizer",
  ORGANIC: "Organic Fertilizer",
  SULFUR: "Sulfur",
};

type DemoOfficer = {
  id: number;
  teamId: number | null;
  /** The towns of the officer's clusters, home first. */
  towns: readonly string[];
  /** Dealers the officer registered: whom their farmers buy from. */
  dealerIds: readonly number[];
};

/** The month's posts as the seed writes them. */
type MonthPost = Pick<Prisma.PostCreateManyInput, "id" | "userId" | "type" | "lat" | "lng" | "createdAt">;

type Place = { lat: number; lng: number; village: string; tehsil: string; district: string };
type SeedFarmer = Prisma.FarmerCreateManyInput & { id: number; place: Place };

export type DemoFarmers = {
  farmers: Prisma.FarmerCreateManyInput[];
  /** Posts of the season before: their meetings and plots. */
  posts: Prisma.PostCreateManyInput[];
  checkIns: Prisma.CheckInCreateManyInput[];
  /** Each Farmer Meeting post's people, named or not. */
  headCounts: Map<number, number>;
  attendees: Prisma.MeetingAttendeeCreateManyInput[];
  plots: Prisma.DemoPlotCreateManyInput[];
  visits: Prisma.PlotVisitCreateManyInput[];
};

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
/** The day halfway between sowing and the expected harvest: when the mid-season visit falls due. */
const halfway = (sownOn: string, harvestDueOn: string) =>
  addDays(sownOn, Math.floor(daysBetween(sownOn, harvestDueOn) / 2));

function spanOf(period: string): PeriodSpan {
  const span = periodSpan(period);
  if (!span) throw new Error(`No period ${period}`);
  return span;
}

/**
 * The demo's farmers, meetings and plots as of `now`, for `officers`, around `posts` (the month's,
 * whose Farmer Meeting and Demo Plot posts they fill in); new posts take ids from `nextPostId`.
 */
export function buildDemoFarmers(input: {
  now: Date;
  officers: readonly DemoOfficer[];
  posts: readonly MonthPost[];
  nextPostId: number;
}): DemoFarmers {
  const rng = Random.stream("farmers");
  const today = appDate(input.now);
  const season = seasonOf(today);
  const before = previousPeriod(season);
  const out: DemoFarmers = {
    farmers: [],
    posts: [],
    checkIns: [],
    headCounts: new Map(),
    attendees: [],
    plots: [],
    visits: [],
  };
  const phones = new Set<string>();
  let farmerId = 0;
  let plotId = 0;
  let postId = input.nextPostId;

  /**
   * A post older than the rankings' 30 days: on `day`, or OLD_POST_DAYS ago when `day` is later,
   * with its check-in (as the app records one for every post with a place). Its id and its day.
   */
  const oldPost = (officerId: number, type: string, text: string, day: string, place: Place) => {
    const latest = addDays(today, -OLD_POST_DAYS);
    const on = dayNumber(day) > dayNumber(latest) ? latest : day;
    const createdAt = new Date(appDayRange(on).from + rng.int(9, 16) * HOUR_MS + rng.int(0, 59) * 60_000);
    const id = postId++;
    const address = `${place.village}, ${place.tehsil}, ${place.district}`;
    out.posts.push({ id, userId: officerId, type, text, lat: place.lat, lng: place.lng, address, createdAt });
    out.checkIns.push({
      userId: officerId,
      type,
      lat: place.lat,
      lng: place.lng,
      address,
      source: "GPS",
      accuracyM: rng.int(4, 30),
      fixAt: new Date(createdAt.getTime() - rng.int(2, 40) * 1000),
      postId: id,
      createdAt,
    });
    return { id, on };
  };
  const dayOf = (post: MonthPost) => appDate(new Date(post.createdAt as Date));

  for (const officer of [...input.officers].sort((a, b) => a.id - b.id)) {
    const towns = [...new Set(officer.towns)].map(townByName);
    const farmers = Array.from({ length: FARMERS_AN_OFFICER }, (_, n) =>
      buildFarmer(rng, ++farmerId, officer, towns[n % towns.length]!, phones),
    );
    out.farmers.push(...farmers.map(({ place: _, ...farmer }) => farmer));
    const own = (post: MonthPost) => post.userId === officer.id;
    const meetings = input.posts.filter((post) => own(post) && post.type === "FARMER_MEETING");
    const plotPosts = input.posts.filter((post) => own(post) && post.type === "DEMO_PLOT");
    plotPosts.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());

    const meet = (postIdOf: number, around: SeedFarmer[]) => {
      const named = rng.sample(around, rng.int(3, 6));
      out.headCounts.set(postIdOf, named.length + rng.int(4, 25));
      for (const farmer of named) out.attendees.push({ postId: postIdOf, farmerId: farmer.id });
    };
    // Two meetings of the season before: their farmers met again this season are repeat ones.
    const earlier = spanOf(before);
    for (const offset of [30, 75]) {
      const host = rng.pick(farmers.slice(0, 8));
      const { id } = oldPost(
        officer.id,
        "FARMER_MEETING",
        `Farmer meeting at ${host.place.village}: balanced fertilization before sowing.`,
        addDays(earlier.first, offset + rng.int(0, 10)),
        host.place,
      );
      meet(id, farmers.slice(0, 8));
    }
    for (const post of meetings) meet(post.id!, farmers);

    const plot = (
      start: number,
      farmer: SeedFarmer,
      crop: Crop,
      sownOn: string,
      harvestDueOn: string,
      place: { lat: number; lng: number },
    ): Prisma.DemoPlotCreateManyInput & { id: number } => {
      const row = {
        id: ++plotId,
        postId: start,
        farmerId: farmer.id,
        officerId: officer.id,
        crop,
        product: rng.pick(PRODUCTS),
        areaHundredths: rng.pick([50, 100, 100, 150, 200]),
        controlAreaHundredths: rng.pick([50, 100]),
        lat: round6(rng.jitter(place.lat, 0.004)),
        lng: round6(rng.jitter(place.lng, 0.004)),
        sownOn,
        midVisitDueOn: halfway(sownOn, harvestDueOn),
        harvestDueOn,
        stage: "SOWN",
      };
      out.plots.push(row);
      return row;
    };
    const visit = (
      row: Prisma.DemoPlotCreateManyInput & { id: number },
      stage: "MID_SEASON" | "HARVEST",
      post: number,
      on: string,
    ) => {
      out.visits.push({ plotId: row.id, postId: post, stage, visitedOn: on });
      row.stage = stage === "HARVEST" ? "HARVESTED" : "MID_SEASON";
      if (stage !== "HARVEST") return;
      const [low, high] = CONTROL_YIELD[row.crop as Crop] ?? [1000, 1400];
      const control = rng.int(low, high);
      // Most plots gain 6 to 22 percent; one in six shows about nothing, as real plots do.
      const gain = rng.chance(1 / 6) ? rng.float(-0.03, 0.03) : rng.float(0.06, 0.22);
      row.harvestedOn = on;
      row.controlYieldKgPerAcre = control;
      row.yieldKgPerAcre = Math.round(control * (1 + gain));
      row.verdict = rng.pick(VERDICTS).replace("{crop}", row.crop);
    };
    /** A plot of the season before: its start and mid-season visit posted then, on the plot. */
    const oldPlot = (farmer: SeedFarmer, crop: readonly [Crop, number], sownOn: string, harvestDueOn: string) => {
      const { id: start } = oldPost(
        officer.id,
        "DEMO_PLOT",
        `Demo plot of ${crop[0]} sown at ${farmer.name}'s field in ${farmer.place.village}, beside an untreated control plot.`,
        sownOn,
        farmer.place,
      );
      const row = plot(start, farmer, crop[0], sownOn, harvestDueOn, farmer.place);
      const mid = oldPost(
        officer.id,
        "DEMO_PLOT",
        `Mid-season visit to ${farmer.name}'s ${PRODUCT_NAMES[row.product as SaleProduct]} demo plot: the treated ${crop[0]} is greener than the control.`,
        addDays(row.midVisitDueOn, rng.int(0, 3)),
        farmer.place,
      );
      visit(row, "MID_SEASON", mid.id, mid.on);
      return { row, farmer };
    };

    const crops = SEASON_CROPS[before.startsWith("KHARIF") ? "KHARIF" : "RABI"];
    const thisSeason = SEASON_CROPS[season.startsWith("KHARIF") ? "KHARIF" : "RABI"];
    const pickFarmer = () => rng.pick(farmers);
    // Harvested in the season before, with its yields.
    const sown = addDays(earlier.first, 20 + rng.int(0, 10));
    const harvested = oldPlot(pickFarmer(), crops.short, sown, addDays(sown, crops.short[1]));
    const harvest = oldPost(
      officer.id,
      "DEMO_PLOT",
      `Harvest of ${harvested.farmer.name}'s demo plot: both plots weighed, the treated one beside the control.`,
      addDays(harvested.row.harvestDueOn, rng.int(0, 4)),
      harvested.farmer.place,
    );
    visit(harvested.row, "HARVEST", harvest.id, harvest.on);
    // Its harvest falls due today; and one whose harvest is overdue.
    oldPlot(pickFarmer(), crops.long, addDays(today, -crops.long[1]), today);
    const overdue = addDays(today, -rng.int(10, 18));
    oldPlot(pickFarmer(), crops.medium, addDays(overdue, -crops.medium[1]), overdue);

    // The month's Demo Plot posts: the first harvests a long plot of the season before, the rest start plots.
    const [first, ...rest] = plotPosts;
    if (first) {
      const harvestOn = dayOf(first);
      const sownOn = addDays(harvestOn, -crops.long[1] - rng.int(-3, 5));
      const { row } = oldPlot(pickFarmer(), crops.long, sownOn, addDays(sownOn, crops.long[1]));
      visit(row, "HARVEST", first.id!, harvestOn);
    }
    // The first of them sown 10 days ago or more has its mid-season visit due today.
    let dueToday = false;
    for (const post of rest) {
      const sownOn = dayOf(post);
      const age = daysBetween(sownOn, today);
      const midToday: boolean = !dueToday && age >= 10;
      dueToday ||= midToday;
      const crop = midToday ? thisSeason.short : thisSeason.long;
      const harvestDueOn = addDays(sownOn, midToday ? 2 * age : crop[1]);
      plot(post.id!, pickFarmer(), crop[0], sownOn, harvestDueOn, { lat: post.lat ?? 0, lng: post.lng ?? 0 });
    }
    // Every other officer has a short plot sown five weeks ago whose mid-season visit is overdue.
    if (officer.id % 2 === 1) {
      const farmer = pickFarmer();
      const sownOn = addDays(today, -OLD_POST_DAYS - rng.int(0, 10));
      const start = oldPost(
        officer.id,
        "DEMO_PLOT",
        `Demo plot of vegetables sown at ${farmer.name}'s field in ${farmer.place.village}, beside an untreated control plot.`,
        sownOn,
        farmer.place,
      );
      const midDue = addDays(today, -rng.int(8, 12));
      plot(start.id, farmer, "vegetables", sownOn, addDays(sownOn, 2 * daysBetween(sownOn, midDue)), farmer.place);
    }
  }
  return out;
}

/** A farmer of one of the officer's towns (as district), in a village of one of its tehsils. */
function buildFarmer(rng: Random, id: number, officer: DemoOfficer, town: Town, phones: Set<string>): SeedFarmer {
  const names = NAMES_BY_PROVINCE[town.province];
  const name = `${rng.pick(names.first)} ${rng.pick(names.last)}`;
  let phone: string;
  do phone = `+92${rng.pick(MOBILE_PREFIXES)}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
  while (phones.has(phone));
  phones.add(phone);
  const village = rng
    .pick(VILLAGE_PATTERNS[town.province])
    .replace("{n}", String(rng.int(12, 480)))
    .replace("{name}", rng.pick(VILLAGE_NAMES));
  const tehsil = rng.pick(TEHSILS[town.name] ?? [town.name]);
  const crops = rng.sample(MAIN_CROPS[town.province], rng.int(1, 3));
  const place = {
    lat: round6(rng.jitter(town.lat, 0.08)),
    lng: round6(rng.jitter(town.lng, 0.08)),
    village,
    tehsil,
    district: town.name,
  };
  return {
    id,
    name,
    // One farmer in five has no mobile, or did not give it.
    phone: rng.chance(0.2) ? null : phone,
    village,
    tehsil,
    district: town.name,
    landHundredths: rng.int(2, 60) * 50,
    mainCrops: JSON.stringify(crops),
    dealerId: officer.dealerIds.length > 0 && rng.chance(0.7) ? rng.pick(officer.dealerIds) : null,
    teamId: officer.teamId,
    createdById: officer.id,
    place,
  };
}
