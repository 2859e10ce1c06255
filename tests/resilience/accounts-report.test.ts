import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parsePage } from "../nojs/support/dom";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";
import { centsToDecimal, formatMoney } from "~/lib/money";

// Dealer accounts across dealers (issue 48, decision 86) through GET /api/accounts, the reports
// page's accounts view and the manager's day, with JavaScript off, on a copy of the seeded database
// with team A (Punjab's dealers, led by the manager) and team B (Sindh's). Every figure is checked
// against one recomputed here from the raw LedgerEntry rows.

const DAY = 86_400_000;
const KARACHI_MS = 5 * 3_600_000;
const DEFAULT_TERMS_DAYS = 30;

let server: AppServer;
let teams: TwoTeams;
let dealersA: number[];
let dealersB: number[];

beforeAll(async () => {
  server = await createAppServer("accounts-report");
  teams = await setUpTwoTeams(server);
  const ids = server.query(
    (db) => {
      const dealersOf = (teamId: number) =>
        (db.prepare("SELECT id FROM Dealer WHERE teamId = ? ORDER BY id").all(teamId) as { id: number }[]).map(
          (row) => row.id,
        );
      const a = dealersOf(teams.teamA);
      const b = dealersOf(teams.teamB);
      // Old credit sales and part payments on a few dealers of each team (the triggers write the entries).
      const post = db.prepare(
        `INSERT INTO Post (userId, type, text, saleProduct, saleQty, salePriceCents, saleTotalCents, recoveryAmountCents, dealerId, createdAt)
         VALUES (?, ?, '', ?, ?, ?, ?, ?, ?, ?)`,
      );
      const now = Date.now();
      const sale = (userId: number, dealerId: number, cents: number, daysAgo: number) =>
        post.run(userId, "SALE", "SSP", 1, cents, cents, null, dealerId, now - daysAgo * DAY);
      const recovery = (userId: number, dealerId: number, cents: number, daysAgo: number) =>
        post.run(userId, "RECOVERY", null, null, null, null, cents, dealerId, now - daysAgo * DAY);
      a.slice(0, 3).forEach((dealerId, i) => {
        sale(teams.officersA[0]!, dealerId, 9_000_000 + i * 100_000, 75 - i * 20);
        recovery(teams.officersA[0]!, dealerId, 1_000_000, 3);
      });
      b.slice(0, 3).forEach((dealerId, i) => sale(teams.officersB[0]!, dealerId, 20_000_000 + i, 50 + i));
      return { a, b };
    },
    { readonly: false },
  );
  dealersA = ids.a;
  dealersB = ids.b;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const as = (role: Role, path: string) => getAs(server, teams.cookies[role], path);

/** The outstanding and overdue of some dealers now, recomputed from their raw entries (oldest sales paid first). */
function recompute(dealerIds: number[]): { outstanding: number; overdue: number } {
  return server.query((db) => {
    const total = { outstanding: 0, overdue: 0 };
    const today = Math.floor((Date.now() + KARACHI_MS) / DAY);
    for (const dealerId of dealerIds) {
      const entries = db
        .prepare(`SELECT id, amountCents, at, reversesId FROM LedgerEntry WHERE dealerId = ? ORDER BY at, id`)
        .all(dealerId) as { id: number; amountCents: number; at: number; reversesId: number | null }[];
      const terms =
        (
          db.prepare("SELECT paymentTermsDays FROM Dealer WHERE id = ?").get(dealerId) as {
            paymentTermsDays: number | null;
          }
        ).paymentTermsDays ?? DEFAULT_TERMS_DAYS;
      const reversed = new Set(entries.map((entry) => entry.reversesId).filter((id) => id !== null));
      const live = entries.filter((entry) => entry.reversesId === null && !reversed.has(entry.id));
      let credit = -live.filter((entry) => entry.amountCents < 0).reduce((sum, entry) => sum + entry.amountCents, 0);
      for (const debit of live.filter((entry) => entry.amountCents > 0)) {
        const unpaid = debit.amountCents - Math.min(credit, debit.amountCents);
        credit -= debit.amountCents - unpaid;
        total.outstanding += unpaid;
        if (today - Math.floor((debit.at + KARACHI_MS) / DAY) > terms) total.overdue += unpaid;
      }
    }
    return total;
  });
}

type Accounts = {
  rows: Array<{ key: string; label: string; outstanding: string; overdue: string }>;
  totals: { outstanding: string; overdue: string };
  mostOverdue: Array<{ id: number }>;
};

describe("GET /api/accounts", () => {
  test("signed out 401; waiting, officers and another team 403; a bad query 400", async () => {
    expect((await as("signedOut", "/api/accounts")).status).toBe(401);
    expect((await as("pending", "/api/accounts")).status).toBe(403);
    const officer = await as("officerA", "/api/accounts");
    expect(officer.status).toBe(403);
    expect(officer.json).toEqual({
      error: "You don't have permission to access this page.",
      requestId: expect.any(String),
    });
    const other = await as("managerA", `/api/accounts?team=${teams.teamB}`);
    expect(other.status).toBe(403);
    expect(other.json).toEqual({
      error: "You can only see the teams you belong to or lead.",
      requestId: expect.any(String),
    });
    const grouping = await as("managerA", "/api/accounts?groupBy=city");
    expect(grouping.status).toBe(400);
    expect(JSON.stringify(grouping.json)).toContain("Unknown grouping");
    expect((await as("admin", "/api/accounts?team=abc")).status).toBe(400);
    expect((await as("admin", "/api/accounts?province=Atlantis")).status).toBe(400);
  });

  test("a manager: their team's dealers only, the totals those of the raw entries", async () => {
    const answer = await as("managerA", "/api/accounts?groupBy=dealer");
    expect(answer.status).toBe(200);
    const report = answer.json as Accounts;
    expect(report.rows.length).toBeGreaterThanOrEqual(3);
    expect(report.rows.every((row) => dealersA.includes(Number(row.key)))).toBe(true);
    expect(report.mostOverdue.length).toBeGreaterThan(0);
    expect(report.mostOverdue.every((dealer) => dealersA.includes(dealer.id))).toBe(true);
    const expected = recompute(dealersA);
    expect(report.totals.outstanding).toBe(centsToDecimal(BigInt(expected.outstanding)));
    expect(report.totals.overdue).toBe(centsToDecimal(BigInt(expected.overdue)));
    expect(expected.overdue).toBeGreaterThan(0);
  });

  test("an admin: every team, each team's row its raw entries' figures", async () => {
    const report = (await as("admin", "/api/accounts?groupBy=team")).json as Accounts;
    const row = (teamId: number) => report.rows.find((entry) => entry.key === String(teamId));
    for (const [teamId, dealers] of [
      [teams.teamA, dealersA],
      [teams.teamB, dealersB],
    ] as const) {
      const expected = recompute(dealers);
      expect(row(teamId)?.outstanding).toBe(centsToDecimal(BigInt(expected.outstanding)));
      expect(row(teamId)?.overdue).toBe(centsToDecimal(BigInt(expected.overdue)));
    }
    const onlyB = (await as("admin", `/api/accounts?team=${teams.teamB}`)).json as Accounts;
    expect(onlyB.rows.every((entry) => dealersB.includes(Number(entry.key)))).toBe(true);
  });

  test("the table as a CSV file and an Excel file", async () => {
    const file = await as("managerA", "/api/accounts?groupBy=team&format=csv");
    expect(file.status).toBe(200);
    expect(file.text.split("\r\n")[0]).toMatch(
      /^"Fieldline dealer accounts on \d{4}-\d\d-\d\d \(recovery since \d{4}-\d\d-01\), by team/,
    );
    expect(file.text.split("\r\n")[1]).toBe(
      "Team,Dealers owing,Outstanding,Overdue,0–30 days,31–60 days,61–90 days,Over 90 days,Recovered this month,Overdue at the month's start",
    );
    const excel = await fetch(`${server.baseUrl}/api/accounts?groupBy=officer&format=xlsx`, {
      headers: { Cookie: teams.cookies.managerA },
    });
    expect(excel.status).toBe(200);
    expect(excel.headers.get("content-disposition")).toMatch(
      /^attachment; filename="fieldline-accounts-officer-\d{4}-\d\d-\d\d\.xlsx"$/,
    );
    // An .xlsx is a zip: it starts with "PK".
    expect(
      Buffer.from(await excel.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
  });
});

describe("the reports page's accounts view, JavaScript off", () => {
  test("a manager sees their team's totals and most overdue dealers, each linking to its page", async () => {
    const page = await as("managerA", "/reports?view=accounts&groupBy=team");
    expect(page.status).toBe(200);
    const document = parsePage(page.text, `${server.baseUrl}/reports`);
    const totals = [...document.querySelectorAll("tfoot th, tfoot td")].map((cell) => cell.textContent?.trim());
    const expected = recompute(dealersA);
    expect(totals.slice(0, 4)).toEqual([
      "Total",
      expect.any(String),
      formatMoney(expected.outstanding),
      formatMoney(expected.overdue),
    ]);
    const links = [...document.querySelectorAll("#most-overdue-title ~ ol a")].map((link) => link.getAttribute("href"));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((href) => dealersA.includes(Number(href?.replace("/dealer-details/", ""))))).toBe(true);
    expect(document.querySelector("a[href^='/api/accounts?'][href$='format=xlsx']")).not.toBeNull();
  });

  test("an officer and another team are refused; an unknown grouping shows the defaults with why", async () => {
    expect((await as("officerA", "/reports?view=accounts")).status).toBe(403);
    expect((await as("managerA", `/reports?view=accounts&team=${teams.teamB}`)).status).toBe(403);
    const page = await as("managerA", "/reports?view=accounts&groupBy=city");
    expect(page.status).toBe(200);
    const alert = parsePage(page.text, `${server.baseUrl}/reports`).querySelector("form [role=alert]");
    expect(alert?.textContent).toBe("Unknown grouping. Showing every dealer by dealer.");
  });

  test("the activity view offers the accounts view to managers, not to officers", async () => {
    const manager = parsePage((await as("managerA", "/reports")).text, `${server.baseUrl}/reports`);
    expect(manager.querySelector("select[name=view] option[value=accounts]")?.textContent).toBe("Dealer accounts");
    const officer = parsePage((await as("officerA", "/reports")).text, `${server.baseUrl}/reports`);
    // An officer's choice is their targets, not the dealers' accounts.
    expect(officer.querySelector("select[name=view] option[value=targets]")?.textContent).toBe("Targets");
    expect(officer.querySelector("select[name=view] option[value=accounts]")).toBeNull();
  });
});

describe("the manager's day's accounts, JavaScript off", () => {
  test("the manager's dealers' outstanding and overdue, and their most overdue linking to their pages", async () => {
    const home = parsePage((await as("managerA", "/")).text, `${server.baseUrl}/`);
    const expected = recompute(dealersA);
    expect(home.querySelector("[data-testid=team-outstanding]")?.textContent).toBe(formatMoney(expected.outstanding));
    expect(home.querySelector("[data-testid=team-overdue]")?.textContent).toBe(formatMoney(expected.overdue));
    const links = [...home.querySelectorAll("[data-testid=team-accounts] ol a")].map((link) =>
      link.getAttribute("href"),
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(5);
    expect(links.every((href) => dealersA.includes(Number(href?.replace("/dealer-details/", ""))))).toBe(true);
  });

  test("an officer's home has no accounts block", async () => {
    const home = parsePage((await as("officerA", "/")).text, `${server.baseUrl}/`);
    expect(home.querySelector("[data-testid=team-accounts]")).toBeNull();
  });
});
