import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { dealerRow, dealerWorkbook } from "../../tests/support/spreadsheets";
import { AppError } from "~/lib/app-error";
import { DEALER_NOT_YOURS } from "~/models/policy";
import { importDealerFile } from "~/models/dealer-import.server";
import { type KeptRowError, keptRowErrorLine } from "~/models/import-row-error";
import { english } from "../../tests/support/english";
import {
  createDealer,
  getDealer,
  mayChangeDealer,
  patchDealer,
  TEAM_NOT_YOURS,
  updateDealer,
} from "~/models/dealer.server";
import {
  createTeam,
  deleteTeam,
  getTeam,
  listTeamsFor,
  setTeamManager,
  setTeamMember,
  updateTeam,
} from "~/models/team.server";
import { MANAGER_ROLE_REFUSED, TEAM_NAME_TAKEN, type TeamInput } from "~/models/team.schema";

/** An import's row errors as an English page and /api read them. */
const lines = (result: { errors: KeptRowError[] }) => result.errors.map((error) => keptRowErrorLine(english, error));

beforeEach(resetDatabase);

/** Every team, as an admin sees them. */
const anAdmin = { id: 0, role: "ADMIN", teamId: null };

const dealer = (businessName: string, city: string, state: "Punjab" | "Sindh" | "Balochistan") => ({
  businessName,
  street: "Shop 1",
  city,
  state,
  lat: 30,
  lng: 71,
  formattedAddress: `${city}, ${state}, Pakistan`,
});

const team = (name: string, provinces: TeamInput["provinces"], districts: string[] = []): TeamInput => ({
  name,
  provinces,
  districts,
});

async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string; field?: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: error.message, field: error.field };
    throw error;
  }
  throw new Error("not refused");
}

async function addUser(username: string, role: string) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role },
    select: { id: true },
  });
}

describe("the dealer's territory", () => {
  it("a district beats a province; a team set by hand is kept through address and territory changes", async () => {
    const punjab = await createTeam(team("Punjab team", ["Punjab"]));
    const multan = await createTeam(team("Multan team", [], ["multan"]));
    const okara = (await createDealer(dealer("Okara Traders", "Okara", "Punjab"), null)).dealer;
    const inMultan = (await createDealer(dealer("Multan Traders", "Multan", "Punjab"), null)).dealer;
    const quetta = (await createDealer(dealer("Quetta Traders", "Quetta", "Balochistan"), null)).dealer;
    expect(okara.team).toEqual({ id: punjab.id, name: "Punjab team" });
    expect(inMultan.team?.id).toBe(multan.id);
    expect(quetta.team).toBeNull();

    // By hand: kept when the address changes and the teams' territories change.
    const byHand = await updateDealer(anAdmin, quetta.id, {
      ...dealer("Quetta Traders", "Quetta", "Balochistan"),
      teamId: punjab.id,
    });
    expect(byHand).toMatchObject({ team: { id: punjab.id }, teamSetByHand: true });
    await updateDealer(anAdmin, quetta.id, dealer("Quetta Traders", "Multan", "Punjab"));
    await updateTeam(multan.id, team("Multan team", ["Balochistan"], ["Multan"]));
    expect((await getDealer(quetta.id))?.team?.id).toBe(punjab.id);
    // "From the address" gives it back to its address.
    expect(
      (await updateDealer(anAdmin, quetta.id, { ...dealer("Quetta Traders", "Quetta", "Balochistan"), teamId: "auto" }))
        .team?.id,
    ).toBe(multan.id);

    // A territory change moves the dealers not set by hand.
    await updateTeam(punjab.id, team("Punjab team", []));
    expect((await getDealer(okara.id))?.team).toBeNull();

    // Deleting a team: its dealers go to the team of their address.
    await deleteTeam(multan.id);
    expect((await getDealer(inMultan.id))?.team).toBeNull();
  });

  it("decides who changes a dealer: its team, the managers of its team, admins; a dealer of no team, anyone", async () => {
    const punjab = await createTeam(team("Punjab team", ["Punjab"]));
    const sindh = await createTeam(team("Sindh team", ["Sindh"]));
    const officerA = { id: (await addUser("officer.a", "OFFICER")).id, role: "OFFICER", teamId: punjab.id };
    const officerB = { id: (await addUser("officer.b", "OFFICER")).id, role: "OFFICER", teamId: sindh.id };
    const unassigned = { id: (await addUser("officer.none", "OFFICER")).id, role: "OFFICER", teamId: null };
    const manager = { id: (await addUser("manager.b", "MANAGER")).id, role: "MANAGER", teamId: null };
    await setTeamManager(sindh.id, manager.id, true);
    const inSindh = (await createDealer(dealer("Sukkur Traders", "Sukkur", "Sindh"), officerA)).dealer;
    const nowhere = (await createDealer(dealer("Quetta Traders", "Quetta", "Balochistan"), null)).dealer;
    expect(inSindh.team?.id).toBe(sindh.id);

    for (const viewer of [officerB, manager, anAdmin]) expect(await mayChangeDealer(viewer, inSindh)).toBe(true);
    for (const viewer of [officerA, unassigned]) {
      expect(await mayChangeDealer(viewer, inSindh)).toBe(false);
      expect(await refusal(patchDealer(viewer, inSindh.id, { notes: "ours" }))).toEqual({
        status: 403,
        message: DEALER_NOT_YOURS,
      });
    }
    // A dealer of no team is in nobody's territory: anyone changes it, into a team they may choose.
    expect(await patchDealer(unassigned, nowhere.id, { notes: "seen" })).toMatchObject({ notes: "seen" });
    expect(await refusal(patchDealer(officerA, nowhere.id, { teamId: sindh.id }))).toEqual({
      status: 403,
      message: TEAM_NOT_YOURS,
      field: "teamId",
    });
    expect((await patchDealer(officerA, nowhere.id, { teamId: punjab.id })).team?.id).toBe(punjab.id);
    // A manager puts a dealer only in a team they lead; adding one names a team the same way.
    expect(await refusal(patchDealer(manager, inSindh.id, { teamId: punjab.id }))).toMatchObject({ status: 403 });
    expect(
      await refusal(createDealer({ ...dealer("Lahore Traders", "Lahore", "Punjab"), teamId: sindh.id }, officerA)),
    ).toMatchObject({ status: 403, message: TEAM_NOT_YOURS });
    expect((await patchDealer(anAdmin, inSindh.id, { teamId: punjab.id })).team?.id).toBe(punjab.id);
  });
});

