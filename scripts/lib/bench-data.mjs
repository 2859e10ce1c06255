// The benchmark's scale data set, written with raw better-sqlite3 in one transaction (the
// Prisma client would take minutes for a million rows): officers in teams with their managers
// and territories, dealers across the seven provinces (each in the team whose territory holds
// it), posts over the last 60 days with a check-in each, photos on some, likes and comments.
// The same seed writes the same rows on every run. insertOfficers and insertDealers are also
// the map benchmark's (scripts/bench-map.mjs).
import Database from "better-sqlite3";
import { seededRandom } from "./bench.mjs";

const DAY_MS = 86_400_000;
const PROVINCES = [
  "Punjab",
  "Sindh",
  "Khyber Pakhtunkhwa",
  "Balochistan",
  "Gilgit-Baltistan",
  "Azad Jammu & Kashmir",
  "Islamabad Capital Territory",
];
/** Forty districts, by province: the dealers' cities, and one a team as the teams' territories. */
const DISTRICTS = {
  Punjab: ["Lahore", "Faisalabad", "Multan", "Gujranwala", "Sargodha", "Bahawalpur"],
  Sindh: ["Karachi", "Hyderabad", "Sukkur", "Larkana", "Mirpur Khas", "Nawabshah"],
  "Khyber Pakhtunkhwa": ["Peshawar", "Mardan", "Mingora", "Abbottabad", "Kohat", "Dera Ismail Khan"],
  Balochistan: ["Quetta", "Khuzdar", "Turbat", "Sibi", "Loralai", "Gwadar"],
  "Gilgit-Baltistan": ["Gilgit", "Hunza", "Skardu", "Ghizer", "Chilas"],
  "Azad Jammu & Kashmir": ["Muzaffarabad", "Mirpur", "Kotli", "Bagh", "Rawalakot", "Bhimber"],
  "Islamabad Capital Territory": ["Islamabad", "Tarnol", "Bhara Kahu", "Sihala", "Nilore"],
};
const ALL_DISTRICTS = PROVINCES.flatMap((province) => DISTRICTS[province].map((district) => [district, province]));
const POST_TYPES = ["SALE", "FIELD_VISIT", "FARMER_MEETING", "DEALER_MEETING", "RECOVERY", "DEMO_PLOT"];

/**
 * `teams` teams (at most 40), each with one district of ALL_DISTRICTS as its territory, and the
 * first team of each province that province too; `officers` officers (officer1…), spread over
 * the teams in equal blocks (none when `teams` is 0). Users already in the database join the
 * first team, and a manager among them leads it; every other team gets a manager of its own
 * (manager2…), in the team it leads. Returns the officers' ids and the teams' territories.
 */
export function insertOfficers(db, { officers, teams = 0, joinedAt }) {
  if (teams > ALL_DISTRICTS.length) throw new Error(`At most ${ALL_DISTRICTS.length} teams`);
  const territories = [];
  const insertTeam = db.prepare("INSERT INTO Team (name, provinces, districts) VALUES (?, ?, ?)");
  const provincesTaken = new Set();
  for (const [district, province] of ALL_DISTRICTS.slice(0, teams)) {
    const provinces = provincesTaken.has(province) ? [] : [province];
    provincesTaken.add(province);
    const districts = [district];
    const id = Number(insertTeam.run(district, JSON.stringify(provinces), JSON.stringify(districts)).lastInsertRowid);
    territories.push({ id, provinces, districts });
  }
  const lead = db.prepare("INSERT INTO TeamManager (teamId, userId) VALUES (?, ?)");
  const led = new Set();
  if (teams > 0) {
    const first = territories[0].id;
    db.prepare("UPDATE User SET teamId = ? WHERE teamId IS NULL AND role IN ('OFFICER', 'MANAGER')").run(first);
    for (const { id } of db.prepare("SELECT id FROM User WHERE role = 'MANAGER' AND teamId = ?").all(first)) {
      lead.run(first, id);
      led.add(first);
    }
  }
  const insertUser = db.prepare(
    "INSERT INTO User (username, email, passwordHash, firstName, lastName, role, selectedAvatar, teamId, createdAt, updatedAt) VALUES (?, ?, 'x', ?, ?, ?, 'DEFAULT_2', ?, ?, ?)",
  );
  territories.forEach(({ id }, index) => {
    if (led.has(id)) return;
    const username = `manager${index + 1}`;
    const userId = insertUser.run(
      username,
      `${username}@example.pk`,
      "Manager",
      `Number ${index + 1}`,
      "MANAGER",
      id,
      joinedAt,
      joinedAt,
    ).lastInsertRowid;
    lead.run(id, Number(userId));
  });
  const officerIds = [];
  for (let i = 1; i <= officers; i++) {
    const team = teams > 0 ? territories[Math.floor(((i - 1) * teams) / officers)].id : null;
    officerIds.push(
      Number(
        insertUser.run(
          `officer${i}`,
          `officer${i}@example.pk`,
          "Officer",
          `Number ${i}`,
          "OFFICER",
          team,
          joinedAt,
          joinedAt,
        ).lastInsertRowid,
      ),
    );
  }
  return { officerIds, territories };
}

