/**
 * Demo data for Fieldline: eight field officers in three regional teams (Punjab; Sindh &
 * Balochistan; North & Capital), each led by a manager (`manager`, `manager2`, `manager3`), an
 * admin, 76 dealers in all seven provinces (each in the team whose territory holds it), and a
 * month of posts, check-ins, likes, comments, performance scores and notifications, the
 * dealers' accounts (prisma/seed-accounts.ts: opening balances, payments at the counter, limits)
 * the officers' targets (prisma/seed-targets.ts: this month's, this season's and last month's),
 * and their farmers, farmer meetings and demo plots (prisma/seed-farmers.ts: this season's and the
 * season before's).
 *
 *   DATABASE_URL=file:./data/fieldline.db npx tsx prisma/seed.ts
 *   SEED_TEAMS=one npx tsx prisma/seed.ts   (the test servers: one team of everyone, led by
 *     `manager`, with no territory, and no `manager2`/`manager3`: every count as before teams)
 *
 * Everything comes from a fixed-seed generator, so every run writes the same rows; only the
 * dates move, relative to today in the app's time zone (APP_TIME_ZONE, Asia/Karachi), so that
 * the last 30 days (today included) always have activity. Today's activity is placed before the current time. The seed first
 * empties every table, so it can be run again at any time. Every password is "fieldline".
 */
