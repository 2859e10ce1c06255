import { beforeEach, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { dealerVisits } from "~/models/dealer-visits.server";

beforeEach(resetDatabase);

it("a dealer's visits say which were logged at the dealer and why the others were not", async () => {
  const officer = await prisma.user.create({
    data: { username: "ayesha", email: "ayesha@example.pk", passwordHash: "x", role: "OFFICER" },
    select: { id: true },
  });
  const shop = await prisma.dealer.create({
    data: { businessName: "A Traders", street: "Main Bazaar", city: "Lahore", state: "Punjab", lat: 31.5, lng: 74.3 },
    select: { id: true },
  });
  const places = [
    { lat: 31.5, lng: 74.3, source: "GPS" },
    { lat: 31.5, lng: 74.3, source: "TYPED" },
    { lat: 31.86, lng: 74.3, source: "GPS" },
  ];
  for (const [index, place] of places.entries()) {
    const createdAt = new Date(Date.UTC(2026, 10, 20, 6 + index));
    const post = await prisma.post.create({
      data: { userId: officer.id, dealerId: shop.id, type: "DEALER_MEETING", createdAt },
      select: { id: true },
    });
    await prisma.checkIn.create({ data: { userId: officer.id, type: "DEALER_MEETING", ...place, postId: post.id } });
  }

  const { visits } = await dealerVisits(shop.id, { limit: 10 });
  expect(visits.map((visit) => [visit.atDealer, visit.note])).toEqual([
    [false, "Logged 40 km from the dealer"],
    [false, "Place typed, not from GPS"],
    [true, null],
  ]);
});
