import { expect, test, uniqueClientAddress, uniqueName } from "../e2e/support/fixtures";
import { signedInClient, typedApiClient, type ApiClient } from "./support/openapi-client";
import { dealerInput } from "./support/dealer-input";

// PATCH and ETag / If-Match on a dealer and on the profile, through a client generated from
// /api/openapi.json (openapi-typescript + openapi-fetch): only the fields sent change, null clears
// an optional one, a read answers its ETag (304 while unchanged), and a write with a stale
// If-Match is refused with 412 and changes nothing.

const STALE_DEALER =
  "This dealer was changed since you read it. Read it again and send your change with its new ETag in If-Match.";
const STALE_PROFILE =
  "Your profile was changed since you read it. Read it again and send your change with its new ETag in If-Match.";
const IF_MATCH_INVALID = 'If-Match must be the ETag a GET answered (in double quotes), or "*"';

const officer = (baseURL: string) =>
  signedInClient(baseURL, "officer1", "fieldline", { "X-Forwarded-For": uniqueClientAddress() });

type DealerAnswer = NonNullable<Awaited<ReturnType<typeof newDealer>>>;

/** The dealer as GET answers it, to send back whole (PUT): the coordinates as numbers, as the document's input says. */
function asInput(dealer: DealerAnswer) {
  return { ...dealer, lat: Number(dealer.lat), lng: Number(dealer.lng) };
}

async function newDealer(client: ApiClient) {
  const { data, response } = await client.POST("/api/dealers", {
    body: dealerInput("Patch Traders"),
  });
  expect(response.status).toBe(201);
  return data!;
}

test("PATCH changes the one field sent and clears the one sent as null; the rest stays", async ({ baseURL }) => {
  const client = await officer(baseURL!);
  const dealer = await newDealer(client);
  const { data, response } = await client.PATCH("/api/dealers/{id}", {
    params: { path: { id: dealer.id } },
    body: { phone: "+92 300 7654321", notes: null },
  });
  expect(response.status).toBe(200);
  const { phone: _phone, notes: _notes, updatedAt: _updatedAt, ...unchanged } = dealer;
  expect(data).toMatchObject({ ...unchanged, phone: "+92 300 7654321", notes: null });

  const read = await client.GET("/api/dealers/{id}", { params: { path: { id: dealer.id } } });
  expect(read.data).toEqual(data);

  // The about, too, and a moved dealer sent without an address gets its new place's.
  const moved = await client.PATCH("/api/dealers/{id}", {
    params: { path: { id: dealer.id } },
    body: { lat: 32.5, lng: 74.53, aboutDescription: "Family shop since 1990" },
  });
  expect(moved.response.status).toBe(200);
  expect(moved.data).toMatchObject({
    lat: "32.5",
    lng: "74.53",
    aboutDescription: "Family shop since 1990",
    phone: "+92 300 7654321",
    businessName: dealer.businessName,
    locationApproximate: false,
  });
  expect(moved.data!.formattedAddress).toContain("(32.5000, 74.5300)");
});