/** The team whose districts hold the city, else whose provinces hold the province, else none (decision 42). */
function territoryTeam(territories, city, province) {
  const byDistrict = territories.find((team) => team.districts.includes(city));
  if (byDistrict) return byDistrict.id;
  return territories.find((team) => team.provinces.includes(province))?.id ?? null;
}

/**
 * `count` dealers: dealer i in the province i mod 7 and one of its districts in turn, at a random
 * spot, in the team its territory gives. `createdAt()` and `createdBy()` are asked for each dealer
 * (before and after its coordinates: the order the generator's numbers are drawn in).
 */
export function insertDealers(db, { count, rng, territories = [], createdAt, createdBy = () => null }) {
  const insertDealer = db.prepare(
    "INSERT INTO Dealer (businessName, ownerFirstName, ownerLastName, phone, email, street, city, state, lat, lng, formattedAddress, teamId, createdById, createdAt, updatedAt) VALUES (?, 'Owner', ?, ?, ?, 'Main Bazaar', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (let i = 1; i <= count; i++) {
    const state = PROVINCES[i % PROVINCES.length];
    const districts = DISTRICTS[state];
    const city = districts[Math.floor(i / PROVINCES.length) % districts.length];
    const at = createdAt();
    const lat = 24 + rng() * 12;
    const lng = 62 + rng() * 13;
    insertDealer.run(
      `Dealer ${i} Khad Store`,
      `No ${i}`,
      `0300${String(1_000_000 + i).slice(-7)}`,
      `dealer${i}@example.pk`,
      city,
      state,
      lat,
      lng,
      `Main Bazaar, ${city}, ${state}, Pakistan`,
      territoryTeam(territories, city, state),
      createdBy(),
      at,
      at,
    );
  }
}

/**
 * The `n`th post of a team (from 0): the types in turn; photos on 3 posts of 10, one to three of
 * them (0.6 a post); a comment on 1 of 5.
 */
function postShape(n) {
  return {
    type: POST_TYPES[n % POST_TYPES.length],
    photos: [1, 4, 7].includes(n % 10) ? 1 + (Math.floor(n / 10) % 3) : 0,
    commented: n % 5 === 2,
  };
}

/**
 * Fills a migrated database, the posts over the `days` before `now` (60 by default). Officers get ids after the rows already there (the signed-in
 * bench accounts, who join the first team: see insertOfficers); every post has a check-in;
 * reactions are spread evenly over the posts (distinct officers per post, so the unique key
 * holds). With `postsOnly`, posts get no check-in, media or comment (what the performance
 * calculation reads). Returns the row counts.
 *
 * A post's type, photos and comment follow one pattern per team, in the order its officers post
 * (postShape): a team's feed and the company's then carry the same work page for page, and
 * issue 31's twins compare the filter, not the draw (drawn at random, one team's first ten pages
 * had 133 photos against the company's 115).
 */
