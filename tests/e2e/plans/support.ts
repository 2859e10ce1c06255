import Database from "better-sqlite3";
import type { APIRequestContext } from "@playwright/test";
import { e2eDatabasePath, expect, uniqueName } from "../support/fixtures";
import { registerThroughApi } from "../support/flows";

// Helpers of the visit-loop specs: an officer of the test server's one team (led by `manager`),
// with dealers of their own, and plans of past days written straight to the database (the app
// refuses to change a past day).

export const PASSWORD = "report-pass-1";
export const SHOP = { lat: 29.4, lng: 71.7 };

async function signInApi(request: APIRequestContext, username: string, password: string) {
  expect((await request.post("/api/login", { data: { username, password } })).status()).toBe(200);
}

/**
 * A new officer in the one team, signed in on `request` at the end, and `names.length` dealers
 * of theirs at SHOP (each `<prefix> <name> Traders`).
 */
export async function teamOfficerWithDealers(request: APIRequestContext, names: string[]) {
  const officer = await registerThroughApi(request, uniqueName("Visitor").replaceAll("-", ""));
  await signInApi(request, "admin", "fieldline");
  const [team] = (await (await request.get("/api/teams")).json()) as Array<{ id: number }>;
  const joined = await request.put(`/api/teams/${team!.id}/members`, { data: { userId: officer.id, member: true } });
  expect(joined.status(), await joined.text()).toBe(200);
  await signInApi(request, officer.username, PASSWORD);
  const prefix = uniqueName("Visit");
  const ids: Record<string, number> = {};
  for (const name of names) {
    const created = await request.post("/api/dealers", {
      data: {
        businessName: `${prefix} ${name} Traders`,
        street: "Circular Road",
        city: "Bahawalpur",
        state: "Punjab",
        ...SHOP,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids[name] = ((await created.json()) as { id: number }).id;
  }
  return { ...officer, prefix, ids };
}

/** A plan of a past day, as the officer made it then. */
export function pastPlan(userId: number, day: string, dealerIds: number[]): void {
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const planId = db
      .prepare("INSERT INTO VisitPlan (userId, day, createdById, updatedById, updatedAt) VALUES (?, ?, ?, ?, ?)")
      .run(userId, day, userId, userId, Date.now()).lastInsertRowid;
    const stop = db.prepare("INSERT INTO VisitPlanStop (planId, dealerId, position) VALUES (?, ?, ?)");
    dealerIds.forEach((dealerId, index) => stop.run(planId, dealerId, index + 1));
  } finally {
    db.close();
  }
}
