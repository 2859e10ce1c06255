import type { APIRequestContext } from "@playwright/test";
import { karachiDate } from "../e2e/support/days";
import { expect, test, uniqueName } from "../e2e/support/fixtures";

// GET /api/dealers and GET /api/agents/checkins are tagged by their data's version
// (docs/decisions/0020): 304 while nothing changed, the new list after any write. Other tests
// write dealers and check-ins in parallel, so "unchanged" is asked a few times in a row.

async function register(request: APIRequestContext): Promise<{ id: number; username: string }> {
  const username = uniqueName("lists").replaceAll("-", "_");
  const response = await request.post("/api/register", {
    data: { username, email: `${username}@example.pk`, password: "api-pass-1" },
  });
  expect(response.status()).toBe(201);
  return { id: (await response.json()).id, username };
}

async function etagOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-cache");
  return response.headers().etag!;
}

/** A second request with the first one's tag gets 304 with no body, unless a parallel test wrote in between. */
async function expectNotModified(request: APIRequestContext, path: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const etag = await etagOf(request, path);
    const again = await request.get(path, { headers: { "If-None-Match": etag } });
    if (again.status() === 304) {
      expect(await again.body()).toHaveLength(0);
      expect(again.headers().etag).toBe(etag);
      return;
    }
    expect(again.status()).toBe(200);
  }
  throw new Error(`${path} never answered 304 to its own tag`);
}

test("the dealer list: 304 while unchanged, the new list after a dealer is added or edited; each view has its own tag", async ({
  request,
}) => {
  await register(request);
  await expectNotModified(request, "/api/dealers?query=");
  await expectNotModified(request, "/api/dealers?view=map&province=Sindh");
  // Gzipped once per version for the clients that take gzip, not compressed on every request.
  const gzipped = await request.get("/api/dealers?view=map", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzipped.headers()["content-encoding"]).toBe("gzip");
  expect(Array.isArray(await gzipped.json())).toBe(true);
  const tags = await Promise.all(
    ["/api/dealers", "/api/dealers?view=map", "/api/dealers?province=Sindh", "/api/dealers?query=Agro"].map((path) =>
      etagOf(request, path),
    ),
  );
  expect(new Set(tags).size).toBe(4);

  const before = await etagOf(request, "/api/dealers?query=");
  const fields = {
    businessName: uniqueName("Versioned Agro"),
    street: "Shop 2, Grain Market",
    city: "Vehari",
    state: "Punjab",
    lat: "30.0452",
    lng: "72.3489",
  };
  const created = await request.post("/api/dealers", { data: fields });
  expect(created.status()).toBe(201);
  const dealer = await created.json();
  const after = await request.get("/api/dealers?query=", { headers: { "If-None-Match": before } });
  expect(after.status()).toBe(200);
  expect(after.headers().etag).not.toBe(before);
  expect((await after.json()).find((row: { id: number }) => row.id === dealer.id)).toMatchObject({ city: "Vehari" });

  const pinsTag = await etagOf(request, "/api/dealers?view=map");
  expect((await request.put(`/api/dealers/${dealer.id}`, { data: { ...fields, city: "Burewala" } })).status()).toBe(
    200,
  );
  const pins = await request.get("/api/dealers?view=map", { headers: { "If-None-Match": pinsTag } });
  expect(pins.status()).toBe(200);
  expect((await pins.json()).find((pin: { id: number }) => pin.id === dealer.id)).toMatchObject({ city: "Burewala" });
});

test("the day's check-ins: 304 while unchanged, the new list after a check-in or a change of name", async ({
  request,
}) => {
  const { id } = await register(request);
  const path = `/api/agents/checkins?date=${karachiDate()}&agent=${id}`;
  expect(
    (
      await request.post("/api/checkins", {
        data: { type: "DAY_START", lat: 30.2, lng: 71.47, address: "Multan, Punjab, Pakistan" },
      })
    ).status(),
  ).toBe(201);
  await expectNotModified(request, path);

  const before = await etagOf(request, path);
  expect((await request.post("/api/checkins", { data: { lat: 30.21, lng: 71.48 } })).status()).toBe(201);
  const after = await request.get(path, { headers: { "If-None-Match": before } });
  expect(after.status()).toBe(200);
  expect((await after.json()).map((item: { number: number; label: string }) => [item.number, item.label])).toEqual([
    [1, "Start"],
    [2, "Latest"],
  ]);

  const named = await etagOf(request, path);
  expect((await request.put("/api/me", { data: { firstName: "Rabia", lastName: "Khan" } })).status()).toBe(200);
  const renamed = await request.get(path, { headers: { "If-None-Match": named } });
  expect(renamed.status()).toBe(200);
  expect(
    (await renamed.json()).every((item: { userDisplayName: string }) => item.userDisplayName === "Rabia Khan"),
  ).toBe(true);
});
