import Database from "better-sqlite3";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eDatabasePath, expect, signIn, test } from "../support/fixtures";

// The leaderboard (issue 6), with JavaScript on and off. Other tests run at the same time and
// recalculate too, or post (a large RECOVERY can move the top three), so these assertions hold
// whatever the order: the page agrees with GET /api/performance/leaderboard, and ranks, badges
// and statuses follow the score's rules (ranks 1…n for scores above 0, CROWN, SHIELD, CAP on
// ranks 1 to 3; see app/lib/performance.ts).

type Entry = {
  id: number;
  username: string;
  currentBadge: string | null;
  currentPerformanceScore: string | null;
  performanceRank: number | null;
  parts: { dealers: number; recovery: number; gap: number; activity: number } | null;
};

const RECALCULATED = "Performance scores have been recalculated and badges assigned.";
const RANK_BADGES = ["CROWN", "SHIELD", "CAP"];
const BADGE_TITLES: Record<string, string> = {
  CROWN: "You earned the Crown: Team Leader",
  SHIELD: "You earned the Shield: Top Performer",
  CAP: "You earned the Cap: Excellence Award",
};

async function leaderboard(request: APIRequestContext): Promise<Entry[]> {
  const response = await request.get("/api/performance/leaderboard");
  expect(response.status()).toBe(200);
  return response.json();
}

/** Ranks 1…n without gaps for scores above 0, by score; CROWN, SHIELD, CAP on ranks 1 to 3. */
function expectConsistent(entries: Entry[]) {
  const ranked = entries.filter((e) => e.performanceRank !== null);
  expect(ranked.map((e) => e.performanceRank)).toEqual(ranked.map((_, index) => index + 1));
  for (let i = 1; i < ranked.length; i++) {
    expect(Number(ranked[i - 1]?.currentPerformanceScore)).toBeGreaterThanOrEqual(
      Number(ranked[i]?.currentPerformanceScore),
    );
  }
  for (const entry of entries) {
    expect(entry.performanceRank !== null, entry.username).toBe(Number(entry.currentPerformanceScore ?? 0) > 0);
    const rankBadge = entry.performanceRank !== null ? RANK_BADGES[entry.performanceRank - 1] : undefined;
    if (rankBadge) expect(entry.currentBadge, entry.username).toBe(rankBadge);
    else expect(RANK_BADGES).not.toContain(entry.currentBadge);
  }
}

/** The seeded officers' rows on the page, as the API gives them. */
async function expectTableMatches(page: Page) {
  await expect(async () => {
    await page.reload();
    const entries = (await leaderboard(page.request)).filter((e) => /^officer\d$/.test(e.username));
    expect(entries.length).toBe(8);
    for (const entry of entries) {
      const row = page.locator(`[data-testid="leaderboard-row"][data-username="${entry.username}"]`);
      const cells = row.locator("td");
      const score = Number(entry.currentPerformanceScore ?? 0);
      await expect(cells.nth(0)).toHaveText(entry.performanceRank ? `#${entry.performanceRank}` : "—", {
        timeout: 500,
      });
      await expect(cells.nth(2)).toHaveText(score > 0 ? score.toFixed(2) : "No data", { timeout: 500 });
      await expect(cells.nth(4)).toHaveText(
        entry.performanceRank ? `Top ${entry.performanceRank}` : score > 0 ? "Ranked" : "Pending",
        { timeout: 500 },
      );
      const top = entry.performanceRank !== null && entry.performanceRank <= 3;
      if (top) await expect(row).toHaveAttribute("data-top", "true", { timeout: 500 });
      else await expect(row).not.toHaveAttribute("data-top", { timeout: 500 });
    }
  }).toPass({ timeout: 15_000 });
}

