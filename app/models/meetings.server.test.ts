import { parseWithZod } from "@conform-to/zod/v4";
import { postBodyFromForm } from "~/browser/send-queue";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma, resetDatabase } from "../../tests/support/db";
import { ERASED_NAME, farmerSchema, LAND_INVALID } from "~/models/farmer.schema";
import { createFarmer, eraseFarmer } from "~/models/farmers.server";
import { HEAD_COUNT_BELOW_NAMED, HEAD_COUNT_INVALID, PHONE_NOT_A_FARMER } from "~/models/meeting.schema";
import { farmerMeetings } from "~/models/meetings.server";
import { FARMER_NOT_YOURS } from "~/models/policy";
import { postSchema } from "~/models/post.schema";
import { createPost, getPost } from "~/models/post.server";

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
  const ayesha = await person("ayesha", "OFFICER", north);
  const sana = await person("sana", "OFFICER", south);
  const manager = await person("manager", "MANAGER", north);
  await prisma.teamManager.create({ data: { teamId: north, userId: manager.id } });
  const farmer = (fields: Record<string, unknown>) =>
    farmerSchema.parse({ tehsil: "Sahiwal", district: "Sahiwal", landAcres: "5", ...fields });
  const { value: rasool } = await createFarmer(ayesha, farmer({ name: "Ghulam Rasool", phone: "0300 1234567" }));
  const { value: bibi } = await createFarmer(ayesha, farmer({ name: "Rehana Bibi", phone: "0301 7654321" }));
  const { value: southern } = await createFarmer(sana, farmer({ name: "Allah Ditta", phone: "0333 1112223" }));
  return { north, ayesha, sana, manager, rasool, bibi, southern };
}

const meeting = (fields: Record<string, unknown>) =>
  postSchema.parse({ type: "FARMER_MEETING", text: "Wheat meeting at Chak 45", ...fields });

const newFarmer = { name: "Muhammad Aslam", phone: "0302 5556667", tehsil: "Okara", district: "Okara", landAcres: 7.5 };

/** What a refused meeting must not have left behind. */
async function nothingWritten() {
  expect(await prisma.post.count()).toBe(0);
  expect(await prisma.meetingAttendee.count()).toBe(0);
  expect(await prisma.farmer.count({ where: { name: "Muhammad Aslam" } })).toBe(0);
}