export function fillScaleData(
  databasePath,
  { officers, posts, dealers, reactions, teams = 0, postsOnly = false, days = 60, seed = 42, now = Date.now() },
) {
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const rng = seededRandom(seed);
  const pick = (n) => Math.floor(rng() * n);
  db.transaction(() => {
    const { officerIds, territories } = insertOfficers(db, { officers, teams, joinedAt: now - 90 * DAY_MS });
    const officer = () => officerIds[pick(officerIds.length)];
    insertDealers(db, {
      count: dealers,
      rng,
      territories,
      createdAt: () => now - pick(60 * DAY_MS),
      createdBy: officer,
    });

    const insertPost = db.prepare(
      "INSERT INTO Post (userId, type, text, lat, lng, address, saleProduct, saleQty, salePriceCents, saleTotalCents, recoveryAmountCents, dealerId, createdAt) VALUES (?, ?, ?, ?, ?, 'Main Bazaar, Multan, Punjab, Pakistan', ?, ?, ?, ?, ?, ?, ?)",
    );
    const insertCheckIn = db.prepare(
      "INSERT INTO CheckIn (userId, type, lat, lng, address, postId, createdAt) VALUES (?, ?, ?, ?, 'Main Bazaar, Multan', ?, ?)",
    );
    const insertMedia = db.prepare(
      "INSERT INTO PostMedia (postId, kind, url, thumbUrl, mimeType, width, height, position) VALUES (?, 'IMAGE', ?, ?, 'image/webp', 1600, 1200, ?)",
    );
    const insertReaction = db.prepare(
      "INSERT INTO Reaction (postId, userId, type, createdAt) VALUES (?, ?, 'LIKE', ?)",
    );
    const insertComment = db.prepare(
      "INSERT INTO Comment (postId, userId, text, isDeleted, createdAt) VALUES (?, ?, 'Well done, keep it up', 0, ?)",
    );
    const perPost = Math.min(officerIds.length, Math.floor(reactions / Math.max(1, posts)));
    let extra = reactions - perPost * posts;
    const postsOfTeam = new Map();
    for (let i = 0; i < posts; i++) {
      const author = pick(officerIds.length);
      const userId = officerIds[author];
      const team = teams > 0 ? Math.floor((author * teams) / officerIds.length) : 0;
      const shape = postShape(postsOfTeam.get(team) ?? 0);
      postsOfTeam.set(team, (postsOfTeam.get(team) ?? 0) + 1);
      const { type } = shape;
      const at = now - Math.floor(((posts - i) / posts) * days * DAY_MS);
      const lat = 30 + rng() * 2;
      const lng = 71 + rng() * 2;
      const qty = type === "SALE" ? 1 + pick(400) : null;
      const price = type === "SALE" ? 350_000 : null;
      const dealerId =
        dealers && (type === "SALE" || type === "RECOVERY" || type === "DEALER_MEETING") ? 1 + pick(dealers) : null;
      const postId = Number(
        insertPost.run(
          userId,
          type,
          `Post ${i} about the day's work in the field.`,
          lat,
          lng,
          type === "SALE" ? "SSP" : null,
          qty,
          price,
          qty === null ? null : qty * price,
          type === "RECOVERY" ? 1_000_000 : null,
          dealerId,
          at,
        ).lastInsertRowid,
      );
      if (postsOnly) continue;
      insertCheckIn.run(userId, type, lat, lng, postId, at);
      const name = String(i).padStart(32, "0");
      for (let m = 0; m < shape.photos; m++)
        insertMedia.run(postId, `/files/posts/${name}.webp`, `/files/posts-thumbs/${name}.webp`, m);
      const likes = perPost + (extra-- > 0 ? 1 : 0);
      const first = pick(officerIds.length);
      for (let l = 0; l < Math.min(likes, officerIds.length); l++)
        insertReaction.run(postId, officerIds[(first + l) % officerIds.length], at + 1000);
      if (shape.commented) insertComment.run(postId, officer(), at + 2000);
    }
  })();
  db.pragma("optimize");
  const counts = db
    .prepare(
      "SELECT (SELECT COUNT(*) FROM Team) AS teams, (SELECT COUNT(*) FROM User) AS users, (SELECT COUNT(*) FROM User WHERE role = 'OFFICER') AS officers, (SELECT COUNT(*) FROM Dealer) AS dealers, (SELECT COUNT(*) FROM Post) AS posts, (SELECT COUNT(*) FROM CheckIn) AS checkIns, (SELECT COUNT(*) FROM PostMedia) AS media, (SELECT COUNT(*) FROM Reaction) AS reactions, (SELECT COUNT(*) FROM Comment) AS comments",
    )
    .get();
  db.close();
  return counts;
}

