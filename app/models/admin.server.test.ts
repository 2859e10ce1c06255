import { AppError } from "~/lib/app-error";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import {
  getAdminDashboard,
  searchUsers,
  sendAdminPasswordReset,
  updateUserByAdmin,
  listOutbox,
} from "~/models/admin.server";
import {
  adminDashboardSchema,
  adminUserListSchema,
  adminUserSchema,
  OWN_ACCOUNT_LOCKED,
  OWN_ROLE_LOCKED,
  outboxPageSchema,
  RESET_OF_DEACTIVATED,
  updateUserSchema,
  USER_NOT_FOUND,
} from "~/models/admin.schema";
import { KEY_REUSED, type SubmissionKey } from "~/infra/idempotency.server";
import { createUserSession, getSessionUser } from "~/models/session.server";
import { registerUser } from "~/models/user.server";
import { emailWords } from "~/http/email-words.server";

/** A reset email in English: the recipient chose no language, the request was English. */
const ENGLISH_EMAIL = emailWords("en");

beforeEach(resetDatabase);

let counter = 0;
async function makeUser(role = "OFFICER", firstName = "Bilal") {
  const username = `user${++counter}`;
  const user = await registerUser({
    username,
    email: `${username}@example.pk`,
    password: "secret12",
    firstName,
    lastName: "Ahmed",
  });
  if (role !== "OFFICER") await prisma.user.update({ where: { id: user.id }, data: { role } });
  return user;
}

/** The Cookie header a browser sends back for a Set-Cookie header. */
function cookieHeaderOf(setCookie: string): string {
  return setCookie.split(";")[0] ?? "";
}

/** The users table as an admin sees it: everyone. */
const anAdmin = { id: 0, role: "ADMIN", teamId: null };

// Sunday 2026-11-22 12:00 in Karachi (07:00 UTC): the week started today, the month on the 1st.
const NOW = new Date("2026-11-22T07:00:00Z");
const at = (iso: string) => new Date(iso);

describe("getAdminDashboard", () => {
  it("counts from the database in the Karachi day, week and month", async () => {
    const admin = await makeUser("ADMIN");
    const manager = await makeUser("MANAGER");
    const officer = await makeUser();
    const quiet = await makeUser();
    const gone = await makeUser();
    await prisma.user.update({ where: { id: gone.id }, data: { isActive: false } });

    const dealer = await prisma.dealer.create({
      data: {
        businessName: "Kissan Store",
        street: "Mall Road",
        city: "Lahore",
        state: "Punjab",
        lat: 31.5,
        lng: 74.3,
      },
    });
    await prisma.dealer.create({
      data: { businessName: "Zarai Markaz", street: "GT Road", city: "Multan", state: "Punjab", lat: 30.2, lng: 71.5 },
    });
    await prisma.post.createMany({
      data: [
        // Today in Karachi (00:30 local is 19:30 UTC the day before).
        {
          userId: officer.id,
          type: "SALE",
          saleQty: 10,
          salePriceCents: 150_000n,
          saleTotalCents: 1_500_000n,
          dealerId: dealer.id,
          createdAt: at("2026-11-21T19:30:00Z"),
        },
        {
          userId: officer.id,
          type: "RECOVERY",
          recoveryAmountCents: 250_050n,
          dealerId: dealer.id,
          createdAt: at("2026-11-22T06:00:00Z"),
        },
        // Earlier this month, last week: counts for the month only.
        {
          userId: quiet.id,
          type: "SALE",
          saleQty: 1,
          salePriceCents: 99n,
          saleTotalCents: 99n,
          createdAt: at("2026-11-03T10:00:00Z"),
        },
        // Yesterday evening in Karachi (18:59 UTC is 23:59 local): not today, not this week.
        { userId: quiet.id, type: "FIELD_VISIT", text: "Visited farms", createdAt: at("2026-11-21T18:59:00Z") },
        // Last month.
        { userId: quiet.id, type: "RECOVERY", recoveryAmountCents: 1_000_00n, createdAt: at("2026-10-31T10:00:00Z") },
      ],
    });
    await prisma.checkIn.create({
      data: { userId: manager.id, type: "CHECK_IN", lat: 31.5, lng: 74.3, createdAt: at("2026-11-22T05:00:00Z") },
    });
    await prisma.dealerImport.create({
      data: { userId: admin.id, fileName: "dealers.xlsx", total: 12, successful: 10, failed: 2, errors: "[]" },
    });

    const dashboard = await getAdminDashboard(NOW);

    expect(dashboard.stats).toEqual({
      officers: 2,
      activeToday: 2,
      postsThisWeek: 2,
      dealers: 2,
      salesThisMonth: "15000.99",
      recoveryThisMonth: "2500.50",
    });
    expect(dashboard.recentPosts.map((post) => post.type)).toEqual([
      "RECOVERY",
      "SALE",
      "FIELD_VISIT",
      "SALE",
      "RECOVERY",
    ]);
    expect(dashboard.recentPosts[0]?.user.username).toBe(officer.username);
    expect(dashboard.recentRegistrations.map((user) => user.id)).toEqual([
      gone.id,
      quiet.id,
      officer.id,
      manager.id,
      admin.id,
    ]);
    expect(dashboard.recentImports).toEqual([
      expect.objectContaining({
        fileName: "dealers.xlsx",
        total: 12,
        successful: 10,
        failed: 2,
        user: expect.objectContaining({ id: admin.id }),
      }),
    ]);
    expect(adminDashboardSchema.parse(dashboard)).toEqual(dashboard);
  });

  it("answers zeros for an empty team", async () => {
    const { stats } = await getAdminDashboard(NOW);
    expect(stats).toEqual({
      officers: 0,
      activeToday: 0,
      postsThisWeek: 0,
      dealers: 0,
      salesThisMonth: "0.00",
      recoveryThisMonth: "0.00",
    });
  });
});

