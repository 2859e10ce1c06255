import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueName } from "../e2e/support/fixtures";
import { dealerInput } from "./support/dealer-input";

// An integrator reads a record, changes what it needs and sends the record back: what a GET
// answers, a PUT takes (nulls included), and `null` clears an optional field.

async function register(request: APIRequestContext) {
  const username = uniqueName("rmw").replaceAll("-", "_");
  const response = await request.post("/api/register", {
    data: {
      username,
      email: `${username}@example.pk`,
      password: "rmw-pass-1",
      firstName: "Rafiq",
      lastName: "Awan",
      phone: "+92 300 1112233",
    },
  });
  expect(response.status()).toBe(201);
}

async function newDealer(request: APIRequestContext) {
  const response = await request.post("/api/dealers", {
    data: dealerInput("Read Write Traders"),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: number };
}

test("a dealer read with GET is taken back unchanged by PUT, nulls and all", async ({ request }) => {
  await register(request);
  const { id } = await newDealer(request);
  // The dealer as GET answers it: never-set fields are null (aboutDescription, profilePictureUrl…).
  const read = (await (await request.get(`/api/dealers/${id}`)).json()) as Record<string, unknown>;
  expect(read.aboutDescription).toBeNull();

  const written = await request.put(`/api/dealers/${id}`, { data: read });
  expect(written.status(), JSON.stringify(await written.json())).toBe(200);
  const after = (await written.json()) as Record<string, unknown>;
  for (const [field, value] of Object.entries(read))
    if (field !== "updatedAt") expect(after[field], field).toEqual(value);

  const renamed = await request.put(`/api/dealers/${id}`, {
    data: { ...read, businessName: `${read.businessName} & Sons` },
  });
  expect(renamed.status()).toBe(200);
  expect(((await renamed.json()) as { businessName: string }).businessName).toBe(`${read.businessName} & Sons`);
});

test("null clears a dealer's optional fields and its About", async ({ request }) => {
  await register(request);
  const dealer = await newDealer(request);
  const cleared = {
    ownerFirstName: null,
    ownerLastName: null,
    phone: null,
    email: null,
    postalCode: null,
    notes: null,
  };
  const written = await request.put(`/api/dealers/${dealer.id}`, { data: { ...dealer, ...cleared } });
  expect(written.status(), JSON.stringify(await written.json())).toBe(200);
  expect(await written.json()).toMatchObject(cleared);
  expect(await (await request.get(`/api/dealers/${dealer.id}`)).json()).toMatchObject({
    ...cleared,
    businessName: dealer.businessName,
    city: "Sialkot",
  });

  expect(
    (
      await request.put(`/api/dealers/${dealer.id}/about`, { data: { aboutDescription: "Family shop since 1990" } })
    ).status(),
  ).toBe(200);
  const about = await request.put(`/api/dealers/${dealer.id}/about`, { data: { aboutDescription: null } });
  expect(about.status(), JSON.stringify(await about.json())).toBe(200);
  expect(((await about.json()) as { aboutDescription: unknown }).aboutDescription).toBeNull();
});

test("the user read with GET /api/me is taken back by PUT /api/me, and null clears a field", async ({ request }) => {
  await register(request);
  const read = (await (await request.get("/api/me")).json()) as Record<string, unknown>;
  expect(read.homeLat).toBeNull();

  const written = await request.put("/api/me", { data: read });
  expect(written.status(), JSON.stringify(await written.json())).toBe(200);
  expect(await written.json()).toEqual(read);

  const placed = await request.put("/api/me", {
    data: { ...read, homeLat: "31.5204", homeLng: "74.3587", homeAddress: "House 12, Model Town, Lahore" },
  });
  expect(placed.status()).toBe(200);
  const cleared = await request.put("/api/me", {
    data: { phone: null, lastName: null, homeLat: null, homeLng: null, homeAddress: null },
  });
  expect(cleared.status(), JSON.stringify(await cleared.json())).toBe(200);
  expect(await cleared.json()).toMatchObject({
    firstName: "Rafiq",
    phone: null,
    lastName: null,
    homeLat: null,
    homeLng: null,
    homeAddress: null,
  });

  // A place still needs both coordinates: a null beside a number is refused in words.
  const half = await request.put("/api/me", { data: { homeLat: "31.5", homeLng: null } });
  expect(half.status()).toBe(400);
  expect(((await half.json()) as { error: string }).error).toBe("Please select a location on the map.");
});

test("a PUT that leaves out the formatted address keeps it while the dealer stays where it was", async ({
  request,
}) => {
  await register(request);
  const dealer = await newDealer(request);
  // A tool that knows only some fields: the phone is cleared (PUT replaces the dealer), but the
  // address of an unmoved place is not replaced by a new lookup or by the coordinates.
  const { formattedAddress: _left, phone: _out, ...sent } = dealer;
  const written = await request.put(`/api/dealers/${dealer.id}`, { data: sent });
  expect(written.status(), JSON.stringify(await written.json())).toBe(200);
  expect(await written.json()).toMatchObject({
    phone: null,
    formattedAddress: "Shop 9, Anaj Mandi, Sialkot, Punjab, Pakistan",
  });

  // Moved, the dealer's address is looked up for the new place.
  const moved = await request.put(`/api/dealers/${dealer.id}`, { data: { ...sent, lat: 32.5, lng: 74.53 } });
  expect(moved.status()).toBe(200);
  expect(((await moved.json()) as { formattedAddress: string }).formattedAddress).toContain("(32.5000, 74.5300)");
});