test("a dealer's ETag: 304 while unchanged, If-Match lets the reader's write through once and refuses a stale one with 412", async ({
  baseURL,
}) => {
  const client = await officer(baseURL!);
  const other = await officer(baseURL!);
  const { id } = await newDealer(client);
  const path = { id };

  const first = await client.GET("/api/dealers/{id}", { params: { path } });
  const etag = first.response.headers.get("ETag")!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await client.GET("/api/dealers/{id}", { params: { path, header: { "If-None-Match": etag } } });
  expect(again.response.status).toBe(304);

  // Someone else changes the dealer after our read.
  const theirs = await other.PATCH("/api/dealers/{id}", { params: { path }, body: { city: "Daska" } });
  expect(theirs.response.status).toBe(200);
  const newTag = theirs.response.headers.get("ETag")!;
  expect(newTag).not.toBe(etag);

  const stale = await client.PATCH("/api/dealers/{id}", {
    params: { path, header: { "If-Match": etag } },
    body: { phone: null },
  });
  expect(stale.response.status).toBe(412);
  expect(stale.error).toEqual({ error: STALE_DEALER, requestId: expect.any(String) });
  const stalePut = await client.PUT("/api/dealers/{id}", {
    params: { path, header: { "If-Match": etag } },
    body: { ...asInput(first.data!), city: "Sialkot" },
  });
  expect(stalePut.response.status).toBe(412);
  // Nothing changed: their city stands, the phone is still there, and the tag is theirs.
  const now = await client.GET("/api/dealers/{id}", { params: { path } });
  expect(now.data).toMatchObject({ city: "Daska", phone: "+92 321 5550001" });
  expect(now.response.headers.get("ETag")).toBe(newTag);
  expect(
    (await client.GET("/api/dealers/{id}", { params: { path, header: { "If-None-Match": etag } } })).response.status,
  ).toBe(200);

  // With the current tag (or among others, or "*") the write goes through and answers the next tag.
  const mine = await client.PATCH("/api/dealers/{id}", {
    params: { path, header: { "If-Match": `"gone", ${newTag}` } },
    body: { phone: null },
  });
  expect(mine.response.status).toBe(200);
  expect(mine.data!.phone).toBeNull();
  const next = mine.response.headers.get("ETag")!;
  expect(next).not.toBe(newTag);
  const put = await client.PUT("/api/dealers/{id}", {
    params: { path, header: { "If-Match": next } },
    body: { ...asInput(mine.data!), notes: "Reads his messages" },
  });
  expect(put.response.status).toBe(200);
  const any = await client.PATCH("/api/dealers/{id}", {
    params: { path, header: { "If-Match": "*" } },
    body: { postalCode: "51311" },
  });
  expect(any.response.status).toBe(200);
});

test("of writers that read the same ETag, exactly one gets through", async ({ baseURL }) => {
  const client = await officer(baseURL!);
  const { id } = await newDealer(client);
  const read = await client.GET("/api/dealers/{id}", { params: { path: { id } } });
  const etag = read.response.headers.get("ETag")!;
  const writers = await Promise.all([1, 2, 3, 4, 5].map(() => officer(baseURL!)));
  const answers = await Promise.all(
    writers.map((writer, n) =>
      writer.PATCH("/api/dealers/{id}", {
        params: { path: { id }, header: { "If-Match": etag } },
        body: { notes: `Writer ${n}` },
      }),
    ),
  );
  const statuses = answers.map((answer) => answer.response.status).sort();
  expect(statuses).toEqual([200, 412, 412, 412, 412]);
  const winner = answers.find((answer) => answer.response.status === 200)!;
  expect((await client.GET("/api/dealers/{id}", { params: { path: { id } } })).data!.notes).toBe(winner.data!.notes);
});

test("PATCH refuses bad input with 4xx and the message, and changes nothing", async ({ baseURL }) => {
  const client = await officer(baseURL!);
  const dealer = await newDealer(client);
  const path = { id: dealer.id };
  const cases = [
    { body: { businessName: null }, status: 400, error: "Business name is required" },
    { body: { businessName: "  " }, status: 400, error: "Business name is required" },
    { body: { city: null }, status: 400, error: "City is required" },
    { body: { lat: 123 }, status: 400, error: "Please select a location on the map." },
    { body: { lng: null }, status: 400, error: "Please select a location on the map." },
    { body: { state: "Narnia" }, status: 400, error: "State is required" },
    { body: { email: "not an email" }, status: 400, error: "Invalid email" },
    { body: { notes: "x".repeat(501) }, status: 400, error: "Notes must be 500 characters or less" },
    { body: { teamId: 99_999_999 }, status: 400, error: "Team not found." },
  ];
  for (const { body, status, error } of cases) {
    const { response, error: answer } = await client.PATCH("/api/dealers/{id}", {
      params: { path },
      body: body as never,
    });
    expect(response.status, JSON.stringify(body)).toBe(status);
    expect((answer as { error: string }).error, JSON.stringify(body)).toBe(error);
  }
  // Fields the dealer has no such thing as, and the server's own fields, are refused too.
  const unknown = await client.PATCH("/api/dealers/{id}", { params: { path }, body: { id: 5 } as never });
  expect(unknown.response.status).toBe(400);
  expect(unknown.error!.error).toMatch(/id/);

  for (const header of ["abc", '"unterminated', "W/abc", '"a" "b"']) {
    const malformed = await client.PATCH("/api/dealers/{id}", {
      params: { path, header: { "If-Match": header } },
      body: { phone: null },
    });
    expect(malformed.response.status, header).toBe(400);
    expect(malformed.error, header).toEqual({ error: IF_MATCH_INVALID, requestId: expect.any(String) });
  }
  // A weak tag never matches (If-Match compares strongly).
  const etag = (await client.GET("/api/dealers/{id}", { params: { path } })).response.headers.get("ETag")!;
  const weak = await client.PATCH("/api/dealers/{id}", {
    params: { path, header: { "If-Match": `W/${etag}` } },
    body: { phone: null },
  });
  expect(weak.response.status).toBe(412);

  const missing = await client.PATCH("/api/dealers/{id}", { params: { path: { id: 99_999_999 } }, body: {} });
  expect(missing.response.status).toBe(404);
  expect(missing.error).toEqual({ error: "Dealer not found.", requestId: expect.any(String) });
  const signedOut = typedApiClient(baseURL!, { "X-Forwarded-For": uniqueClientAddress() });
  expect(
    (await signedOut.PATCH("/api/dealers/{id}", { params: { path }, body: { phone: null } })).response.status,
  ).toBe(401);

  const after = await client.GET("/api/dealers/{id}", { params: { path } });
  expect(after.data).toEqual(dealer);
  expect(after.response.headers.get("ETag")).toBe(etag);
});

