import { beforeAll, describe, expect, it, vi } from "vitest";
import type { RowShape } from "~/db.server";

// Every declared row (app/models/rows.server.ts) is read by the models against the real migrated
// database, on rows that fill each of its columns: readRows checks each statement's columns
// against its row when it prepares it, and each value under tests, so this file fails when a
// column is renamed, retyped or made nullable without its row knowing, or when a row is declared
// that no read of these models uses. readRows itself runs; the wrapper only counts its rows.

const read = vi.hoisted(() => new Map<unknown, number>());
vi.mock("~/db.server", async (importOriginal) => {
  const db = await importOriginal<typeof import("~/db.server")>();
  return {
    ...db,
    readRows: (shape: RowShape, query: Parameters<typeof db.readRows>[1]) => {
      const rows = db.readRows(shape, query);
      read.set(shape, (read.get(shape) ?? 0) + rows.length);
      return rows;
    },
  };
});

// Noon in Karachi on a Tuesday; the day before has ended, so its routes are judged and kept.
const now = new Date("2026-03-10T07:00:00Z");
const at = (time: string) => new Date(`2026-03-${time}Z`);

beforeAll(async () => {
  // One waiting delivery per webhook at most, so the worker's bound has one to give up.
  process.env.WEBHOOK_MAX_PENDING = "1";
  const { prisma, resetDatabase } = await import("../../tests/support/db");
  await resetDatabase();
  const team = await prisma.team.create({ data: { name: "North", provinces: JSON.stringify(["Punjab"]) } });
  const person = (username: string, role: string, teamId: number | null) =>
    prisma.user.create({ data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId } });
  await person("admin", "ADMIN", null);
  const manager = await person("manager", "MANAGER", team.id);
  await prisma.teamManager.create({ data: { teamId: team.id, userId: manager.id } });
  const officer = await person("officer", "OFFICER", team.id);
  await person("loner", "OFFICER", null);
  const dealer = await prisma.dealer.create({
    data: {
      businessName: "Ali Agro",
      street: "Grain Market",
      city: "Okara",
      state: "Punjab",
      lat: 30.81,
      lng: 73.45,
      createdById: officer.id,
      teamId: team.id,
      createdAt: at("10T05:00:00"),
    },
  });
  const post = await prisma.post.create({
    data: {
      userId: officer.id,
      type: "SALE",
      text: "Sold urea",
      saleProduct: "SSP",
      saleQty: 10,
      salePriceCents: 450_000n,
      saleTotalCents: 4_500_000n,
      dealerId: dealer.id,
      createdAt: at("10T06:10:00"),
    },
  });
  await prisma.postMedia.create({ data: { postId: post.id, kind: "IMAGE", url: "/u/a.webp", mimeType: "image/webp" } });
  // A recovery from the same dealer: the feed shows the balance after it.
  await prisma.post.create({
    data: {
      userId: officer.id,
      type: "RECOVERY",
      text: "Collected",
      recoveryAmountCents: 100_000n,
      dealerId: dealer.id,
      createdAt: at("10T06:20:00"),
    },
  });
  await prisma.reaction.create({ data: { postId: post.id, userId: manager.id, type: "LIKE" } });
  // Two legs of 5 km in 30 minutes: one today, one the day before.
  for (const day of ["09", "10"]) {
    await prisma.checkIn.create({
      data: { userId: officer.id, type: "CHECK_IN", lat: 30.81, lng: 73.45, createdAt: at(`${day}T05:30:00`) },
    });
    await prisma.checkIn.create({
      data: { userId: officer.id, type: "CHECK_IN", lat: 30.855, lng: 73.45, createdAt: at(`${day}T06:00:00`) },
    });
  }
  await prisma.notification.create({
    data: { userId: officer.id, type: "BADGE", title: "Badge", message: "Well done" },
  });
  const endpoint = await prisma.webhookEndpoint.create({
    data: { url: "http://127.0.0.1:9/hook", events: JSON.stringify(["post.created"]), secret: "whsec_test" },
  });
  // Both wait until next year, so the worker sends neither.
  for (const changeSeq of [1, 2]) {
    await prisma.webhookDelivery.create({
      data: {
        endpointId: endpoint.id,
        changeSeq,
        event: "post.created",
        attempts: 1,
        createdAt: now,
        lastAttemptAt: now,
        nextAttemptAt: new Date("2027-01-01T00:00:00Z"),
      },
    });
  }
});