describe("a Farmer Meeting post's people", () => {
  it("names farmers by phone and by id, adds a new farmer to the author's team, and keeps the head count", async () => {
    const w = await world();
    const { id } = await createPost(
      w.ayesha.id,
      meeting({ headCount: "40", attendeePhones: "0300-1234567\n", attendees: [{ farmerId: w.bibi.id }, newFarmer] }),
    );
    const post = await getPost(id, w.ayesha);
    expect(post?.headCount).toBe(40);
    expect(post?.attendees.map((farmer) => farmer.name)).toEqual(["Ghulam Rasool", "Muhammad Aslam", "Rehana Bibi"]);
    const aslam = await prisma.farmer.findFirstOrThrow({ where: { name: "Muhammad Aslam" } });
    expect(aslam).toMatchObject({
      teamId: w.north,
      createdById: w.ayesha.id,
      phone: "+923025556667",
      landHundredths: 750,
    });
    // Another team's reader sees the head count, not the names of the farmers the team works with.
    expect((await getPost(id, w.sana))?.attendees).toEqual([]);
    expect((await farmerMeetings(w.manager, w.rasool.id)).meetings).toEqual([
      expect.objectContaining({ postId: id, headCount: 40, officer: { id: w.ayesha.id, name: "ayesha" } }),
    ]);
  });

  it("counts a farmer named twice once, and takes the number named when no head count is given", async () => {
    const w = await world();
    const { id } = await createPost(
      w.ayesha.id,
      meeting({ attendeePhones: "0300 1234567, +92 300 1234567", attendees: [{ farmerId: w.rasool.id }] }),
    );
    expect((await getPost(id, w.ayesha))?.headCount).toBe(1);
    // A client that sends neither (every post before meetings named anyone) still posts.
    const plain = await createPost(w.ayesha.id, meeting({}));
    expect((await getPost(plain.id, w.ayesha))?.headCount).toBeNull();
  });

  it("refuses a head count below the farmers named, with nothing written", async () => {
    const w = await world();
    await expect(
      createPost(
        w.ayesha.id,
        meeting({ headCount: 2, attendeePhones: "03001234567", attendees: [{ farmerId: w.bibi.id }, newFarmer] }),
      ),
    ).rejects.toMatchObject({ status: 400, message: HEAD_COUNT_BELOW_NAMED, field: "headCount" });
    await nothingWritten();
  });

  it("refuses another team's farmer 403, by phone or by id, with nothing written", async () => {
    const w = await world();
    await expect(
      createPost(w.ayesha.id, meeting({ attendeePhones: "0333 1112223", attendees: [newFarmer] })),
    ).rejects.toMatchObject({ status: 403, message: FARMER_NOT_YOURS, field: "attendeePhones" });
    await expect(
      createPost(w.ayesha.id, meeting({ attendees: [newFarmer, { farmerId: w.southern.id }] })),
    ).rejects.toMatchObject({ status: 403, field: "attendees[1].farmerId" });
    await nothingWritten();
  });

  it("names a phone no farmer has", async () => {
    const w = await world();
    await expect(
      createPost(w.ayesha.id, meeting({ attendeePhones: "0300 1234567\n0345 0000000" })),
    ).rejects.toMatchObject({
      status: 400,
      message: PHONE_NOT_A_FARMER,
      values: { phone: "0345 0000000" },
      field: "attendeePhones",
    });
    await nothingWritten();
  });

  it("refuses a new farmer whose phone a farmer has, naming them on the row's phone", async () => {
    const w = await world();
    await expect(
      createPost(
        w.ayesha.id,
        meeting({ attendees: [newFarmer, { ...newFarmer, name: "Aslam 2", phone: "0300 1234567" }] }),
      ),
    ).rejects.toMatchObject({
      status: 409,
      field: "attendees[1].phone",
      message: "farmers:errors.phoneOfFarmer",
      values: { name: "Ghulam Rasool" },
    });
    // Two new farmers of the meeting with one phone.
    await expect(
      createPost(w.ayesha.id, meeting({ attendees: [newFarmer, { ...newFarmer, name: "Twin" }] })),
    ).rejects.toMatchObject({ status: 409, field: "attendees[1].phone" });
    await nothingWritten();
  });

  it("writes nothing when the attendees' write fails inside the post's transaction", async () => {
    const w = await world();
    // The last write of the transaction (the attendees) fails, after the post and the new farmer.
    await prisma.$executeRaw`CREATE TRIGGER refuse_attendee BEFORE INSERT ON MeetingAttendee BEGIN
      SELECT RAISE(ABORT, 'attendee refused'); END`;
    try {
      await expect(
        createPost(w.ayesha.id, meeting({ attendeePhones: "0300 1234567", attendees: [newFarmer] })),
      ).rejects.toThrow(/meetingAttendee\.createMany/);
    } finally {
      await prisma.$executeRaw`DROP TRIGGER refuse_attendee`;
    }
    await nothingWritten();
  });

  it("shows an erased farmer as Erased farmer on the post, and keeps them counted", async () => {
    const w = await world();
    const { id } = await createPost(w.ayesha.id, meeting({ headCount: 12, attendees: [{ farmerId: w.rasool.id }] }));
    await eraseFarmer(w.manager, w.rasool.id);
    const post = await getPost(id, w.ayesha);
    expect(post?.attendees).toEqual([{ id: w.rasool.id, name: ERASED_NAME }]);
    expect(JSON.stringify(post)).not.toContain("Ghulam");
    expect(await prisma.meetingAttendee.count({ where: { postId: id } })).toBe(1);
    // An erased farmer is not named at a new meeting.
    await expect(createPost(w.ayesha.id, meeting({ attendees: [{ farmerId: w.rasool.id }] }))).rejects.toMatchObject({
      status: 409,
    });
  });
});

describe("the meeting's fields of the post schema", () => {
  it("reads the form without JavaScript: empty rows add no one, a row's error keeps its path", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      type: "FARMER_MEETING",
      headCount: "25",
      attendeePhones: "",
      "attendees[0].name": "",
      "attendees[0].landAcres": "",
      "attendees[1].name": "Muhammad Aslam",
      "attendees[1].tehsil": "Okara",
      "attendees[1].district": "Okara",
      "attendees[1].landAcres": "99999",
      "attendees[2].name": "",
    }))
      form.set(name, value);
    const refused = parseWithZod(form, { schema: postSchema });
    expect(refused.status === "error" && refused.error).toEqual({
      "attendees[1].landAcres": [LAND_INVALID],
    });
    form.set("attendees[1].landAcres", "7.5");
    const read = parseWithZod(form, { schema: postSchema });
    expect(read.status === "success" && read.value.attendees).toEqual([
      { farmer: expect.objectContaining({ name: "Muhammad Aslam", landAcres: 750 }) },
    ]);
  });

  it("sends a meeting kept on the phone as the JSON the API takes, its rows gathered into attendees", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      type: "FARMER_MEETING",
      headCount: "25",
      "attendees[0].name": "",
      "attendees[1].name": "Muhammad Aslam",
      "attendees[1].landAcres": "7.5",
    }))
      form.set(name, value);
    expect(postBodyFromForm(form, [])).toEqual({
      type: "FARMER_MEETING",
      headCount: "25",
      attendees: [{ name: "Muhammad Aslam", landAcres: "7.5" }],
    });
  });

  it("refuses a head count out of bounds, a malformed phone, and an attendee both old and new", () => {
    expect(postSchema.safeParse({ type: "FARMER_MEETING", headCount: 5001 }).error?.issues[0]?.message).toBe(
      HEAD_COUNT_INVALID,
    );
    expect(postSchema.safeParse({ type: "FARMER_MEETING", attendeePhones: "12345" }).error?.issues[0]?.message).toMatch(
      /^12345 is not a Pakistani mobile number/,
    );
    expect(
      postSchema.safeParse({ type: "FARMER_MEETING", attendees: [{ farmerId: 1, name: "X" }] }).error?.issues[0]?.path,
    ).toEqual(["attendees", 0, "farmerId"]);
  });
});
