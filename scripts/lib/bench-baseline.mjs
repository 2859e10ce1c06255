#!/usr/bin/env node
// The benchmark's bare baseline: a minimal node:http server that answers every request with
// the first page of posts, read with raw better-sqlite3 and shaped like GET /api/posts (the
// same fields, counts, the viewer's like and the authors' distance today). No framework, no
// session, no ORM: what the hardware allows, so the app's figure can be read as a ratio.
//
//   node scripts/lib/bench-baseline.mjs <database file> <port> <viewer id>
import http from "node:http";
import Database from "better-sqlite3";

const [databasePath, port, viewer] = process.argv.slice(2);
const viewerId = Number(viewer);
const PAGE = 20;
const DAY_MS = 86_400_000;
const KARACHI_OFFSET_MS = 5 * 3_600_000;

const db = new Database(databasePath, { readonly: true });
db.pragma("journal_mode = WAL");
db.defaultSafeIntegers(false);

const postsQuery = db.prepare(`
  SELECT p.id, p.type, p.text, p.lat, p.lng, p.address, p.createdAt, p.saleProduct, p.saleQty,
    p.salePriceCents, p.saleTotalCents, p.recoveryAmountCents, p.dealerId,
    u.id AS userId, u.username, u.email, u.firstName, u.lastName, u.selectedAvatar, u.currentBadge,
    d.businessName, d.ownerFirstName, d.ownerLastName
  FROM Post p JOIN User u ON u.id = p.userId LEFT JOIN Dealer d ON d.id = p.dealerId
  ORDER BY p.createdAt DESC, p.id DESC LIMIT ${PAGE + 1}`);
const inList = (n) => Array(n).fill("?").join(",");
const cents = (value) => (value === null ? null : `${Math.trunc(value / 100)}.${String(value % 100).padStart(2, "0")}`);

function firstPage() {
  const rows = postsQuery.all().slice(0, PAGE);
  const ids = rows.map((row) => row.id);
  const users = [...new Set(rows.map((row) => row.userId))];
  const ph = inList(ids.length);
  const media = db
    .prepare(
      `SELECT id, postId, kind, url, thumbUrl, mimeType, durationSec, width, height FROM PostMedia WHERE postId IN (${ph}) ORDER BY postId, position`,
    )
    .all(...ids);
  const likes = new Map(
    db
      .prepare(`SELECT postId, COUNT(*) AS n FROM Reaction WHERE postId IN (${ph}) AND type = 'LIKE' GROUP BY postId`)
      .raw()
      .all(...ids),
  );
  const comments = new Map(
    db
      .prepare(`SELECT postId, COUNT(*) AS n FROM Comment WHERE postId IN (${ph}) AND isDeleted = 0 GROUP BY postId`)
      .raw()
      .all(...ids),
  );
  const liked = new Set(
    db
      .prepare(`SELECT postId FROM Reaction WHERE postId IN (${ph}) AND userId = ? AND type = 'LIKE'`)
      .pluck()
      .all(...ids, viewerId),
  );
  const dayStart = Math.floor((Date.now() + KARACHI_OFFSET_MS) / DAY_MS) * DAY_MS - KARACHI_OFFSET_MS;
  const distance = new Map(
    db
      .prepare(
        `SELECT userId, SUM(CASE WHEN prevLat IS NULL THEN 0.0 ELSE 2 * 6371.0088 * asin(min(1.0, sqrt(pow(sin(radians(lat - prevLat) / 2), 2) + cos(radians(prevLat)) * cos(radians(lat)) * pow(sin(radians(lng - prevLng) / 2), 2)))) END)
         FROM (SELECT userId, lat, lng, LAG(lat) OVER w AS prevLat, LAG(lng) OVER w AS prevLng FROM CheckIn
               WHERE createdAt >= ? AND createdAt < ? AND userId IN (${inList(users.length)}) WINDOW w AS (PARTITION BY userId ORDER BY createdAt, id))
         GROUP BY userId`,
      )
      .raw()
      .all(dayStart, dayStart + DAY_MS, ...users),
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    text: row.text,
    lat: row.lat === null ? null : String(row.lat),
    lng: row.lng === null ? null : String(row.lng),
    address: row.address,
    createdAt: new Date(row.createdAt).toISOString(),
    user: {
      id: row.userId,
      username: row.username,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      selectedAvatar: row.selectedAvatar,
      currentBadge: row.currentBadge,
    },
    saleProduct: row.saleProduct,
    saleQty: row.saleQty,
    salePrice: cents(row.salePriceCents),
    saleTotal: cents(row.saleTotalCents),
    recoveryAmount: cents(row.recoveryAmountCents),
    dealerId: row.dealerId,
    dealer:
      row.dealerId === null
        ? null
        : {
            id: row.dealerId,
            businessName: row.businessName,
            contactName: [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(" ") || null,
          },
    media: media.filter((m) => m.postId === row.id).map(({ postId: _, ...m }) => m),
    likeCount: likes.get(row.id) ?? 0,
    commentCount: comments.get(row.id) ?? 0,
    likedByMe: liked.has(row.id),
    authorDistanceTodayKm: distance.get(row.userId) || null,
  }));
}

http
  .createServer((_request, response) => {
    const body = JSON.stringify(firstPage());
    response.writeHead(200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": "no-store",
    });
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => console.log(`baseline on ${port}`));