/**
 * Gives dealer `dealerId` an account of `entries` ledger entries over the two years before `now`
 * (issue 48's dealer with a long history): adjustments by hand, every third a payment, so that
 * its balance, ageing and statement have work to do. Answers the dealer's entry count.
 */
export function addLedgerHistory(databasePath, { dealerId, entries, seed = 48, now = Date.now() }) {
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  const rng = seededRandom(seed);
  const insert = db.prepare(
    "INSERT INTO LedgerEntry (dealerId, kind, amountCents, at, reason, createdAt) VALUES (?, 'ADJUSTMENT', ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (let i = 0; i < entries; i++) {
      const at = now - Math.floor(((entries - i) / entries) * 730 * DAY_MS);
      const cents = (1 + Math.floor(rng() * 500)) * 10_000;
      insert.run(dealerId, i % 3 === 2 ? -cents : cents, at, i % 3 === 2 ? "Cash received" : "Goods on credit", at);
    }
  })();
  const { count } = db.prepare("SELECT COUNT(*) AS count FROM LedgerEntry WHERE dealerId = ?").get(dealerId);
  db.close();
  return count;
}

/** What the home twins post, in turn: a sale of each product, a recovery, a dealer's and a farmers' meeting, a demo plot. */
const TWIN_POSTS = [
  ["SALE", "SSP"],
  ["SALE", "ORGANIC"],
  ["SALE", "SULFUR"],
  ["RECOVERY", null],
  ["DEALER_MEETING", null],
  ["FARMER_MEETING", null],
  ["DEMO_PLOT", null],
];
/** Every measure, with the target the home twins' bench officer gets in it. */
const TARGET_MEASURES = [
  ["sspBags", 4_000],
  ["organicBags", 2_000],
  ["sulfurBags", 1_000],
  ["salesAmount", 5_000_000_00],
  ["recoveryAmount", 3_000_000_00],
  ["dealerVisits", 60],
  ["farmerMeetings", 30],
  ["demoPlots", 20],
];

/**
 * Issue 49's officer home with targets beside the same home without: each of `officerIds` joins the
 * first one's team and gets the same `posts` posts over the 60 days before `now` (what TWIN_POSTS
 * lists, in turn), and `withTargets` a target on every measure for each of `periods`, set by `setById`.
 */
