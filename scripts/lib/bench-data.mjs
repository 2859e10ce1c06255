// The benchmark's scale data set, written with raw better-sqlite3 in one transaction (the
// Prisma client would take minutes for a million rows): officers, dealers across the seven
// provinces, posts over the last 60 days with a check-in each, photos on some, likes and
// comments. The same seed writes the same rows on every run.
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
const POST_TYPES = ["SALE", "FIELD_VISIT", "FARMER_MEETING", "DEALER_MEETING", "RECOVERY", "DEMO_PLOT"];

/**
 * Fills a migrated database. Officers get ids after the rows already there (the signed-in
 * bench account); every post has a check-in; reactions are spread evenly over the posts
 * (distinct officers per post, so the unique key holds). With `postsOnly`, posts get no
 * check-in, media or comment (what the performance calculation reads). Returns the row counts.
 */
export function fillScaleData(
  databasePath,
  { officers, posts, dealers, reactions, postsOnly = false, seed = 42, now = Date.now() },
) {
  const db = new Database(databasePath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const rng = seededRandom(seed);
  const pick = (n) => Math.floor(rng() * n);
  db.transaction(() => {
    const insertUser = db.prepare(
      "INSERT INTO User (username, email, passwordHash, firstName, lastName, role, selectedAvatar, createdAt, updatedAt) VALUES (?, ?, 'x', 'Officer', ?, 'OFFICER', 'DEFAULT_2', ?, ?)",
    );
    const officerIds = [];
    for (let i = 1; i <= officers; i++) {
      officerIds.push(
        Number(
          insertUser.run(`officer${i}`, `officer${i}@example.pk`, `Number ${i}`, now - 90 * DAY_MS, now)
            .lastInsertRowid,
        ),
      );
    }
    const officer = () => officerIds[pick(officerIds.length)];

    const insertDealer = db.prepare(
      "INSERT INTO Dealer (businessName, ownerFirstName, ownerLastName, phone, email, street, city, state, lat, lng, formattedAddress, createdById, createdAt, updatedAt) VALUES (?, 'Owner', ?, ?, ?, 'Main Bazaar', 'Multan', ?, ?, ?, ?, ?, ?, ?)",
    );
    for (let i = 1; i <= dealers; i++) {
      const state = PROVINCES[i % PROVINCES.length];
      const at = now - pick(60 * DAY_MS);
      insertDealer.run(
        `Dealer ${i} Khad Store`,
        `No ${i}`,
        `0300${String(1_000_000 + i).slice(-7)}`,
        `dealer${i}@example.pk`,
        state,
        24 + rng() * 12,
        62 + rng() * 13,
        `Main Bazaar, Multan, ${state}, Pakistan`,
        officer(),
        at,
        at,
      );
    }

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
    for (let i = 0; i < posts; i++) {
      const userId = officer();
      const type = POST_TYPES[pick(POST_TYPES.length)];
      const at = now - Math.floor(((posts - i) / posts) * 60 * DAY_MS);
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
      if (rng() < 0.3) {
        const name = String(i).padStart(32, "0");
        for (let m = 0, n = 1 + pick(3); m < n; m++)
          insertMedia.run(postId, `/files/posts/${name}.webp`, `/files/posts-thumbs/${name}.webp`, m);
      }
      const likes = perPost + (extra-- > 0 ? 1 : 0);
      const first = pick(officerIds.length);
      for (let l = 0; l < Math.min(likes, officerIds.length); l++)
        insertReaction.run(postId, officerIds[(first + l) % officerIds.length], at + 1000);
      if (rng() < 0.2) insertComment.run(postId, officer(), at + 2000);
    }
  })();
  db.pragma("optimize");
  const counts = db
    .prepare(
      "SELECT (SELECT COUNT(*) FROM User) AS users, (SELECT COUNT(*) FROM Dealer) AS dealers, (SELECT COUNT(*) FROM Post) AS posts, (SELECT COUNT(*) FROM CheckIn) AS checkIns, (SELECT COUNT(*) FROM PostMedia) AS media, (SELECT COUNT(*) FROM Reaction) AS reactions, (SELECT COUNT(*) FROM Comment) AS comments",
    )
    .get();
  db.close();
  return counts;
}