describe("searchUsers", () => {
  it("finds users by every word across name, username and email, newest first, 20 a page", async () => {
    const ayesha = await makeUser("OFFICER", "Ayesha");
    for (let i = 0; i < 21; i++) await makeUser();
    const byName = await searchUsers(anAdmin, { query: "ayesha ahmed" });
    expect(byName.users.map((user) => user.id)).toEqual([ayesha.id]);
    expect((await searchUsers(anAdmin, { query: `${ayesha.username}@EXAMPLE` })).total).toBe(1);
    expect((await searchUsers(anAdmin, { query: "nobody-like-this" })).users).toEqual([]);

    const first = await searchUsers(anAdmin, {});
    expect(first).toMatchObject({ total: 22, page: 1, pageSize: 20 });
    expect(first.users).toHaveLength(20);
    const second = await searchUsers(anAdmin, { page: 2 });
    expect(second.users.map((user) => user.id)).toEqual([expect.any(Number), ayesha.id]);
    expect(adminUserListSchema.parse(second)).toEqual(second);
  });
});

describe("updateUserByAdmin", () => {
  it("changes a role and answers the user as the API describes it", async () => {
    const admin = await makeUser("ADMIN");
    const officer = await makeUser();
    const updated = await updateUserByAdmin(admin.id, officer.id, { role: "MANAGER" });
    expect(updated).toMatchObject({ id: officer.id, role: "MANAGER", isActive: true });
    expect(adminUserSchema.parse(updated)).toEqual(updated);
  });

  it("deactivating ends the user's sessions; reactivating lets them back", async () => {
    const admin = await makeUser("ADMIN");
    const officer = await makeUser();
    const cookie = await createUserSession(officer.id);
    expect(await getSessionUser(cookieHeaderOf(cookie))).toMatchObject({ id: officer.id });

    expect(await updateUserByAdmin(admin.id, officer.id, { isActive: false })).toMatchObject({ isActive: false });
    expect(await prisma.session.count({ where: { userId: officer.id } })).toBe(0);
    expect(await getSessionUser(cookieHeaderOf(cookie))).toBeNull();

    expect(await updateUserByAdmin(admin.id, officer.id, { isActive: true })).toMatchObject({ isActive: true });
  });

  it("refuses an admin's own demotion or deactivation, so an ADMIN always remains", async () => {
    const admin = await makeUser("ADMIN");
    await createUserSession(admin.id);
    await expect(updateUserByAdmin(admin.id, admin.id, { role: "OFFICER" })).rejects.toThrow(
      new AppError(400, OWN_ROLE_LOCKED),
    );
    await expect(updateUserByAdmin(admin.id, admin.id, { isActive: false })).rejects.toThrow(
      new AppError(400, OWN_ACCOUNT_LOCKED),
    );
    const stored = await prisma.user.findUniqueOrThrow({
      where: { id: admin.id },
      select: { role: true, isActive: true },
    });
    expect(stored).toEqual({ role: "ADMIN", isActive: true });
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(1);
  });

  it("answers 404 for a missing user", async () => {
    const admin = await makeUser("ADMIN");
    const refusal = updateUserByAdmin(admin.id, 9999, { role: "MANAGER" });
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ status: 404, message: USER_NOT_FOUND });
  });
});

