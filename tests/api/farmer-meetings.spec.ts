import type { APIRequestContext, APIResponse } from "@playwright/test";
import { countRows, expect, test, uniqueName } from "../e2e/support/fixtures";
import { HEAD_COUNT_BELOW_NAMED } from "../../app/models/meeting.schema";
import { english } from "../support/english";

// A Farmer Meeting's people through /api (decision 95): POST /api/posts names farmers by id and
// adds new ones with the post; the post's JSON carries headCount and attendees [{ id, name }]
// (never a phone); GET /api/farmers/{id}/meetings lists a farmer's meetings. Bad input answers 400
// with the field and writes nothing; another team's farmer is tests/resilience/farmers-scoping.test.ts's.

async function signIn(request: APIRequestContext, username: string) {
  expect((await request.post("/api/login", { data: { username, password: "fieldline" } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, field: string, error: string | RegExp) {
  expect(response.status(), await response.text()).toBe(status);
  const body = (await response.json()) as { error?: string; fieldErrors?: Record<string, string[]> };
  expect(body.error).toMatch(error);
  expect(Object.keys(body.fieldErrors ?? {})).toContain(field);
}

/** A mobile no other run of the suite has used. */
const uniquePhone = (last: number) => `0306${String(Date.now()).slice(-6)}${last}`;

type Post = { id: number; headCount: number | null; attendees: { id: number; name: string }[] };

test("a meeting names a farmer and adds one; its JSON, the farmer's meetings and an erasure read right; bad input writes nothing", async ({
  request,
  playwright,
}) => {
  await signIn(request, "officer1");
  const known = { name: uniqueName("Api Met"), phone: uniquePhone(1) };
  const added = { name: uniqueName("Api Added"), phone: uniquePhone(2) };
  const farmer = (await (
    await request.post("/api/farmers", { data: { ...known, tehsil: "Sahiwal", district: "Sahiwal", landAcres: 3 } })
  ).json()) as { id: number };
  const text = uniqueName("Cotton meeting");
  const newFarmer = {
    ...added,
    village: "Chak 9",
    tehsil: "Okara",
    district: "Okara",
    landAcres: 6,
    mainCrops: ["cotton"],
  };
  const body = { type: "FARMER_MEETING", text, headCount: 30, attendees: [{ farmerId: farmer.id }, newFarmer] };

  await expectError(
    await request.post("/api/posts", { data: { ...body, headCount: 1 } }),
    400,
    "headCount",
    english(HEAD_COUNT_BELOW_NAMED),
  );
  await expectError(
    await request.post("/api/posts", { data: { ...body, attendees: [{ farmerId: 999_999_999 }, newFarmer] } }),
    400,
    "attendees.0.farmerId",
    "Farmer not found.",
  );
  await expectError(
    await request.post("/api/posts", { data: { ...body, attendees: [{ ...newFarmer, landAcres: 1e9 }] } }),
    400,
    "attendees.0.landAcres",
    /^Land must be/,
  );
  await expectError(
    await request.post("/api/posts", { data: { ...body, headCount: 5001 } }),
    400,
    "headCount",
    /^Head count must be a whole number/,
  );
  expect(countRows("SELECT COUNT(*) AS n FROM Post WHERE text = ?", text)).toBe(0);
  expect(countRows("SELECT COUNT(*) AS n FROM Farmer WHERE name = ?", added.name)).toBe(0);

  const made = await request.post("/api/posts", { data: body });
  expect(made.status(), await made.text()).toBe(201);
  const post = (await made.json()) as Post;
  expect(post.headCount).toBe(30);
  expect(post.attendees.map((attendee) => attendee.name).sort()).toEqual([added.name, known.name].sort());
  expect(JSON.stringify(post)).not.toContain(known.phone.slice(4));

  const meetings = await request.get(`/api/farmers/${farmer.id}/meetings`);
  expect(meetings.status()).toBe(200);
  expect(await meetings.json()).toMatchObject({
    meetings: [{ postId: post.id, headCount: 30 }],
    page: 1,
    hasMore: false,
  });

  // A client that sends neither head count nor attendees still posts a meeting.
  const plain = await request.post("/api/posts", {
    data: { type: "FARMER_MEETING", text: uniqueName("Plain meeting") },
  });
  expect(plain.status()).toBe(201);
  expect(await plain.json()).toMatchObject({ headCount: null, attendees: [] });

  const manager = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signIn(manager, "manager");
  expect((await manager.post(`/api/farmers/${farmer.id}/erase`)).status()).toBe(200);
  const feed = (await (await request.get("/api/posts?limit=100")).json()) as Post[];
  expect(feed.find((item) => item.id === post.id)?.attendees).toContainEqual({ id: farmer.id, name: "Erased farmer" });
  expect(JSON.stringify(feed)).not.toContain(known.name);
  const changes = await (await manager.get("/api/changes?entity=post&limit=200")).text();
  expect(changes).not.toContain(known.name);
  await manager.dispose();
});