export function addHomeTwins(
  databasePath,
  { officerIds, withTargets, setById, periods, posts = 300, now = Date.now() },
) {
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  const insertPost = db.prepare(
    "INSERT INTO Post (userId, type, text, lat, lng, address, saleProduct, saleQty, salePriceCents, saleTotalCents, recoveryAmountCents, dealerId, createdAt) VALUES (?, ?, 'A day in the field.', 30.2, 71.5, 'Main Bazaar, Multan, Punjab, Pakistan', ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertTarget = db.prepare(
    // Over the targets the full run's report gave every officer (addTargets), if it ran first.
    `INSERT INTO Target (userId, period, measure, value, setById, setAt) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (userId, period, measure) DO UPDATE SET value = excluded.value, setById = excluded.setById, setAt = excluded.setAt`,
  );
  const joinTeam = db.prepare("UPDATE User SET teamId = (SELECT teamId FROM User WHERE id = ?) WHERE id = ?");
  db.transaction(() => {
    for (const userId of officerIds) {
      joinTeam.run(officerIds[0], userId);
      for (let i = 0; i < posts; i++) {
        const [type, product] = TWIN_POSTS[i % TWIN_POSTS.length];
        const qty = type === "SALE" ? 20 + (i % 30) : null;
        const dealerId = ["SALE", "RECOVERY", "DEALER_MEETING"].includes(type) ? 1 + (i % 50) : null;
        const at = now - Math.floor(((posts - i) / posts) * 60 * DAY_MS);
        insertPost.run(
          userId,
          type,
          product,
          qty,
          qty === null ? null : 350_000,
          qty === null ? null : qty * 350_000,
          type === "RECOVERY" ? 5_000_000 : null,
          dealerId,
          at,
        );
      }
    }
    for (const period of periods)
      for (const [measure, value] of TARGET_MEASURES)
        insertTarget.run(withTargets, period, measure, value, setById, now);
  })();
  db.close();
}

/**
 * Gives every officer a target of every measure in each of the `months` months up to `now`'s
 * (Karachi) month (issue 49's report over 1,000 officers and 12 months), set by the first admin.
 * Answers how many targets there are.
 */
export function addTargets(databasePath, { months, seed = 49, now = Date.now() }) {
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  const rng = seededRandom(seed);
  const karachi = new Date(now + 5 * 3_600_000);
  const periods = Array.from({ length: months }, (_, i) => {
    const month = new Date(Date.UTC(karachi.getUTCFullYear(), karachi.getUTCMonth() - i, 1));
    return month.toISOString().slice(0, 7);
  });
  const officers = db.prepare("SELECT id FROM User WHERE role = 'OFFICER'").all();
  const admin = db.prepare("SELECT id FROM User WHERE role = 'ADMIN' ORDER BY id LIMIT 1").get()?.id ?? null;
  const insert = db.prepare(
    "INSERT INTO Target (userId, period, measure, value, setById, setAt) VALUES (?, ?, ?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (const { id } of officers)
      for (const period of periods)
        for (const [measure] of TARGET_MEASURES) {
          const money = measure === "salesAmount" || measure === "recoveryAmount";
          insert.run(
            id,
            period,
            measure,
            money ? (1 + Math.floor(rng() * 50)) * 10_000_00 : 1 + Math.floor(rng() * 60),
            admin,
            now,
          );
        }
  })();
  const { count } = db.prepare("SELECT COUNT(*) AS count FROM Target").get();
  db.close();
  return count;
}

/** A Karachi calendar day (yyyy-MM-dd) of an instant. */
const karachiDay = (ms) => new Date(ms + 5 * 3_600_000).toISOString().slice(0, 10);

/**
 * Issue 50's season report's data over the `days` before `now`: `farmers` farmers, each of the
 * team of an officer drawn at random; `meetings` Farmer Meeting posts of random officers, each
 * naming 3 to 12 farmers of the author's team and a head count of
 * at least them; `plots` demo plots (and their Demo Plot posts) sown on random days, harvested
 * with yields once 120 days old, visited at mid-season once 60 days old. Answers the counts.
 */