describe("teams", () => {
  it("names are unique (case ignored): 409 on the name field", async () => {
    await createTeam(team("North", ["Punjab"]));
    expect(await refusal(createTeam(team("north", [])))).toEqual({
      status: 409,
      message: TEAM_NAME_TAKEN,
      field: "name",
    });
  });

  it("an officer is in one team; managers lead one or more; deleting leaves members unassigned", async () => {
    const a = await createTeam(team("A", ["Punjab"]));
    const b = await createTeam(team("B", ["Sindh"]));
    const officer = await addUser("o1", "OFFICER");
    const manager = await addUser("m1", "MANAGER");
    await setTeamMember(a.id, officer.id, true);
    await setTeamMember(b.id, officer.id, true);
    expect((await getTeam(a.id)).members).toEqual([]);
    expect((await getTeam(b.id)).members.map((member) => member.id)).toEqual([officer.id]);
    await setTeamManager(a.id, manager.id, true);
    await setTeamManager(b.id, manager.id, true);
    expect((await listTeamsFor(anAdmin)).map((t) => [t.name, t.memberCount, t.managerCount])).toEqual([
      ["A", 0, 1],
      ["B", 1, 1],
    ]);
    expect(await refusal(setTeamManager(a.id, officer.id, true))).toMatchObject({
      status: 400,
      message: MANAGER_ROLE_REFUSED,
    });
    await deleteTeam(b.id);
    expect((await prisma.user.findUnique({ where: { id: officer.id } }))?.teamId).toBeNull();
  });
});

describe("the import's Team column", () => {
  it("a team named (case ignored) is set by hand; an unknown name is a row error", async () => {
    const north = await createTeam(team("North", ["Sindh"]));
    const header = ["business_name", "street", "City", "State", "lat", "lng", "formatted_address", "Team"];
    const file = dealerWorkbook(
      [{ ...dealerRow(1), Team: "north" }, { ...dealerRow(2), Team: "Nowhere" }, dealerRow(3)] as never,
      { header },
    );
    const result = await importDealerFile(file, { fileName: "dealers.xlsx", userId: null });
    expect({ ...result, errors: lines(result) }).toMatchObject({
      total: 3,
      successful: 2,
      failed: 1,
      errors: ['Row 3: Team "Nowhere" not found'],
    });
    const rows = await prisma.dealer.findMany({
      select: { businessName: true, teamId: true, teamSetByHand: true },
      orderBy: { id: "asc" },
    });
    expect(rows).toEqual([
      { businessName: "Test Kissan Agro Centre 1", teamId: north.id, teamSetByHand: true },
      // Okara, Punjab: no team's territory.
      { businessName: "Test Kissan Agro Centre 3", teamId: null, teamSetByHand: false },
    ]);
  });

  it("an importer names only a team they may put a dealer in: another team is a row error", async () => {
    const north = await createTeam(team("North", ["Punjab"]));
    const south = await createTeam(team("South", ["Sindh"]));
    const officer = await prisma.user.create({
      data: { username: "north.officer", email: "n@example.pk", passwordHash: "x", teamId: north.id },
    });
    const header = ["business_name", "street", "City", "State", "lat", "lng", "formatted_address", "Team"];
    const file = dealerWorkbook(
      [{ ...dealerRow(1), Team: "South" }, { ...dealerRow(2), Team: "North" }, dealerRow(3)] as never,
      { header },
    );
    const result = await importDealerFile(file, { fileName: "dealers.xlsx", userId: officer.id });
    expect({ ...result, errors: lines(result) }).toMatchObject({
      total: 3,
      successful: 2,
      failed: 1,
      errors: ['Row 2: Team "South" is not your team or a team you lead'],
    });
    expect(await prisma.dealer.count({ where: { teamId: south.id } })).toBe(0);
    // Without a Team cell, the address chooses, whoever imports (as the Add Dealer form's "From the address").
    expect(await prisma.dealer.count({ where: { teamId: north.id } })).toBe(2);
  });

  it('"Territory" is read as the Team column too', async () => {
    await createTeam(team("South", ["Sindh"]));
    const header = ["business_name", "street", "City", "State", "lat", "lng", "formatted_address", "Territory"];
    const file = dealerWorkbook([{ ...dealerRow(1), Territory: "Elsewhere" }] as never, { header });
    const result = await importDealerFile(file, { fileName: "dealers.xlsx", userId: null });
    expect(lines(result)).toEqual(['Row 2: Team "Elsewhere" not found']);
  });
});
