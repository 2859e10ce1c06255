import Database from "better-sqlite3";
import { e2eDatabasePath, expect, signIn, test, uniqueName } from "../support/fixtures";
import { someDealer } from "./support";

// A dealer chosen before the phone's fix (a dealer's Create Meeting link, a visit plan's Log
// visit) stays chosen when the fix reorders the list nearest first, even when it is not among the
// nearest the list holds: the post is about that dealer.

// A corner of the country no other test puts a dealer in, and more dealers around it than the list holds.
const HERE = { latitude: 25.9001, longitude: 63.1001 };
const AROUND = 201;
test.use({ geolocation: HERE, permissions: ["geolocation"] });

test.beforeAll(() => {
  const db = new Database(e2eDatabasePath());
  try {
    db.pragma("busy_timeout = 5000");
    const insert = db.prepare(
      "INSERT INTO Dealer (businessName, street, city, state, lat, lng, createdAt, updatedAt) VALUES (?, 'Main Bazaar', 'Turbat', 'Balochistan', ?, ?, ?, ?)",
    );
    const now = Date.now();
    const name = uniqueName("Turbat Khad Store");
    db.transaction(() => {
      for (let i = 0; i < AROUND; i++)
        insert.run(`${name} ${i + 1}`, HERE.latitude + i / 10_000, HERE.longitude, now, now);
    })();
  } finally {
    db.close();
  }
});

test("a dealer chosen by the link stays chosen when the phone's fix lists the nearest dealers first", async ({
  page,
}) => {
  await signIn(page, "officer6");
  const chosen = someDealer(2);
  await page.goto(`/new-post?dealer=${chosen.id}&type=DEALER_MEETING`);
  await expect(page.getByText(/^Nearest first to this post's place/)).toBeVisible();
  const options = page.getByLabel(/^Dealer/).locator("option");
  await expect(options.filter({ hasText: "(Turbat, 0.0 km)" }).first()).toBeAttached();
  await expect(page.getByLabel(/^Dealer/)).toHaveValue(String(chosen.id));
});