import { pathToFileURL } from "node:url";
import { applyPragmas, prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { DEFAULT_AVATARS, type AvatarType } from "~/lib/avatars";
import { PROVINCES, type Province } from "~/lib/provinces";
import { SALE_PRODUCTS, type PostType, type SaleProduct } from "~/lib/post-types";
import {
  computeStandings,
  PERFORMANCE_WINDOW_DAYS,
  performanceNotifications,
  type OfficerActivity,
  type Standing,
} from "~/lib/performance";
import { appPeriodRange } from "~/infra/clock.server";
import { DEALER_REQUIRED_TYPES, DEALER_TYPES } from "~/models/post.rules";
import { officeNotes, performanceNotificationRow, storedWords } from "~/models/notification.server";
import { hashPassword } from "~/models/user.server";
import { buildDemoAccounts, type DemoAccounts } from "./seed-accounts";
import { buildDemoFarmers, type DemoFarmers } from "./seed-farmers";
import { buildDemoTargets } from "./seed-targets";
import { LEDGER_WIPE } from "./triggers";
import {
  DEALER_ABOUT,
  DEALER_NOTES,
  EMAIL_DOMAINS,
  NAME_PREFIXES_BY_PROVINCE,
  NAME_SUFFIXES,
} from "./seed-data/dealers";
import {
  ADMIN,
  HEAD_OFFICE,
  MANAGER,
  MOBILE_PREFIXES,
  NAMES_BY_PROVINCE,
  OFFICERS,
  ONE_TEAM,
  REGIONAL_MANAGERS,
  TEAMS,
  type OfficerProfile,
  type StaffMember,
} from "./seed-data/people";
import { Random } from "./seed-data/random";
import {
  AUTHOR_REPLIES,
  COMMENTS_BY_TYPE,
  GENERIC_COMMENTS,
  OFFICE_ANNOUNCEMENTS,
  POST_TEXTS,
  VILLAGE_NAMES,
  VILLAGE_PATTERNS,
} from "./seed-data/texts";
import { CROPS_BY_PROVINCE, GENERIC_MARKETS, TOWNS, townByName, type Town } from "./seed-data/towns";

export const DEMO_PASSWORD = "fieldline";
/** The demo officer who reads Fieldline in Urdu, on every device they sign in on. */
const URDU_READER = "officer7";

/** `three`: the demo's regional teams (the default); `one`: one team of everyone (SEED_TEAMS=one, the tests). */
type TeamsMode = "one" | "three";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Days of posts, today included. */
const ACTIVITY_DAYS = 30;
/** The performance window: a calculation counts the 30 days before it. */
const WINDOW_MS = PERFORMANCE_WINDOW_DAYS * DAY_MS;
/** The working day, in minutes after midnight: check-ins fall between these. */
const WORKDAY_START = 7 * 60;
const WORKDAY_END = 19 * 60 + 30;
/** The scheduled performance calculation runs at 07:00, before the day's work. */
const CALCULATION_MINUTE = 7 * 60;
/** Days before today of the earlier weekly calculations; the last one ran this morning. */
const CALCULATION_DAYS = [21, 14, 7, 0] as const;

// ---------------------------------------------------------------------------------------------
// Time: a "slot" is a local calendar day (days before today) and a minute of that day.
// ---------------------------------------------------------------------------------------------

interface Slot {
  daysAgo: number;
  /** Minutes after local midnight. */
  minute: number;
}

/** Earlier slots first. */
function compareSlots(a: Slot, b: Slot): number {
  return b.daysAgo - a.daysAgo || a.minute - b.minute;
}

/**
 * Turns slots into instants. Past days keep their clock times; today's working day
 * (07:00–19:30) is squeezed into the part of today that has already passed, so that nothing
 * is ever in the future and today's rows exist whatever the time of the run.
 */
class Clock {
  readonly now: number;
  readonly todayStart: number;
  private readonly todayFrom: number;
  private readonly todayTo: number;

  constructor(now: Date) {
    this.now = now.getTime();
    this.todayStart = appPeriodRange("today", now).from;
    const latest = Math.min(this.todayStart + WORKDAY_END * MINUTE_MS, this.now - MINUTE_MS);
    this.todayTo = latest > this.todayStart ? latest : this.now - 1;
    this.todayFrom = Math.max(
      this.todayStart,
      Math.min(this.todayStart + WORKDAY_START * MINUTE_MS, this.todayTo - 3 * HOUR_MS),
    );
  }

  ms(slot: Slot): number {
    if (slot.daysAgo > 0) {
      return this.todayStart - slot.daysAgo * DAY_MS + Math.round(slot.minute * MINUTE_MS);
    }
    const minute = Math.min(Math.max(slot.minute, WORKDAY_START), WORKDAY_END);
    const share = (minute - WORKDAY_START) / (WORKDAY_END - WORKDAY_START);
    return Math.round(this.todayFrom + share * (this.todayTo - this.todayFrom));
  }

  /**
   * A moment after `fromMs` (by minDelay..maxDelay, `fraction` choosing where), never later
   * than a second ago: a reply to a post of a minute ago comes within that minute.
   */
  after(fromMs: number, minDelayMs: number, maxDelayMs: number, fraction: number): number {
    const wanted = fromMs + minDelayMs + fraction * (maxDelayMs - minDelayMs);
    const latest = this.now - 1000;
    if (wanted <= latest) return Math.round(wanted);
    const room = Math.max(0, latest - fromMs);
    return Math.round(fromMs + room * (0.2 + 0.8 * fraction));
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

interface Place {
  lat: number;
  lng: number;
  address: string;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function near(rng: Random, lat: number, lng: number, spread: number): { lat: number; lng: number } {
  return { lat: round6(rng.jitter(lat, spread)), lng: round6(rng.jitter(lng, spread)) };
}

function mobileNumber(rng: Random): string {
  return `+92 ${rng.pick(MOBILE_PREFIXES)} ${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Fills {placeholders}; every placeholder must have a value. */
function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`No value for {${key}} in "${template}"`);
    return value;
  });
}

/** A template whose placeholders all have values. */
function pickTemplate(rng: Random, templates: readonly string[], values: Readonly<Record<string, string>>): string {
  const usable = templates.filter((template) =>
    [...template.matchAll(/\{(\w+)\}/g)].every((match) => values[match[1] ?? ""] !== undefined),
  );
  return fill(rng.pick(usable), values);
}

function personName(rng: Random, province: Province): { first: string; last: string } {
  const names = NAMES_BY_PROVINCE[province];
  return { first: rng.pick(names.first), last: rng.pick(names.last) };
}

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

const COLONIES = ["Model Town", "Satellite Town", "Gulistan Colony", "Civil Lines", "Officers Colony", "Cantt"];

interface SeedUser {
  id: number;
  member: StaffMember;
  /** Set for field officers. */
  officer?: OfficerProfile;
  homeTown?: Town;
  home?: Place;
  warehouse?: Place;
  avatar: AvatarType;
  createdAtMs: number;
}

function buildUsers(clock: Clock, teams: TeamsMode): SeedUser[] {
  const rng = Random.stream("users");
  const staff: SeedUser[] = [ADMIN, MANAGER].map((member, index) => ({
    id: index + 1,
    member,
    home: { ...HEAD_OFFICE },
    avatar: index === 0 ? "DEFAULT_3" : "DEFAULT_2",
    createdAtMs: clock.todayStart - member.joinedDaysAgo * DAY_MS + 10 * HOUR_MS,
  }));
  const officers = OFFICERS.map((officer, index): SeedUser => {
    const homeTown = townByName(officer.clusters[0]?.[0] ?? "Lahore");
    const where = `${homeTown.name}, ${homeTown.province}, Pakistan`;
    const homeSpot = near(rng, homeTown.lat, homeTown.lng, 0.02);
    const warehouseSpot = near(rng, homeTown.lat, homeTown.lng, 0.02);
    return {
      id: staff.length + index + 1,
      member: officer,
      officer,
      homeTown,
      home: { ...homeSpot, address: `House ${rng.int(3, 240)}, ${rng.pick(COLONIES)}, ${where}` },
      warehouse: { ...warehouseSpot, address: `${officer.warehouseStreet}, ${where}` },
      avatar: rng.pick(DEFAULT_AVATARS),
      createdAtMs: clock.todayStart - officer.joinedDaysAgo * DAY_MS + rng.int(9 * 60, 17 * 60) * MINUTE_MS,
    };
  });
  // The regional managers come last, so that everyone else keeps the same id in both modes.
  const regional = (teams === "three" ? REGIONAL_MANAGERS : []).map((manager, index): SeedUser => ({
    id: staff.length + officers.length + index + 1,
    member: manager,
    home: { ...manager.office },
    avatar: index === 0 ? "DEFAULT_4" : "DEFAULT_5",
    createdAtMs: clock.todayStart - manager.joinedDaysAgo * DAY_MS + 10 * HOUR_MS,
  }));
  return [...staff, ...officers, ...regional];
}

// ---------------------------------------------------------------------------------------------
// Teams and territories (decision 42)
// ---------------------------------------------------------------------------------------------

interface SeedTeam {
  id: number;
  name: string;
  provinces: readonly string[];
  districts: readonly string[];
  /** Usernames. */
  managers: readonly string[];
  members: readonly string[];
}

function buildTeams(teams: TeamsMode, users: readonly SeedUser[]): SeedTeam[] {
  if (teams === "one") {
    // Everyone, the admin too: every post and person each test counts stays in the viewer's team.
    const members = users.map((user) => user.member.username);
    return [{ id: 1, name: ONE_TEAM.name, provinces: [], districts: [], managers: [ONE_TEAM.manager], members }];
  }
  // A manager is in the team they lead; the admin is in none (an admin sees everyone).
  return TEAMS.map((team, index) => ({
    id: index + 1,
    name: team.name,
    provinces: team.provinces,
    districts: team.districts,
    managers: [team.manager],
    members: [team.manager, ...team.officers],
  }));
}

/** The team whose districts hold the dealer's city, else whose provinces hold its province, else none. */
function territoryTeam(
  teams: readonly Pick<SeedTeam, "id" | "provinces" | "districts">[],
  city: string,
  province: string,
): number | null {
  const byDistrict = teams.find((team) => team.districts.includes(city));
  if (byDistrict) return byDistrict.id;
  return teams.find((team) => team.provinces.includes(province))?.id ?? null;
}

/** Every seeded user's team (null: none), checked: each officer in exactly one team. */
function teamOfUsers(users: readonly SeedUser[], teams: readonly SeedTeam[]): Map<number, number | null> {
  const byUsername = new Map<string, number>();
  for (const team of teams) {
    for (const username of team.members) {
      if (byUsername.has(username)) throw new Error(`${username} is in two teams`);
      byUsername.set(username, team.id);
    }
  }
  for (const username of [...byUsername.keys(), ...teams.flatMap((team) => team.managers)]) {
    if (!users.some((user) => user.member.username === username)) throw new Error(`No seeded user ${username}`);
  }
  for (const user of users) {
    if (user.officer && !byUsername.has(user.member.username))
      throw new Error(`Officer ${user.member.username} is in no team`);
  }
  return new Map(users.map((user) => [user.id, byUsername.get(user.member.username) ?? null]));
}

// ---------------------------------------------------------------------------------------------
// Dealers
// ---------------------------------------------------------------------------------------------

interface SeedDealer {
  id: number;
  town: Town;
  createdById: number;
  created: Slot;
  businessName: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  phone: string | null;
  email: string | null;
  street: string;
  postalCode: string | null;
  notes: string | null;
  aboutDescription: string | null;
  lat: number;
  lng: number;
}

function dealerAddress(dealer: SeedDealer): string {
  return `${dealer.street}, ${dealer.town.name}, ${dealer.town.province}, Pakistan`;
}

function uniqueBusinessName(rng: Random, province: Province, taken: Set<string>): { name: string; prefix: string } {
  for (;;) {
    const prefix = rng.pick(NAME_PREFIXES_BY_PROVINCE[province]);
    const name = `${prefix} ${rng.pick(NAME_SUFFIXES)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return { name, prefix };
    }
  }
}

function buildDealer(rng: Random, town: Town, createdById: number, created: Slot, taken: Set<string>): SeedDealer {
  const { name, prefix } = uniqueBusinessName(rng, town.province, taken);
  const owner = rng.chance(0.92) ? personName(rng, town.province) : null;
  const spot = near(rng, town.lat, town.lng, 0.02);
  const crop = rng.pick(CROPS_BY_PROVINCE[town.province]);
  const about = fill(rng.pick(DEALER_ABOUT), {
    town: town.name,
    years: String(rng.int(4, 35)),
    growers: String(rng.int(15, 60) * 10),
    crop,
  });
  const note = fill(rng.pick(DEALER_NOTES), { owner: owner?.first ?? "the owner" });
  return {
    id: 0,
    town,
    createdById,
    created,
    businessName: name,
    ownerFirstName: owner?.first ?? null,
    ownerLastName: owner?.last ?? null,
    phone: rng.chance(0.93) ? mobileNumber(rng) : null,
    email: rng.chance(0.4) ? `${slug(prefix)}.${slug(town.name)}@${rng.pick(EMAIL_DOMAINS)}` : null,
    street: `Shop ${rng.int(1, 140)}, ${rng.pick([...town.markets, ...town.markets, ...GENERIC_MARKETS])}`,
    postalCode: town.postalCode ?? null,
    notes: rng.chance(0.45) ? note : null,
    aboutDescription: rng.chance(0.35) ? about : null,
    lat: spot.lat,
    lng: spot.lng,
  };
}

/** Each officer's dealers; some were registered in the last 30 days, the rest before. */
function buildDealers(users: readonly SeedUser[]): SeedDealer[] {
  const rng = Random.stream("dealers");
  const taken = new Set<string>();
  const dealers: SeedDealer[] = [];
  for (const user of users) {
    const officer = user.officer;
    if (!officer) continue;
    const towns = officer.dealerTowns.flatMap(([name, count]) => Array.from({ length: count }, () => townByName(name)));
    const recent = new Set(
      rng.sample(
        towns.map((_, index) => index),
        officer.recentDealers,
      ),
    );
    towns.forEach((town, index) => {
      const daysAgo = recent.has(index) ? rng.int(0, ACTIVITY_DAYS - 1) : rng.int(ACTIVITY_DAYS + 1, 59);
      const created = { daysAgo, minute: rng.int(9 * 60, 18 * 60) };
      dealers.push(buildDealer(rng, town, user.id, created, taken));
    });
  }
  // Ids in the order the dealers were registered, as autoincrement would have given them.
  dealers.sort((a, b) => compareSlots(a.created, b.created));
  dealers.forEach((dealer, index) => (dealer.id = index + 1));
  return dealers;
}

// ---------------------------------------------------------------------------------------------
// Villages around each town (where field visits, farmer meetings and demo plots happen)
// ---------------------------------------------------------------------------------------------

interface Village {
  name: string;
  lat: number;
  lng: number;
}

function buildVillages(): Map<string, Village[]> {
  const rng = Random.stream("villages");
  const villages = new Map<string, Village[]>();
  for (const town of TOWNS) {
    const names = new Set<string>();
    while (names.size < 3) {
      const pattern = rng.pick(VILLAGE_PATTERNS[town.province]);
      names.add(fill(pattern, { n: String(rng.int(12, 480)), name: rng.pick(VILLAGE_NAMES) }));
    }
    villages.set(
      town.name,
      [...names].map((name) => ({ name, ...near(rng, town.lat, town.lng, 0.07) })),
    );
  }
  return villages;
}

// ---------------------------------------------------------------------------------------------
// Posts and check-ins
// ---------------------------------------------------------------------------------------------

interface SeedPost {
  id: number;
  userId: number;
  type: PostType;
  text: string;
  at: Slot;
  place: Place | null;
  dealerId: number | null;
  saleProduct: SaleProduct | null;
  saleQty: number | null;
  salePriceCents: number | null;
  recoveryAmountCents: number | null;
}

interface SeedCheckIn {
  userId: number;
  type: string;
  place: Place;
  postId: number | null;
  at: Slot;
}

const POST_TYPE_WEIGHTS: readonly (readonly [PostType, number])[] = [
  ["SALE", 24],
  ["FIELD_VISIT", 20],
  ["FARMER_MEETING", 13],
  ["DEALER_MEETING", 17],
  ["RECOVERY", 14],
  ["DEMO_PLOT", 10],
  ["ANNOUNCEMENT", 1],
];

const POSTS_PER_DAY: readonly (readonly [number, number])[] = [
  [1, 0.6],
  [2, 0.27],
  [3, 0.09],
  [4, 0.04],
];

/** Price per bag in rupees (min, max), moving in steps of 50. */
const PRICE_RANGES: Record<SaleProduct, readonly [number, number]> = {
  SSP: [3200, 4500],
  ORGANIC: [1400, 2200],
  SULFUR: [2600, 3600],
};

const PRODUCT_WEIGHTS: Record<SaleProduct, number> = { SSP: 0.6, ORGANIC: 0.25, SULFUR: 0.15 };

const PRODUCT_WORDS: Record<SaleProduct, string> = { SSP: "SSP", ORGANIC: "organic fertilizer", SULFUR: "sulfur" };

interface PostContext {
  rng: Random;
  user: SeedUser;
  town: Town;
  at: Slot;
  dealers: readonly SeedDealer[];
  villages: ReadonlyMap<string, Village[]>;
}

/** A dealer of the town (else of the day's towns) registered before this moment. */
function dealerFor(context: PostContext, dayTowns: readonly Town[]): SeedDealer | null {
  const { rng, at, dealers, user } = context;
  const open = dealers.filter((dealer) => dealer.createdById === user.id && compareSlots(dealer.created, at) < 0);
  const inTown = open.filter((dealer) => dealer.town === context.town);
  if (inTown.length > 0) return rng.pick(inTown);
  const inDay = open.filter((dealer) => dayTowns.includes(dealer.town));
  return inDay.length > 0 ? rng.pick(inDay) : null;
}

function villageNear(context: PostContext, town: Town): Village {
  const list = context.villages.get(town.name);
  if (!list) throw new Error(`No villages for ${town.name}`);
  return context.rng.pick(list);
}

function saleQuantity(rng: Random, scale: number): number {
  const raw = (10 + 390 * rng.next() ** 2.2) * scale;
  return Math.min(400, Math.max(10, Math.round(raw / 5) * 5));
}

interface SaleFields {
  product: SaleProduct;
  qty: number;
  priceCents: number;
}

function saleFields(rng: Random, officer: OfficerProfile): SaleFields {
  const product = rng.weighted(SALE_PRODUCTS.map((name) => [name, PRODUCT_WEIGHTS[name]] as const));
  const [low, high] = PRICE_RANGES[product];
  return {
    product,
    qty: saleQuantity(rng, officer.salesScale),
    priceCents: rng.int(low / 50, high / 50) * 50 * 100,
  };
}

/** Where a post was written: the dealer's shop, the town's market, or a village. */
function postPlace(rng: Random, type: PostType, town: Town, village: Village, shop: SeedDealer | null): Place {
  if (shop) return { ...near(rng, shop.lat, shop.lng, 0.0005), address: dealerAddress(shop) };
  if (type === "ANNOUNCEMENT") {
    const market = rng.pick(town.markets);
    return { ...near(rng, town.lat, town.lng, 0.004), address: `${market}, ${town.name}, ${town.province}, Pakistan` };
  }
  return {
    ...near(rng, village.lat, village.lng, 0.004),
    address: `${village.name}, ${town.name}, ${town.province}, Pakistan`,
  };
}

/** "wheat looks healthy. sugarcane is…" → "Wheat looks healthy. Sugarcane is…" */
function capitalizeSentences(text: string): string {
  return text.replace(/(^|[.!?]\s+)([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

const DIRECT_SALE_TEXT = "Direct sale of {qty} bags of {product} to progressive farmer {farmer} of {village}.";

/** One officer post: the type decides its place (a dealer's shop or a village) and fields. */
function buildOfficerPost(context: PostContext, wantedType: PostType, dayTowns: readonly Town[]): SeedPost {
  const { rng, user } = context;
  const officer = user.officer;
  if (!officer) throw new Error("Officer posts need an officer");
  const needsDealer = DEALER_REQUIRED_TYPES.has(wantedType);
  const wantsDealer = needsDealer || (wantedType === "SALE" && rng.chance(0.88)) || rng.chance(0.2);
  const dealer = wantsDealer ? dealerFor(context, dayTowns) : null;
  // Without a registered dealer nearby yet, a dealer visit becomes a field visit.
  const type: PostType = needsDealer && !dealer ? "FIELD_VISIT" : wantedType;
  // Post types that take a dealer are written at the dealer's shop.
  const shop = dealer && DEALER_TYPES.has(type) ? dealer : null;
  const town = shop?.town ?? context.town;
  const village = villageNear(context, town);
  const farmer = personName(rng, town.province);
  const values: Record<string, string> = {
    town: town.name,
    village: village.name,
    farmer: `${farmer.first} ${farmer.last}`,
    crop: rng.pick(CROPS_BY_PROVINCE[town.province]),
    n: String(rng.int(8, 45)),
  };
  if (dealer) values.dealer = dealer.businessName;
  if (dealer?.ownerFirstName) values.owner = dealer.ownerFirstName;
  const sale = type === "SALE" ? saleFields(rng, officer) : null;
  if (sale) {
    values.qty = String(sale.qty);
    values.product = PRODUCT_WORDS[sale.product];
  }
  const text = capitalizeSentences(
    sale && !dealer ? fill(DIRECT_SALE_TEXT, values) : pickTemplate(rng, POST_TEXTS[type], values),
  );
  return {
    id: 0,
    userId: user.id,
    type,
    text,
    at: context.at,
    place: postPlace(rng, type, town, village, shop),
    // Posts at a dealer's shop, or naming the dealer, are linked to the dealer.
    dealerId: dealer && (shop || text.includes(dealer.businessName)) ? dealer.id : null,
    saleProduct: sale?.product ?? null,
    saleQty: sale?.qty ?? null,
    salePriceCents: sale?.priceCents ?? null,
    recoveryAmountCents: null,
  };
}

/** Minutes of a working day for `count` posts: 08:00–18:20, at least 15 minutes apart. */
function postMinutes(rng: Random, count: number): number[] {
  const minutes = Array.from({ length: count }, () => rng.int(8 * 60, 18 * 60 + 20)).sort((a, b) => a - b);
  for (let i = 1; i < minutes.length; i++) {
    minutes[i] = Math.max(minutes[i] ?? 0, (minutes[i - 1] ?? 0) + 15);
  }
  return minutes;
}

/** Where the officer starts the day: home, or the rest house in the day's first town. */
function dayStartPlace(rng: Random, user: SeedUser, firstTown: Town): Place {
  if (user.home && firstTown === user.homeTown) return user.home;
  return {
    ...near(rng, firstTown.lat, firstTown.lng, 0.01),
    address: `${firstTown.name}, ${firstTown.province}, Pakistan`,
  };
}

/** A month of one officer's work: a cluster of towns a day, 1–4 posts on most days. */
function buildOfficerMonth(
  user: SeedUser,
  dealers: readonly SeedDealer[],
  villages: ReadonlyMap<string, Village[]>,
): { posts: SeedPost[]; checkIns: SeedCheckIn[] } {
  const officer = user.officer;
  if (!officer) return { posts: [], checkIns: [] };
  const rng = Random.stream(`month:${officer.username}`);
  const clusterWeights = officer.clusters.map((_, index) => [index, index === 0 ? 3 : 1] as const);
  const posts: SeedPost[] = [];
  const checkIns: SeedCheckIn[] = [];
  let cluster = 0;

  for (let daysAgo = ACTIVITY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    if (rng.chance(0.45)) cluster = rng.weighted(clusterWeights);
    const active = rng.chance(daysAgo === 0 ? 0.95 : officer.activity);
    const count = rng.weighted(POSTS_PER_DAY);
    if (!active) continue;
    const dayTowns = (officer.clusters[cluster] ?? []).map(townByName);
    const firstTown = dayTowns[0];
    if (!firstTown) continue;
    const minutes = postMinutes(rng, count);

    if (rng.chance(0.87)) {
      const firstMinute = minutes[0] ?? 8 * 60;
      const minute = rng.int(7 * 60 + 15, Math.min(firstMinute - 10, 8 * 60 + 20));
      checkIns.push({
        userId: user.id,
        type: "DAY_START",
        place: dayStartPlace(rng, user, firstTown),
        postId: null,
        at: { daysAgo, minute },
      });
    }
    minutes.forEach((minute, index) => {
      const town = dayTowns[Math.floor((index * dayTowns.length) / minutes.length)] ?? firstTown;
      const context: PostContext = { rng, user, town, at: { daysAgo, minute }, dealers, villages };
      posts.push(buildOfficerPost(context, rng.weighted(POST_TYPE_WEIGHTS), dayTowns));
    });
  }
  assignRecoveries(rng, officer, posts);
  return { posts, checkIns };
}

/** Spreads the officer's month of recovery (a share of their sales) over their RECOVERY posts. */
function assignRecoveries(rng: Random, officer: OfficerProfile, posts: SeedPost[]): void {
  const salesCents = posts.reduce((sum, post) => sum + (post.salePriceCents ?? 0) * (post.saleQty ?? 0), 0);
  const recoveries = posts.filter((post) => post.type === "RECOVERY");
  const weights = recoveries.map(() => rng.float(0.4, 1.6));
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const target = salesCents * officer.recoveryRatio;
  recoveries.forEach((post, index) => {
    const share = (target * (weights[index] ?? 1)) / totalWeight;
    // Whole Rs 500 amounts, at least Rs 20,000.
    post.recoveryAmountCents = Math.max(2_000_000, Math.round(share / 50_000) * 50_000);
  });
}

/** The manager's and admin's announcements, from the head office (no location). */
function buildOfficeAnnouncements(users: readonly SeedUser[]): SeedPost[] {
  const rng = Random.stream("announcements");
  const office = users.filter((user) => user.member.role !== "OFFICER");
  const days = [29, 26, 22, 19, 15, 12, 8, 5, 2];
  return OFFICE_ANNOUNCEMENTS.map((text, index) => {
    const author = index % 3 === 2 ? office[0] : office[1];
    return {
      id: 0,
      userId: author?.id ?? 1,
      type: "ANNOUNCEMENT",
      text,
      at: { daysAgo: days[index] ?? 1, minute: rng.int(9 * 60, 11 * 60) },
      place: null,
      dealerId: null,
      saleProduct: null,
      saleQty: null,
      salePriceCents: null,
      recoveryAmountCents: null,
    };
  });
}

function buildActivity(
  users: readonly SeedUser[],
  dealers: readonly SeedDealer[],
): { posts: SeedPost[]; checkIns: SeedCheckIn[] } {
  const villages = buildVillages();
  const months = users.map((user) => buildOfficerMonth(user, dealers, villages));
  const posts = [...months.flatMap((month) => month.posts), ...buildOfficeAnnouncements(users)];
  posts.sort((a, b) => compareSlots(a.at, b.at) || a.userId - b.userId);
  posts.forEach((post, index) => (post.id = index + 1));

  // Every post with coordinates records a check-in at the post's time, as the app does.
  const postCheckIns = posts.flatMap((post): SeedCheckIn[] =>
    post.place ? [{ userId: post.userId, type: post.type, place: post.place, postId: post.id, at: post.at }] : [],
  );
  const checkIns = [...months.flatMap((month) => month.checkIns), ...postCheckIns];
  checkIns.sort((a, b) => compareSlots(a.at, b.at) || a.userId - b.userId);
  return { posts, checkIns };
}

// ---------------------------------------------------------------------------------------------
// Likes and comments
// ---------------------------------------------------------------------------------------------

interface SeedReaction {
  postId: number;
  userId: number;
  createdAtMs: number;
}

interface SeedComment {
  postId: number;
  userId: number;
  text: string;
  isDeleted: boolean;
  createdAtMs: number;
}

const LIKES_PER_POST: readonly (readonly [number, number])[] = [
  [0, 0.14],
  [1, 0.2],
  [2, 0.22],
  [3, 0.18],
  [4, 0.12],
  [5, 0.08],
  [6, 0.06],
];

function buildEngagement(
  clock: Clock,
  users: readonly SeedUser[],
  posts: readonly SeedPost[],
): { reactions: SeedReaction[]; comments: SeedComment[] } {
  const rng = Random.stream("engagement");
  const reactions: SeedReaction[] = [];
  const comments: SeedComment[] = [];
  for (const post of posts) {
    const postMs = clock.ms(post.at);
    const others = users.filter((user) => user.id !== post.userId).map((user) => user.id);
    const isAnnouncement = post.type === "ANNOUNCEMENT";
    const likeCount = isAnnouncement ? rng.int(4, 8) : rng.weighted(LIKES_PER_POST);
    for (const userId of rng.sample(others, likeCount)) {
      reactions.push({
        postId: post.id,
        userId,
        createdAtMs: clock.after(postMs, 2 * MINUTE_MS, 9 * HOUR_MS, rng.next()),
      });
    }

    if (!rng.chance(isAnnouncement ? 0.6 : 0.36)) continue;
    const count = rng.weighted([
      [1, 0.55],
      [2, 0.3],
      [3, 0.15],
    ] as const);
    const delays = Array.from({ length: count }, () => rng.next()).sort((a, b) => a - b);
    delays.forEach((fraction, index) => {
      const authorReplies = index > 0 && rng.chance(0.35);
      const userId = authorReplies ? post.userId : rng.pick(others);
      const pool = authorReplies ? AUTHOR_REPLIES : rng.chance(0.6) ? COMMENTS_BY_TYPE[post.type] : GENERIC_COMMENTS;
      comments.push({
        postId: post.id,
        userId,
        text: rng.pick(pool),
        isDeleted: rng.chance(0.04),
        createdAtMs: clock.after(postMs, 5 * MINUTE_MS, 11 * HOUR_MS, fraction),
      });
    });
  }
  reactions.sort((a, b) => a.createdAtMs - b.createdAtMs || a.postId - b.postId);
  comments.sort((a, b) => a.createdAtMs - b.createdAtMs || a.postId - b.postId);
  return { reactions, comments };
}

// ---------------------------------------------------------------------------------------------
// Performance history (the score's rules of app/lib/performance.ts) and the notifications it produced
// ---------------------------------------------------------------------------------------------

interface SeedNotification {
  userId: number;
  type: string;
  badgeType: string | null;
  title: string;
  message: string;
  messageValues: string | null;
  isRead: boolean;
  previousRank: number | null;
  newRank: number | null;
  createdAtMs: number;
}

/** The officers' scores, ranks and badges as a calculation at `atMs` finds them. */
function calculateStandings(
  atMs: number,
  clock: Clock,
  officers: readonly SeedUser[],
  dealers: readonly SeedDealer[],
  posts: readonly SeedPost[],
): Standing[] {
  // The aggregates the app's SQL computes; the rules themselves are the app's (app/lib/performance.ts).
  const inWindow = (ms: number) => ms > atMs - WINDOW_MS && ms <= atMs;
  return computeStandings(
    officers.map((officer): OfficerActivity => {
      const own = posts.filter((post) => post.userId === officer.id && inWindow(clock.ms(post.at)));
      return {
        userId: officer.id,
        createdAtMs: officer.createdAtMs,
        dealers: dealers.filter((dealer) => dealer.createdById === officer.id && inWindow(clock.ms(dealer.created)))
          .length,
        salesCents: own.reduce((sum, post) => sum + (post.salePriceCents ?? 0) * (post.saleQty ?? 0), 0),
        recoveryCents: own.reduce((sum, post) => sum + (post.recoveryAmountCents ?? 0), 0),
        posts: own.length,
        postedDays: new Set(own.map((post) => post.at.daysAgo)).size,
      };
    }),
  );
}

/** The notifications one calculation creates (the app's rules): gained badges and changed ranks only. */
function calculationNotifications(
  rng: Random,
  atMs: number,
  isLatest: boolean,
  previous: ReadonlyMap<number, Standing>,
  standings: readonly Standing[],
): SeedNotification[] {
  return performanceNotifications(previous, standings).map((notification, index) => ({
    ...performanceNotificationRow(notification),
    isRead: rng.chance(isLatest ? 0.15 : 0.9),
    createdAtMs: atMs + 1000 + index * 250,
  }));
}

/** Replays the weekly calculations of the month; the last one ran this morning. */
function buildPerformanceHistory(
  clock: Clock,
  users: readonly SeedUser[],
  dealers: readonly SeedDealer[],
  posts: readonly SeedPost[],
): { latest: Standing[]; latestAtMs: number; notifications: SeedNotification[] } {
  const rng = Random.stream("notifications");
  const officers = users.filter((user) => user.officer);
  let previous = new Map<number, Standing>();
  let latest: Standing[] = [];
  let latestAtMs = 0;
  const notifications: SeedNotification[] = [];
  for (const daysAgo of CALCULATION_DAYS) {
    const atMs = clock.ms({ daysAgo, minute: CALCULATION_MINUTE });
    const standings = calculateStandings(atMs, clock, officers, dealers, posts);
    notifications.push(...calculationNotifications(rng, atMs, daysAgo === 0, previous, standings));
    previous = new Map(standings.map((standing) => [standing.userId, standing]));
    latest = standings;
    latestAtMs = atMs;
  }
  notifications.push(...officeNotifications(users, latest, latestAtMs));
  return { latest, latestAtMs, notifications };
}

/** A couple of generic (SYSTEM) notifications for the manager and the admin. */
function officeNotifications(
  users: readonly SeedUser[],
  latest: readonly Standing[],
  atMs: number,
): SeedNotification[] {
  const notes = officeNotes(latest.filter((standing) => standing.rank !== null).length);
  return users
    .filter((user) => user.member.role !== "OFFICER")
    .flatMap((user): SeedNotification[] => [
      {
        userId: user.id,
        type: "SYSTEM",
        badgeType: null,
        ...storedWords(notes.welcome),
        isRead: true,
        previousRank: null,
        newRank: null,
        createdAtMs: user.createdAtMs + 5 * MINUTE_MS,
      },
      {
        userId: user.id,
        type: "SYSTEM",
        badgeType: null,
        ...storedWords(notes.recalculated),
        isRead: false,
        previousRank: null,
        newRank: null,
        createdAtMs: atMs + 30_000,
      },
    ]);
}

// ---------------------------------------------------------------------------------------------
// Rows for Prisma
// ---------------------------------------------------------------------------------------------

function userRows(
  users: readonly SeedUser[],
  teamOf: ReadonlyMap<number, number | null>,
  passwordHash: string,
  latest: readonly Standing[],
  latestAtMs: number,
): Prisma.UserCreateManyInput[] {
  const standings = new Map(latest.map((standing) => [standing.userId, standing]));
  return users.map((user) => {
    const standing = standings.get(user.id);
    return {
      id: user.id,
      teamId: teamOf.get(user.id) ?? null,
      username: user.member.username.toLowerCase(),
      email: `${user.member.username}@fieldline.pk`.toLowerCase(),
      passwordHash,
      firstName: user.member.firstName,
      lastName: user.member.lastName,
      phone: user.member.phone,
      role: user.member.role,
      selectedAvatar: user.avatar,
      currentBadge: standing?.badge ?? null,
      homeLat: user.home?.lat ?? null,
      homeLng: user.home?.lng ?? null,
      homeAddress: user.home?.address ?? null,
      warehouseLat: user.warehouse?.lat ?? null,
      warehouseLng: user.warehouse?.lng ?? null,
      warehouseAddress: user.warehouse?.address ?? null,
      currentPerformanceScore: standing?.score ?? null,
      performanceRank: standing?.rank ?? null,
      lastPerformanceCalculation: standing ? new Date(latestAtMs) : null,
      performanceDealersPart: standing ? round4(standing.parts.dealers) : null,
      performanceRecoveryPart: standing ? round4(standing.parts.recovery) : null,
      performanceGapPart: standing ? round4(standing.parts.gap) : null,
      performanceActivityPart: standing ? round4(standing.parts.activity) : null,
      createdAt: new Date(user.createdAtMs),
      updatedAt: new Date(standing ? latestAtMs : user.createdAtMs),
    };
  });
}

function dealerRows(
  clock: Clock,
  dealers: readonly SeedDealer[],
  teams: readonly SeedTeam[],
  accounts: DemoAccounts,
): Prisma.DealerCreateManyInput[] {
  return dealers.map((dealer) => {
    const createdAt = new Date(clock.ms(dealer.created));
    return {
      id: dealer.id,
      businessName: dealer.businessName,
      ownerFirstName: dealer.ownerFirstName,
      ownerLastName: dealer.ownerLastName,
      phone: dealer.phone,
      email: dealer.email,
      street: dealer.street,
      city: dealer.town.name,
      state: dealer.town.province,
      postalCode: dealer.postalCode,
      notes: dealer.notes,
      aboutDescription: dealer.aboutDescription,
      lat: dealer.lat,
      lng: dealer.lng,
      formattedAddress: dealerAddress(dealer),
      teamId: territoryTeam(teams, dealer.town.name, dealer.town.province),
      createdById: dealer.createdById,
      ...accounts.creditTerms.get(dealer.id),
      createdAt,
      updatedAt: createdAt,
    };
  });
}

function postRows(clock: Clock, posts: readonly SeedPost[]): Prisma.PostCreateManyInput[] {
  const cents = (value: number | null) => (value === null ? null : BigInt(value));
  return posts.map((post) => ({
    id: post.id,
    userId: post.userId,
    type: post.type,
    text: post.text,
    lat: post.place?.lat ?? null,
    lng: post.place?.lng ?? null,
    address: post.place?.address ?? null,
    saleProduct: post.saleProduct,
    saleQty: post.saleQty,
    salePriceCents: cents(post.salePriceCents),
    saleTotalCents:
      post.salePriceCents !== null && post.saleQty !== null ? BigInt(post.salePriceCents) * BigInt(post.saleQty) : null,
    recoveryAmountCents: cents(post.recoveryAmountCents),
    dealerId: post.dealerId,
    createdAt: new Date(clock.ms(post.at)),
  }));
}

/** How each seeded place was had (decision 31): mostly the phone's GPS, within 4–45 m, and one in seven typed by hand. */
function checkInRows(clock: Clock, checkIns: readonly SeedCheckIn[]): Prisma.CheckInCreateManyInput[] {
  const rng = Random.stream("check-in sources");
  return checkIns.map((checkIn) => {
    const createdAt = new Date(clock.ms(checkIn.at));
    const typed = rng.chance(1 / 7);
    return {
      userId: checkIn.userId,
      type: checkIn.type,
      lat: checkIn.place.lat,
      lng: checkIn.place.lng,
      address: checkIn.place.address,
      source: typed ? "TYPED" : "GPS",
      accuracyM: typed ? null : rng.int(4, 45),
      fixAt: typed ? null : new Date(createdAt.getTime() - rng.int(2, 40) * 1000),
      postId: checkIn.postId,
      createdAt,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

function teamRows(teams: readonly SeedTeam[]): Prisma.TeamCreateManyInput[] {
  return teams.map((team) => ({
    id: team.id,
    name: team.name,
    provinces: JSON.stringify(team.provinces),
    districts: JSON.stringify(team.districts),
  }));
}

/** Each officer with who sets their targets: the manager who leads their team (else the admin). */
function targetSetters(
  users: readonly SeedUser[],
  teams: readonly SeedTeam[],
  teamOf: ReadonlyMap<number, number | null>,
): { id: number; setById: number }[] {
  const idOf = (username: string | undefined) => users.find((user) => user.member.username === username)?.id;
  const admin = users.find((user) => user.member.role === "ADMIN")?.id ?? 1;
  return users
    .filter((user) => user.officer)
    .map((user) => {
      const team = teams.find((candidate) => candidate.id === teamOf.get(user.id));
      return { id: user.id, setById: idOf(team?.managers[0]) ?? admin };
    });
}

function teamManagerRows(teams: readonly SeedTeam[], users: readonly SeedUser[]): Prisma.TeamManagerCreateManyInput[] {
  const idOf = (username: string) => users.find((user) => user.member.username === username)?.id ?? 0;
  return teams.flatMap((team) => team.managers.map((username) => ({ teamId: team.id, userId: idOf(username) })));
}

export interface SeedCounts {
  teams: number;
  users: number;
  dealers: number;
  provinces: number;
  posts: number;
  checkIns: number;
  reactions: number;
  comments: number;
  notifications: number;
  targets: number;
  farmers: number;
  plots: number;
}

/** Empties every table (children first) and resets the id counters. */
function clearTables() {
  return [
    prisma.$executeRawUnsafe(LEDGER_WIPE.lift),
    prisma.ledgerEntry.deleteMany(),
    prisma.$executeRawUnsafe(LEDGER_WIPE.restore()),
    prisma.targetNotice.deleteMany(),
    prisma.target.deleteMany(),
    prisma.postMedia.deleteMany(),
    prisma.plotVisit.deleteMany(),
    prisma.demoPlot.deleteMany(),
    prisma.meetingAttendee.deleteMany(),
    prisma.reaction.deleteMany(),
    prisma.comment.deleteMany(),
    prisma.checkIn.deleteMany(),
    prisma.notification.deleteMany(),
    prisma.post.deleteMany(),
    prisma.farmer.deleteMany(),
    prisma.dealerImage.deleteMany(),
    prisma.dealer.deleteMany(),
    prisma.dealerImport.deleteMany(),
    prisma.upload.deleteMany(),
    prisma.passwordResetToken.deleteMany(),
    prisma.session.deleteMany(),
    prisma.outboxEmail.deleteMany(),
    prisma.geocodeCache.deleteMany(),
    prisma.invite.deleteMany(),
    prisma.teamManager.deleteMany(),
    prisma.user.deleteMany(),
    prisma.team.deleteMany(),
    prisma.$executeRawUnsafe("DELETE FROM sqlite_sequence"),
  ];
}

/**
 * Replaces the database's contents with the demo teams' month. `now` is for tests; `teams` is
 * "three" (the regional teams, the default) or "one" (SEED_TEAMS=one).
 */
export async function seedDemoData(options: { now?: Date; teams?: TeamsMode } = {}): Promise<SeedCounts> {
  const clock = new Clock(options.now ?? new Date());
  const users = buildUsers(clock, options.teams ?? "three");
  const teams = buildTeams(options.teams ?? "three", users);
  const teamOf = teamOfUsers(users, teams);
  const dealers = buildDealers(users);
  const { posts, checkIns } = buildActivity(users, dealers);
  const { reactions, comments } = buildEngagement(clock, users, posts);
  const { latest, latestAtMs, notifications } = buildPerformanceHistory(clock, users, dealers, posts);
  notifications.sort((a, b) => a.createdAtMs - b.createdAtMs || a.userId - b.userId);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const postData = postRows(clock, posts);
  const accounts = buildDemoAccounts({
    nowMs: clock.now,
    adminId: users.find((user) => user.member.role === "ADMIN")?.id ?? 1,
    dealers: dealers.map((dealer) => ({ id: dealer.id, createdMs: clock.ms(dealer.created) })),
    posts: postData,
  });

  // The test servers' one team gets no farmers: their meetings and plots would move what tests count.
  const farmers = (options.teams ?? "three") === "three" ? demoFarmers(clock, users, dealers, teamOf, postData) : null;

  await applyPragmas();
  await prisma.$transaction([
    ...clearTables(),
    prisma.team.createMany({ data: teamRows(teams) }),
    prisma.user.createMany({ data: userRows(users, teamOf, passwordHash, latest, latestAtMs) }),
    prisma.teamManager.createMany({ data: teamManagerRows(teams, users) }),
    prisma.dealer.createMany({ data: dealerRows(clock, dealers, teams, accounts) }),
    // The Post triggers write each sale's and recovery's ledger entries (decision 80).
    prisma.post.createMany({
      data: [...postData, ...(farmers?.posts ?? [])].map((post) => ({
        ...post,
        headCount: farmers?.headCounts.get(post.id!) ?? null,
      })),
    }),
    prisma.ledgerEntry.createMany({ data: accounts.openingEntries }),
    prisma.checkIn.createMany({ data: [...checkInRows(clock, checkIns), ...(farmers?.checkIns ?? [])] }),
    prisma.farmer.createMany({ data: farmers?.farmers ?? [] }),
    prisma.meetingAttendee.createMany({ data: farmers?.attendees ?? [] }),
    prisma.demoPlot.createMany({ data: farmers?.plots ?? [] }),
    prisma.plotVisit.createMany({ data: farmers?.visits ?? [] }),
    prisma.reaction.createMany({
      data: reactions.map(({ createdAtMs, ...reaction }) => ({
        ...reaction,
        type: "LIKE",
        createdAt: new Date(createdAtMs),
      })),
    }),
    prisma.comment.createMany({
      data: comments.map(({ createdAtMs, ...comment }) => ({ ...comment, createdAt: new Date(createdAtMs) })),
    }),
    prisma.notification.createMany({
      data: notifications.map(({ createdAtMs, ...notification }) => ({
        ...notification,
        createdAt: new Date(createdAtMs),
      })),
    }),
  ]);
  // Targets are read from the posts just written. The test servers' one team gets none: they would
  // notify its officers at the server's start (the pace sweep) and change the homes tests read.
  const targets =
    (options.teams ?? "three") === "three"
      ? buildDemoTargets({ now: new Date(clock.now), officers: targetSetters(users, teams, teamOf) })
      : [];
  await prisma.target.createMany({ data: targets });
  // Both languages one sign-in away (decision 101): the demo's officer of Sindh reads Urdu.
  if ((options.teams ?? "three") === "three")
    await prisma.user.update({ where: { username: URDU_READER }, data: { language: "ur" }, select: { id: true } });

  return {
    teams: teams.length,
    users: users.length,
    dealers: dealers.length,
    provinces: new Set(dealers.map((dealer) => dealer.town.province)).size,
    posts: posts.length,
    checkIns: checkIns.length,
    reactions: reactions.length,
    comments: comments.length,
    notifications: notifications.length,
    targets: targets.length,
    farmers: farmers?.farmers.length ?? 0,
    plots: farmers?.plots.length ?? 0,
  };
}

/** The officers' farmers, meetings and plots around the month's posts (prisma/seed-farmers.ts). */
function demoFarmers(
  clock: Clock,
  users: readonly SeedUser[],
  dealers: readonly SeedDealer[],
  teamOf: ReadonlyMap<number, number | null>,
  posts: readonly Prisma.PostCreateManyInput[],
): DemoFarmers {
  return buildDemoFarmers({
    now: new Date(clock.now),
    officers: users.flatMap((user) =>
      user.officer
        ? [
            {
              id: user.id,
              teamId: teamOf.get(user.id) ?? null,
              towns: user.officer.clusters.flat(),
              dealerIds: dealers.filter((dealer) => dealer.createdById === user.id).map((dealer) => dealer.id),
            },
          ]
        : [],
    ),
    posts,
    nextPostId: Math.max(0, ...posts.map((post) => post.id ?? 0)) + 1,
  });
}

/** SEED_NOW (an ISO instant) seeds as of that moment: the e2e server records the day it seeded. */
function seedNow(): Date | undefined {
  const value = process.env.SEED_NOW;
  if (!value) return undefined;
  const now = new Date(value);
  if (Number.isNaN(now.getTime())) throw new Error(`SEED_NOW must be an ISO date and time, not "${value}"`);
  return now;
}

/** SEED_TEAMS: "one" (one team of everyone, for the tests), else the three regional teams. */
function seedTeams(): TeamsMode {
  const value = process.env.SEED_TEAMS;
  if (value === undefined || value === "" || value === "three") return "three";
  if (value === "one") return "one";
  throw new Error(`SEED_TEAMS must be "one" or "three", not "${value}"`);
}

async function main(): Promise<void> {
  try {
    const counts = await seedDemoData({ now: seedNow(), teams: seedTeams() });
    console.log(
      `Seeded ${counts.teams} ${counts.teams === 1 ? "team" : "teams"}, ${counts.users} users, ${counts.dealers} dealers in ${counts.provinces} of ${PROVINCES.length} provinces, ` +
        `${counts.posts} posts, ${counts.checkIns} check-ins, ${counts.reactions} likes, ${counts.comments} comments, ` +
        `${counts.notifications} notifications, ${counts.targets} targets, ${counts.farmers} farmers, ${counts.plots} demo plots (password "${DEMO_PASSWORD}").`,
    );
  } catch (error) {
    console.error("Seeding failed:", error);
    process.exitCode = 1;
  } finally {
    await prisma.$disconnect();
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  await main();
}