describe("the declared rows of the plain reads", () => {
  it("are each read by the models, on rows that fill them, as declared", async () => {
    const { prisma } = await import("../../tests/support/db");
    const { sqlRows } = await import("~/models/rows.server");
    const { listVersion } = await import("~/models/list-version.server");
    const { countUnreadNotifications } = await import("~/models/notification.server");
    const { teamsVisibleTo } = await import("~/models/team-scope.server");
    const { routeTotals } = await import("~/models/route-days.server");
    const { teamDay } = await import("~/models/team-day.server");
    const { distanceToday, agentMetrics } = await import("~/models/metrics.server");
    const { dayCheckIns } = await import("~/models/checkin.server");
    const { createTeam } = await import("~/models/team.server");
    const { listWebhooks } = await import("~/models/webhook.server");
    const { sendDueDeliveries } = await import("~/models/webhook-delivery.server");
    const { officerHome } = await import("~/models/home.server");
    const { periodProgress, setTargets } = await import("~/models/targets.server");
    const { apiTokenCredential, createUserSession, getSessionUser } = await import("~/models/session.server");
    const { createToken } = await import("~/models/api-token.server");
    const { audienceSwitch } = await import("~/models/audience-switch.server");
    const dealers = await import("~/models/dealer.server");
    const { listPosts } = await import("~/models/post.server");
    const { buildReport, reportOfficers } = await import("~/models/report.server");
    const { reportQuerySchema } = await import("~/models/report.schema");
    const { teamSchema } = await import("~/models/team.schema");
    const { targetValuesSchema } = await import("~/models/targets.schema");

    const user = (username: string) => prisma.user.findUniqueOrThrow({ where: { username } });
    const [admin, manager, officer, loner] = await Promise.all(["admin", "manager", "officer", "loner"].map(user));
    const [team] = await prisma.team.findMany();
    const dealer = await prisma.dealer.findFirstOrThrow();
    const place = { lat: 30.81, lng: 73.45 };
    const everyone = { everyone: true } as const;

    listVersion("Dealer");
    await countUnreadNotifications(officer!.id);
    await teamsVisibleTo(admin!);
    // From midnight in Karachi, twice: the first judges the ended day and keeps it, the second reads it back.
    const twoDays = { from: at("08T19:00:00").getTime(), to: now.getTime() };
    for (let turn = 0; turn < 2; turn++) {
      await routeTotals(twoDays, "officer", undefined, now);
      await routeTotals(twoDays, "day", undefined, now);
    }
    // Today's plan of one stop: the manager's day and the officer's home read its stops.
    await prisma.visitPlan.create({
      data: { userId: officer!.id, day: "2026-03-10", stops: { create: { dealerId: dealer.id, position: 1 } } },
    });
    await teamDay(manager!, {}, now);
    await distanceToday([officer!.id], now);
    await agentMetrics(twoDays);
    await dayCheckIns(everyone, { date: "2026-03-10" }, now);
    await expect(createTeam(teamSchema.parse({ name: "north" }))).rejects.toThrow();
    await createTeam(teamSchema.parse({ name: "South", provinces: ["Sindh"] }));
    await listWebhooks();
    await sendDueDeliveries();
    await officerHome(officer!, everyone);
    await setTargets(admin!, officer!.id, "2026-03", targetValuesSchema.parse({ sspBags: 10 }), now);
    await periodProgress(admin!, { period: "2026-03" }, now);
    const cookie = (await createUserSession(officer!.id)).split(";")[0]!;
    await getSessionUser(cookie);
    const { token } = await createToken(officer!, { name: "sync", scope: "read" }, { by: "session" });
    apiTokenCredential(token, now);
    await audienceSwitch(loner!, {});
    dealers.listDealers();
    dealers.listDealerCards(undefined, 10);
    dealers.listDealersNear({ territory: [team!.id], near: place, limit: 5 });
    dealers.listDealerPins();
    dealers.listDealerOptions({ near: place });
    dealers.listDealerOptions({ chosenId: 1 });
    dealers.countDealers();
    await listPosts({ viewer: officer! });
    const report = reportQuerySchema.parse({ from: "2026-03-09", to: "2026-03-10", groupBy: "officer" });
    await buildReport(admin!, report, now);
    await reportOfficers(admin!, undefined);
    // The sale above is on credit: its entry, an adjustment and its reversal fill every column.
    const ledger = await import("~/models/ledger.server");
    const adjustment = await ledger.adjustAccount(admin!, dealer.id, { amount: -100n, reason: "Discount" });
    await ledger.reverseEntry(admin!, adjustment.value.id, { reason: "Given twice" });
    await ledger.accountOfDealer(dealer.id, now);
    ledger.ledgerEntriesById([adjustment.value.id]);
    ledger.balanceBefore(dealer.id, now.getTime());
    await prisma.post.create({
      data: { userId: officer!.id, dealerId: dealer.id, type: "RECOVERY", recoveryAmountCents: 1_000n, createdAt: now },
    });
    const { buildAccountsReport } = await import("~/models/accounts-report.server");
    await buildAccountsReport(admin!, { groupBy: "officer" }, now);
    // A plot sown in February whose mid-season visit is 9 days overdue.
    const { demoPlot, farmerOf } = await import("../../tests/support/demo-plots");
    const farmer = await farmerOf(team!.id);
    await demoPlot({
      officerId: officer!.id,
      farmerId: farmer.id,
      midVisitDueOn: "2026-03-01",
      harvestDueOn: "2026-05-01",
    });
    const { overduePlotVisits } = await import("~/models/plot-visits-due.server");
    await overduePlotVisits(manager!, {}, now);
    const { plotsOnMap } = await import("~/models/plot-map.server");
    plotsOnMap(everyone);

    // A farmer met at a meeting and given a harvested demo plot this season (Rabi 2025).
    const rafiq = await prisma.farmer.create({
      data: { name: "Rafiq", tehsil: "Okara", district: "Okara", landHundredths: 500, teamId: team!.id },
    });
    const meeting = await prisma.post.create({
      data: { userId: officer!.id, type: "FARMER_MEETING", headCount: 4, createdAt: now },
    });
    await prisma.meetingAttendee.create({ data: { postId: meeting.id, farmerId: rafiq.id } });
    const started = await prisma.post.create({ data: { userId: officer!.id, type: "DEMO_PLOT", createdAt: now } });
    await prisma.demoPlot.create({
      data: {
        postId: started.id,
        farmerId: rafiq.id,
        officerId: officer!.id,
        crop: "wheat",
        product: "SSP",
        areaHundredths: 100,
        controlAreaHundredths: 100,
        lat: 30.81,
        lng: 73.45,
        sownOn: "2026-03-01",
        midVisitDueOn: "2026-03-05",
        harvestDueOn: "2026-03-09",
        stage: "HARVESTED",
        harvestedOn: "2026-03-09",
        yieldKgPerAcre: 1100,
        controlYieldKgPerAcre: 1000,
      },
    });
    const { buildFarmersReport } = await import("~/models/farmers-report.server");
    await buildFarmersReport(admin!, { groupBy: "officer" }, now);

    const unread = Object.entries(sqlRows)
      .filter(([, shape]) => !read.get(shape))
      .map(([name]) => name);
    expect(unread).toEqual([]);
  });
});
