import { describe, expect, it } from "vitest";
import { prisma } from "../support/db";
import { seedDemoData } from "../../prisma/seed";

const NOW = new Date("2026-11-22T07:30:00Z");

/** Usernames by team name, and the dealers' team by city for the cities named. */
async function teams() {
  const rows = await prisma.team.findMany({
    orderBy: { id: "asc" },
    select: {
      name: true,
      provinces: true,
      districts: true,
      members: { select: { username: true }, orderBy: { id: "asc" } },
      managers: { select: { user: { select: { username: true } } } },
    },
  });
  return rows.map((team) => ({
    name: team.name,
    provinces: JSON.parse(team.provinces) as string[],
    districts: JSON.parse(team.districts) as string[],
    members: team.members.map((member) => member.username),
    managers: team.managers.map((manager) => manager.user.username),
  }));
}

describe("the demo seed's teams", () => {
  it("makes three regional teams, each led by a manager, and places dealers by their territory", async () => {
    const counts = await seedDemoData({ now: NOW });
    expect(counts).toMatchObject({ teams: 3, users: 12, dealers: 76 });
    expect(await teams()).toEqual([
      expect.objectContaining({
        name: "Punjab",
        managers: ["manager"],
        members: ["manager", "officer1", "officer2", "officer3"],
      }),
      expect.objectContaining({
        name: "Sindh & Balochistan",
        managers: ["manager2"],
        members: ["officer4", "officer5", "officer7", "manager2"],
      }),
      expect.objectContaining({
        name: "North & Capital",
        managers: ["manager3"],
        members: ["officer6", "officer8", "manager3"],
        districts: ["Rawalpindi"],
      }),
    ]);
    expect(await prisma.user.findUnique({ where: { username: "admin" }, select: { teamId: true } })).toEqual({
      teamId: null,
    });
    const dealers = await prisma.dealer.findMany({
      select: { city: true, state: true, team: { select: { name: true } } },
    });
    expect(dealers.every((dealer) => dealer.team !== null)).toBe(true);
    // A district wins over a province: Rawalpindi is in Punjab, and in the capital's team.
    for (const dealer of dealers) {
      const expected =
        dealer.city === "Rawalpindi" || !["Punjab", "Sindh", "Balochistan"].includes(dealer.state ?? "")
          ? "North & Capital"
          : dealer.state === "Punjab"
            ? "Punjab"
            : "Sindh & Balochistan";
      expect(`${dealer.city}: ${dealer.team?.name}`).toBe(`${dealer.city}: ${expected}`);
    }
    expect(dealers.some((dealer) => dealer.city === "Rawalpindi")).toBe(true);
  });

  it("with teams: one, makes one team of everyone with no territory and no other people", async () => {
    const counts = await seedDemoData({ now: NOW, teams: "one" });
    expect(counts).toMatchObject({ teams: 1, users: 10, dealers: 76 });
    const [team, ...others] = await teams();
    expect(others).toEqual([]);
    expect(team).toMatchObject({ provinces: [], districts: [], managers: ["manager"] });
    expect(team?.members).toHaveLength(10);
    expect(await prisma.dealer.count({ where: { teamId: { not: null } } })).toBe(0);
  });
});