test("a manager recalculates: the toast, a fresh Last updated, and a table that agrees with the API", async ({
  page,
}) => {
  // Its calculation may wait for another worker's (below), and the table is then compared row by row.
  test.slow();
  await signIn(page, "manager");
  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Current Achievement Holders" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Performance Calculation" })).toBeVisible();
  for (const weight of ["25%", "30%", "35%", "10%"]) {
    await expect(
      page.getByRole("region", { name: "Performance Calculation" }).getByText(weight, { exact: true }),
    ).toBeVisible();
  }
  for (const column of ["Rank", "Agent", "Score", "Badge", "Status"]) {
    await expect(page.getByRole("columnheader", { name: column })).toBeVisible();
  }

  await page.getByRole("button", { name: "Recalculate" }).click();
  // A calculation holds the database's write lock, and the other worker's tests may be writing or
  // recalculating meanwhile (the fault tests recalculate ten times): on a busy 2-core machine the
  // toast came after 5 s (fresh-clone run of cbd8bba), so it gets the time a queued calculation takes.
  await expect(page.getByText(RECALCULATED)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/leaderboard$/);
  await expect(page.getByTestId("last-updated")).toHaveText(/Last updated\s*just now/);

  const entries = await leaderboard(page.request);
  expectConsistent(entries);
  await expectTableMatches(page);
  // Exactly three rows are highlighted, and the three badge cards of ranks 1–3 are shown.
  await expect(page.locator('[data-testid="leaderboard-row"][data-top="true"]')).toHaveCount(3);
  for (const name of ["Team Leader", "Top Performer", "Excellence Award"]) {
    await expect(page.getByTestId("holder-card").filter({ hasText: name })).toHaveCount(1);
  }
  // Each officer's row opens on the four parts of the score.
  const first = page.locator('[data-testid="leaderboard-row"]').first();
  await first.getByText("Breakdown").click();
  await expect(first.getByTestId("breakdown")).toContainText("Sales-recovery gap (35%)");
});

test("an officer sees no Recalculate button, and the server refuses the officer's recalculation", async ({ page }) => {
  await signIn(page, "officer3");
  await page.goto("/leaderboard");
  await expect(page.getByRole("heading", { name: "Performance Leaderboard" })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByRole("button", { name: "Recalculate" })).toHaveCount(0);
  await expect(page.locator('[data-username="officer3"]')).toContainText("(you)");

  const api = await page.request.post("/api/performance/calculate");
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({
    error: "You don't have permission to access this page.",
    requestId: expect.any(String),
  });
  const form = await page.request.post("/leaderboard", { form: { intent: "recalculate" }, maxRedirects: 0 });
  expect(form.status()).toBe(403);
});

test("after a recalculation a badge holder has the notification and the badge on their posts", async ({
  page,
  request,
}) => {
  const login = await request.post("/api/login", { data: { username: "manager", password: "fieldline" } });
  expect(login.status()).toBe(200);
  expect((await request.post("/api/performance/calculate")).status()).toBe(200);

  // The best-placed seeded officer (password known) holding a rank badge.
  const holder = (await leaderboard(request)).find(
    (e) => /^officer\d$/.test(e.username) && RANK_BADGES.includes(e.currentBadge ?? ""),
  );
  expect(holder, "after a recalculation a seeded officer holds CROWN, SHIELD or CAP").toBeDefined();
  // Narrowed by throwing, never by returning: the test must not end here having checked nothing.
  if (!holder?.currentBadge) throw new Error("no seeded officer holds a rank badge");
  const title = BADGE_TITLES[holder.currentBadge];
  if (!title) throw new Error(`no notification title for the badge ${holder.currentBadge}`);
  await signIn(page, holder.username);
  await page.goto("/notifications");
  await expect(page.getByText(title).first()).toBeVisible();

  const db = new Database(e2eDatabasePath(), { readonly: true });
  const post = db.prepare("SELECT id FROM Post WHERE userId = ? ORDER BY createdAt DESC LIMIT 1").get(holder.id) as
    { id: number } | undefined;
  db.close();
  expect(post).toBeDefined();
  await expect(async () => {
    const badge = (await leaderboard(page.request)).find((e) => e.id === holder.id)?.currentBadge;
    const name = {
      CROWN: "Team Leader",
      SHIELD: "Top Performer",
      CAP: "Excellence Award",
      TROPHY: "Champion",
      STAR: "Consistent Achiever",
    }[badge ?? ""];
    await page.goto(`/posts/${post?.id}`);
    if (name) await expect(page.getByRole("article").getByRole("img", { name }).first()).toBeVisible({ timeout: 1000 });
    else expect(badge).toBeNull();
  }).toPass({ timeout: 15_000 });
});