describe("updateUserSchema", () => {
  it("takes a role or isActive, and nothing else", () => {
    expect(updateUserSchema.safeParse({ role: "ADMIN" }).success).toBe(true);
    expect(updateUserSchema.safeParse({ isActive: false }).success).toBe(true);
    expect(updateUserSchema.safeParse({}).success).toBe(false);
    expect(updateUserSchema.safeParse({ role: "OWNER" }).success).toBe(false);
    expect(updateUserSchema.safeParse({ isActive: "no" }).success).toBe(false);
    expect(updateUserSchema.safeParse({ role: "ADMIN", passwordHash: "x" }).success).toBe(false);
  });
});

describe("sendAdminPasswordReset", () => {
  it("writes the reset email to the outbox with its link hidden", async () => {
    const admin = await makeUser("ADMIN");
    const officer = await makeUser();
    await sendAdminPasswordReset(admin.id, officer.id, ENGLISH_EMAIL);
    const outbox = await listOutbox();
    expect(outbox.total).toBe(1);
    expect(outbox.emails[0]).toMatchObject({
      to: officer.email,
      subject: "Reset your Fieldline password",
      sentAt: null,
    });
    expect(outbox.emails[0]?.text).toContain("[link hidden: only the recipient's copy has it]");
    expect(outbox.emails[0]?.text).not.toMatch(/token=/);
    expect(await prisma.passwordResetToken.count({ where: { userId: officer.id } })).toBe(1);
    expect(outboxPageSchema.parse(outbox)).toEqual(outbox);
  });

  it("a reset's key is its admin's: another admin's same key sends another link, the same admin's key for another user answers 422", async () => {
    const [admin, other, officer, second] = [
      await makeUser("ADMIN"),
      await makeUser("ADMIN"),
      await makeUser(),
      await makeUser(),
    ];
    const key: SubmissionKey = { value: "p".repeat(32), from: "header" };
    expect(await sendAdminPasswordReset(admin.id, officer.id, ENGLISH_EMAIL, key)).toEqual({ replayed: false });
    expect(await sendAdminPasswordReset(admin.id, officer.id, ENGLISH_EMAIL, key)).toEqual({ replayed: true });
    expect(await sendAdminPasswordReset(other.id, officer.id, ENGLISH_EMAIL, key)).toEqual({ replayed: false });
    await expect(sendAdminPasswordReset(admin.id, second.id, ENGLISH_EMAIL, key)).rejects.toThrow(
      new AppError(422, KEY_REUSED),
    );
    expect(await prisma.outboxEmail.count()).toBe(2);
  });

  it("refuses a deactivated account and a missing one", async () => {
    const admin = await makeUser("ADMIN");
    const officer = await makeUser();
    await updateUserByAdmin(admin.id, officer.id, { isActive: false });
    await expect(sendAdminPasswordReset(admin.id, officer.id, ENGLISH_EMAIL)).rejects.toThrow(
      new AppError(400, RESET_OF_DEACTIVATED),
    );
    await expect(sendAdminPasswordReset(admin.id, 9999, ENGLISH_EMAIL)).rejects.toMatchObject({ status: 404 });
    expect(await prisma.outboxEmail.count()).toBe(0);
  });
});

describe("listOutbox", () => {
  it("pages the emails newest first", async () => {
    await prisma.outboxEmail.createMany({
      data: Array.from({ length: 23 }, (_, i) => ({
        to: `u${i}@example.pk`,
        subject: `Mail ${i}`,
        text: "Hello",
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
      })),
    });
    const first = await listOutbox();
    expect(first.emails[0]?.subject).toBe("Mail 22");
    expect(first.emails).toHaveLength(20);
    const second = await listOutbox({ page: 2 });
    expect(second.emails.map((email) => email.subject)).toEqual(["Mail 2", "Mail 1", "Mail 0"]);
    expect(second.total).toBe(23);
  });
});
