import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { english } from "../../tests/support/english";
import { COMPANY_READER, withCurrentShapes } from "~/models/change.server";
import {
  ERASED_NAME,
  FARMER_ERASED,
  FARMER_NOT_FOUND,
  farmerPatchSchema,
  farmerSchema,
  farmerSearchSchema,
  type FarmerInput,
} from "~/models/farmer.schema";
import {
  createFarmer,
  DEALER_UNKNOWN,
  eraseFarmer,
  FARMER_TEAM_NOT_YOURS,
  getFarmer,
  NO_TEAM_TO_WORK_WITH,
  searchFarmers,
  updateFarmer,
} from "~/models/farmers.server";
import { FARMER_NOT_ERASABLE, FARMER_NOT_YOURS } from "~/models/policy";
import { TEAM_NOT_FOUND } from "~/models/team.schema";

beforeEach(resetDatabase);

async function person(username: string, role: string, teamId: number | null) {
  return prisma.user.create({
    data: { username, email: `${username}@example.pk`, passwordHash: "x", role, teamId, firstName: username },
    select: { id: true, role: true, teamId: true },
  });
}

async function world() {
  const north = (await prisma.team.create({ data: { name: "North" } })).id;
  const south = (await prisma.team.create({ data: { name: "South" } })).id;
  const manager = await person("manager", "MANAGER", north);
  await prisma.teamManager.create({ data: { teamId: north, userId: manager.id } });
  const admin = await person("admin", "ADMIN", null);
  const ayesha = await person("ayesha", "OFFICER", north);
  const sana = await person("sana", "OFFICER", south);
  const dealer = await prisma.dealer.create({
    data: { businessName: "A Traders", street: "Main Bazaar", city: "Sahiwal", state: "Punjab", lat: 30.6, lng: 73.1 },
  });
  return { north, south, manager, admin, ayesha, sana, dealer };
}

/** A farmer's fields as a form sends them, read by the one schema. */
function input(fields: Record<string, unknown> = {}): FarmerInput {
  return farmerSchema.parse({
    name: "Ghulam Rasool",
    phone: "0300-1234567",
    village: "Chak 45",
    tehsil: "Sahiwal",
    district: "Sahiwal",
    landAcres: "12.5",
    mainCrops: ["wheat", "cotton"],
    ...fields,
  });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { status?: number; message: string; field?: string; values?: Record<string, string> }) => ({
      status: error.status,
      message: english(error.message, error.values),
      field: error.field,
    }),
  );

