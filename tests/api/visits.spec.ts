import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test, uniqueName } from "../e2e/support/fixtures";

// GET /api/dealers/{id}/visits (decision 44): the page's visit history as JSON, and its refusals.

async function signIn(request: APIRequestContext, username: string) {
  expect((await request.post("/api/login", { data: { username, password: "fieldline" } })).status()).toBe(200);
}

async function expectError(response: APIResponse, status: number, error: string) {
  expect(response.status()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toBe(error);
}

test("a dealer's visits: the last one, a page newest first and the cursor of the next", async ({ request }) => {
  await signIn(request, "officer4");
  const created = await request.post("/api/dealers", {
    data: {
      businessName: uniqueName("Visit Traders"),
      street: "Main Bazaar 4",
      city: "Okara",
      state: "Punjab",
      lat: 30.81,
      lng: 73.45,
    },
  });
  const dealerId = ((await created.json()) as { id: number }).id;
  const empty = await request.get(`/api/dealers/${dealerId}/visits`);
  expect(await empty.json()).toEqual({ lastVisit: null, total: 0, visits: [], nextCursor: null });

  const ids: number[] = [];
  for (const type of ["DEALER_MEETING", "DEALER_MEETING", "DEALER_MEETING"]) {
    const post = await request.post("/api/posts", { data: { type, text: "Met the owner", dealerId } });
    ids.push(((await post.json()) as { id: number }).id);
  }
  const me = (await (await request.get("/api/user")).json()) as { id: number; username: string };
  const first = await (await request.get(`/api/dealers/${dealerId}/visits?limit=2`)).json();
  expect(first).toMatchObject({
    lastVisit: { officer: { id: me.id, username: me.username } },
    total: 3,
    visits: [
      { postId: ids[2], type: "DEALER_MEETING", officer: { id: me.id } },
      { postId: ids[1], type: "DEALER_MEETING" },
    ],
  });
  expect(first.lastVisit.createdAt).toBe(first.visits[0].createdAt);
  const next = await (await request.get(`/api/dealers/${dealerId}/visits?limit=2&cursor=${first.nextCursor}`)).json();
  expect(next.visits.map((visit: { postId: number }) => visit.postId)).toEqual([ids[0]]);
  expect(next.nextCursor).toBeNull();
});

test("bad input to a dealer's visits answers 4xx with its message", async ({ request }) => {
  expect((await request.get("/api/dealers/1/visits")).status()).toBe(401);
  await signIn(request, "officer4");
  await expectError(await request.get("/api/dealers/999999/visits"), 404, "Dealer not found.");
  await expectError(await request.get("/api/dealers/abc/visits"), 404, "Dealer not found.");
  await expectError(
    await request.get("/api/dealers/1/visits?cursor=yesterday"),
    400,
    "cursor must be the nextCursor of an earlier answer",
  );
  await expectError(
    await request.get("/api/dealers/1/visits?limit=0"),
    400,
    "limit must be a whole number from 1 to 100",
  );
  await expectError(
    await request.get("/api/dealers/1/visits?limit=101"),
    400,
    "limit must be a whole number from 1 to 100",
  );
  expect((await request.post("/api/dealers/1/visits")).status()).toBe(405);
});