export function addFarmerSeasons(databasePath, { farmers, meetings, plots, days = 730, seed = 50, now = Date.now() }) {
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const rng = seededRandom(seed);
  const pick = (n) => Math.floor(rng() * n);
  const officers = db.prepare("SELECT id, teamId FROM User WHERE role = 'OFFICER' AND teamId IS NOT NULL").all();
  const insertFarmer = db.prepare(
    "INSERT INTO Farmer (name, phone, village, tehsil, district, landHundredths, mainCrops, teamId, createdById, createdAt, updatedAt) VALUES (?, ?, ?, 'Okara', 'Okara', ?, '[\"wheat\"]', ?, ?, ?, ?)",
  );
  const insertPost = db.prepare(
    "INSERT INTO Post (userId, type, text, headCount, createdAt) VALUES (?, ?, 'In the field with farmers.', ?, ?)",
  );
  const insertAttendee = db.prepare("INSERT INTO MeetingAttendee (postId, farmerId) VALUES (?, ?)");
  const insertPlot = db.prepare(
    `INSERT INTO DemoPlot (postId, farmerId, officerId, crop, product, areaHundredths, controlAreaHundredths, lat, lng,
      sownOn, midVisitDueOn, harvestDueOn, stage, harvestedOn, yieldKgPerAcre, controlYieldKgPerAcre, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, 100, 50, 30.8, 73.4, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const crops = ["wheat", "cotton", "rice", "maize", "sugarcane"];
  const products = ["SSP", "ORGANIC", "SULFUR"];
  const farmersOfTeam = new Map();
  db.transaction(() => {
    for (let i = 0; i < farmers; i++) {
      const { id, teamId } = officers[pick(officers.length)];
      const farmerId = Number(
        insertFarmer.run(
          `Farmer ${i + 1}`,
          `92300${String(i).padStart(7, "0")}`,
          `Chak ${1 + pick(500)}`,
          100 + pick(5000),
          teamId,
          id,
          now - pick(days * DAY_MS),
          now,
        ).lastInsertRowid,
      );
      const pool = farmersOfTeam.get(teamId) ?? [];
      pool.push(farmerId);
      farmersOfTeam.set(teamId, pool);
    }
    for (let i = 0; i < meetings; i++) {
      const { id, teamId } = officers[pick(officers.length)];
      const pool = farmersOfTeam.get(teamId) ?? [];
      // 3 to 12, 7.5 on average: 20,000 meetings name about 150,000.
      const count = Math.min(pool.length, 3 + pick(10));
      const at = now - Math.floor(((meetings - i) / meetings) * days * DAY_MS);
      const postId = Number(insertPost.run(id, "FARMER_MEETING", count + pick(20), at).lastInsertRowid);
      const chosen = new Set();
      while (chosen.size < count) chosen.add(pool[pick(pool.length)]);
      for (const farmerId of chosen) insertAttendee.run(postId, farmerId);
    }
    for (let i = 0; i < plots; i++) {
      const { id, teamId } = officers[pick(officers.length)];
      const pool = farmersOfTeam.get(teamId) ?? [];
      const sownAt = now - pick(days * DAY_MS);
      const age = (now - sownAt) / DAY_MS;
      const stage = age >= 120 ? "HARVESTED" : age >= 60 ? "MID_SEASON" : "SOWN";
      const control = 800 + pick(800);
      const postId = Number(insertPost.run(id, "DEMO_PLOT", null, sownAt).lastInsertRowid);
      insertPlot.run(
        postId,
        pool[pick(pool.length)],
        id,
        crops[pick(crops.length)],
        products[pick(products.length)],
        karachiDay(sownAt),
        karachiDay(sownAt + 60 * DAY_MS),
        karachiDay(sownAt + 120 * DAY_MS),
        stage,
        stage === "HARVESTED" ? karachiDay(sownAt + 120 * DAY_MS) : null,
        stage === "HARVESTED" ? control + pick(400) - 50 : null,
        stage === "HARVESTED" ? control : null,
        sownAt,
        now,
      );
    }
  })();
  db.pragma("optimize");
  const counts = db
    .prepare(
      "SELECT (SELECT COUNT(*) FROM Farmer) AS farmers, (SELECT COUNT(*) FROM Post WHERE type = 'FARMER_MEETING') AS meetings, (SELECT COUNT(*) FROM MeetingAttendee) AS attendees, (SELECT COUNT(*) FROM DemoPlot) AS plots",
    )
    .get();
  db.close();
  return counts;
}