test("the profile: PATCH /api/me changes what is sent, ETag and If-Match as for a dealer", async ({ baseURL }) => {
  const client = typedApiClient(baseURL!, { "X-Forwarded-For": uniqueClientAddress() });
  const username = uniqueName("patch").replaceAll("-", "_");
  const registered = await client.POST("/api/register", {
    body: { username, email: `${username}@example.pk`, password: "patch-pass-1", firstName: "Rafiq", lastName: "Awan" },
  });
  expect(registered.response.status).toBe(201);

  const read = await client.GET("/api/me");
  const etag = read.response.headers.get("ETag")!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect((await client.GET("/api/user")).response.headers.get("ETag")).toBe(etag);
  expect((await client.GET("/api/me", { params: { header: { "If-None-Match": etag } } })).response.status).toBe(304);

  const patched = await client.PATCH("/api/me", {
    params: { header: { "If-Match": etag } },
    body: { phone: "+92 300 1112233", lastName: null },
  });
  expect(patched.response.status).toBe(200);
  expect(patched.data).toEqual({ ...read.data, phone: "+92 300 1112233", lastName: null });
  const next = patched.response.headers.get("ETag")!;
  expect(next).not.toBe(etag);

  const stale = await client.PATCH("/api/me", { params: { header: { "If-Match": etag } }, body: { firstName: null } });
  expect(stale.response.status).toBe(412);
  expect(stale.error).toEqual({ error: STALE_PROFILE, requestId: expect.any(String) });
  const stalePut = await client.PUT("/api/me", { params: { header: { "If-Match": etag } }, body: { firstName: null } });
  expect(stalePut.response.status).toBe(412);
  expect((await client.GET("/api/me")).data).toEqual(patched.data);

  // Bad input: a place needs both coordinates, text has its limits, the header its form.
  const half = await client.PATCH("/api/me", { body: { homeLat: 31.5 } });
  expect(half.response.status).toBe(400);
  expect(half.error!.error).toBe("Please select a location on the map.");
  const long = await client.PATCH("/api/me", { body: { firstName: "x".repeat(51) } });
  expect(long.response.status).toBe(400);
  expect(long.error!.error).toBe("First name must be 50 characters or less");
  const role = await client.PATCH("/api/me", { body: { role: "ADMIN" } as never });
  expect(role.response.status).toBe(400);
  const malformed = await client.PATCH("/api/me", { params: { header: { "If-Match": "abc" } }, body: {} });
  expect(malformed.response.status).toBe(400);
  expect(malformed.error).toEqual({ error: IF_MATCH_INVALID, requestId: expect.any(String) });
  expect((await client.GET("/api/me")).response.headers.get("ETag")).toBe(next);
});