describe("the farmer's input", () => {
  it("keeps the phone in one international form and the land in hundredths of an acre", () => {
    expect(input({ phone: "+92 300 1234567", landAcres: 0.01 })).toMatchObject({
      phone: "+923001234567",
      landAcres: 1,
    });
    expect(input({ landAcres: "10000" }).landAcres).toBe(1_000_000);
  });

  it.each([
    ["an absurd area", { landAcres: "10000.01" }, "landAcres"],
    ["no land", { landAcres: "0" }, "landAcres"],
    ["a third decimal", { landAcres: "1.005" }, "landAcres"],
    ["a landline", { phone: "042 1234567" }, "phone"],
    ["an unknown crop", { mainCrops: ["wheat", "opium"] }, "mainCrops"],
    ["no name", { name: "  " }, "name"],
  ])("refuses %s with a message on its field", (_case, fields, field) => {
    const result = farmerSchema.safeParse({ ...input(), landAcres: "1", phone: "03001234567", ...fields });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe("the farmer register", () => {
  it("adds a farmer worked with by the creator's team, found by name, village and phone digits", async () => {
    const { ayesha, manager, north, dealer } = await world();
    const { value: farmer } = await createFarmer(ayesha, input({ dealerId: dealer.id }));
    expect(farmer).toMatchObject({
      name: "Ghulam Rasool",
      phone: "+923001234567",
      landAcres: 12.5,
      mainCrops: ["wheat", "cotton"],
      team: { id: north },
      dealer: { id: dealer.id, businessName: "A Traders" },
      createdById: ayesha.id,
    });
    for (const query of ["ghulam", "Chak 4", "0300 1234", "1234567"]) {
      const page = await searchFarmers(manager, farmerSearchSchema.parse({ query }));
      expect(
        page.farmers.map((found) => found.id),
        query,
      ).toEqual([farmer.id]);
    }
    expect((await searchFarmers(ayesha, { query: "nobody", page: 1 })).farmers).toEqual([]);
  });

  it("pages the list by name, twenty a page", async () => {
    const { ayesha } = await world();
    for (let i = 0; i < 21; i++)
      await createFarmer(ayesha, input({ name: `Farmer ${String(i).padStart(2, "0")}`, phone: null }));
    const first = await searchFarmers(ayesha, { page: 1 });
    const second = await searchFarmers(ayesha, farmerSearchSchema.parse({ page: "2" }));
    expect([first.farmers.length, first.hasMore, second.farmers.length, second.hasMore]).toEqual([20, true, 1, false]);
    expect(second.farmers[0]?.name).toBe("Farmer 20");
  });

  it("refuses a second farmer with the same phone, naming the first to those who work with them", async () => {
    const { ayesha, manager, sana } = await world();
    await createFarmer(ayesha, input());
    expect(await refusal(createFarmer(manager, input({ name: "Another", phone: "+92 300 1234567" })))).toEqual({
      status: 409,
      message: "This phone is already the phone of Ghulam Rasool: open their page instead of adding them again.",
      field: "phone",
    });
    // Another team learns that the phone is taken, never whose it is.
    expect(await refusal(createFarmer(sana, input({ name: "Another" })))).toMatchObject({
      status: 409,
      message: "This phone is already the phone of a farmer another team works with.",
    });
    expect(await prisma.farmer.count()).toBe(1);
  });

  it("keeps another team's farmers from an officer: not listed, not read, not changed", async () => {
    const { ayesha, sana, admin } = await world();
    const { value: farmer } = await createFarmer(ayesha, input());
    expect((await searchFarmers(sana, { page: 1 })).farmers).toEqual([]);
    expect(await refusal(getFarmer(sana, farmer.id))).toMatchObject({
      status: 403,
      message: english(FARMER_NOT_YOURS),
    });
    expect(await refusal(updateFarmer(sana, farmer.id, { name: "Changed" }))).toMatchObject({ status: 403 });
    expect(await refusal(getFarmer(sana, farmer.id + 1))).toMatchObject({
      status: 404,
      message: english(FARMER_NOT_FOUND),
    });
    expect((await getFarmer(admin, farmer.id)).name).toBe("Ghulam Rasool");
    expect((await prisma.farmer.findUniqueOrThrow({ where: { id: farmer.id } })).name).toBe("Ghulam Rasool");
  });

  it("adds a farmer once for a key sent twice, and refuses the key with other fields", async () => {
    const { ayesha } = await world();
    const key = { value: "farmer-key-0123456789", from: "header" as const };
    const first = await createFarmer(ayesha, input(), key);
    const again = await createFarmer(ayesha, input(), key);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ value: first.value, replayed: true });
    expect(await refusal(createFarmer(ayesha, input({ name: "Other" }), key))).toMatchObject({ status: 422 });
    expect(await prisma.farmer.count()).toBe(1);
  });

  it("puts a farmer in the team sent, for those who manage that team's farmers, and moves them", async () => {
    const { north, south, ayesha, sana, admin, manager } = await world();
    const { value: farmer } = await createFarmer(admin, input({ teamId: north }));
    expect(farmer.team?.id).toBe(north);
    expect((await getFarmer(ayesha, farmer.id)).name).toBe("Ghulam Rasool");
    expect(await refusal(createFarmer(ayesha, input({ phone: null, teamId: south })))).toEqual({
      status: 403,
      message: english(FARMER_TEAM_NOT_YOURS),
      field: "teamId",
    });
    expect(await refusal(createFarmer(manager, input({ phone: null, teamId: 999 })))).toEqual({
      status: 400,
      message: english(TEAM_NOT_FOUND),
      field: "teamId",
    });
    expect(await refusal(updateFarmer(manager, farmer.id, { teamId: south }))).toMatchObject({ status: 403 });
    expect(await prisma.farmer.count()).toBe(1);

    await updateFarmer(admin, farmer.id, { teamId: south });
    expect(await refusal(getFarmer(ayesha, farmer.id))).toMatchObject({ status: 403 });
    expect((await getFarmer(sana, farmer.id)).team?.id).toBe(south);
  });

  it("refuses an unknown dealer and a creator in no team, writing nothing", async () => {
    const { ayesha } = await world();
    const loner = await person("loner", "OFFICER", null);
    expect(await refusal(createFarmer(ayesha, input({ dealerId: 999 })))).toEqual({
      status: 400,
      message: english(DEALER_UNKNOWN),
      field: "dealerId",
    });
    expect(await refusal(createFarmer(loner, input()))).toMatchObject({
      status: 403,
      message: english(NO_TEAM_TO_WORK_WITH),
    });
    expect(await prisma.farmer.count()).toBe(0);
  });

  it("changes only the fields sent", async () => {
    const { ayesha } = await world();
    const { value: farmer } = await createFarmer(ayesha, input());
    const patch = farmerPatchSchema.parse({ village: "Chak 46", landAcres: 3 });
    const changed = await updateFarmer(ayesha, farmer.id, patch);
    expect(changed).toMatchObject({ name: "Ghulam Rasool", village: "Chak 46", landAcres: 3, phone: "+923001234567" });
  });
});

describe("erasing a farmer on request", () => {
  it("clears the name, phone and village everywhere they are read, keeps the row, and refuses a second erasure", async () => {
    const { ayesha, manager } = await world();
    const { value: farmer } = await createFarmer(ayesha, input());
    const erased = await eraseFarmer(manager, farmer.id);
    expect(erased).toMatchObject({ name: ERASED_NAME, phone: null, village: null, tehsil: "Sahiwal" });
    expect(await prisma.farmer.count()).toBe(1);

    const traces = ["Ghulam", "1234567", "Chak 45"];
    const reads = [
      await getFarmer(manager, farmer.id),
      await searchFarmers(manager, { query: "Ghulam", page: 1 }),
      await searchFarmers(manager, { page: 1 }),
      // The change feed's reads of the farmer's creation and change, after the erasure.
      await withCurrentShapes(await prisma.change.findMany({ where: { entity: "farmer" } }), COMPANY_READER),
    ];
    const text = JSON.stringify(reads);
    for (const trace of traces) expect(text).not.toContain(trace);
    expect(text).toContain(ERASED_NAME);

    expect(await refusal(eraseFarmer(manager, farmer.id))).toEqual({
      status: 409,
      message: english(FARMER_ERASED),
      field: undefined,
    });
    expect(await refusal(updateFarmer(ayesha, farmer.id, { name: "Back" }))).toMatchObject({ status: 409 });
    // The phone is free again for a farmer who registers anew.
    await createFarmer(ayesha, input({ name: "New Owner" }));
  });

  it("drops the webhook bodies kept of the farmer and of the meetings they were named at, to be made anew if still to send", async () => {
    const { ayesha, manager } = await world();
    await prisma.webhookEndpoint.create({
      data: {
        url: "https://hooks.example.pk/in",
        events: JSON.stringify(["farmer.created", "post.created"]),
        secret: "s",
      },
    });
    const { value: farmer } = await createFarmer(ayesha, input());
    const meeting = await prisma.post.create({
      data: {
        userId: ayesha.id,
        type: "FARMER_MEETING",
        headCount: 12,
        attendees: { create: { farmerId: farmer.id } },
      },
    });
    const other = await prisma.post.create({ data: { userId: ayesha.id, type: "FIELD_VISIT", text: "Canal road" } });
    // What the delivery worker keeps of each event at its first attempt (the name travels in both).
    for (const delivery of await prisma.webhookDelivery.findMany())
      await prisma.webhookDelivery.update({
        where: { id: delivery.id },
        data: { body: JSON.stringify({ event: delivery.event, name: "Ghulam Rasool", phone: "+923001234567" }) },
      });
    expect(await prisma.webhookDelivery.count()).toBe(3);

    await eraseFarmer(manager, farmer.id);
    const kept = await prisma.webhookDelivery.findMany({ where: { body: { not: null } } });
    expect(kept.map((delivery) => delivery.event)).toEqual(["post.created"]);
    const otherChange = await prisma.change.findFirstOrThrow({ where: { entity: "post", entityId: other.id } });
    expect(kept[0]!.changeSeq).toBe(otherChange.seq);
    expect(meeting.id).not.toBe(other.id);
  });

  it("erases once when two erasures of the same farmer race: the other answers 409", async () => {
    const { ayesha, manager, admin } = await world();
    const { value: farmer } = await createFarmer(ayesha, input());
    const outcomes = await Promise.all([
      refusal(eraseFarmer(manager, farmer.id)),
      refusal(eraseFarmer(admin, farmer.id)),
    ]);
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    expect(outcomes).toContainEqual({ status: 409, message: english(FARMER_ERASED), field: undefined });
  });

  it("is for the managers of the farmer's team and admins, not its officers", async () => {
    const { ayesha } = await world();
    const { value: farmer } = await createFarmer(ayesha, input());
    expect(await refusal(eraseFarmer(ayesha, farmer.id))).toMatchObject({
      status: 403,
      message: english(FARMER_NOT_ERASABLE),
    });
    expect((await prisma.farmer.findUniqueOrThrow({ where: { id: farmer.id } })).erasedAt).toBeNull();
  });
});
