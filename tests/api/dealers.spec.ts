import sharp from "sharp";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test, uniqueName } from "../e2e/support/fixtures";
import { dealerRow, dealerWorkbook, zipBombXlsx } from "../support/spreadsheets";

// The dealer calls of the JSON API: shapes, statuses and the exact messages for bad input.

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function signIn(request: APIRequestContext, username: string) {
  const response = await request.post("/api/login", { data: { username, password: "fieldline" } });
  expect(response.status()).toBe(200);
}

function newDealer(overrides: Record<string, unknown> = {}) {
  return {
    businessName: uniqueName("Api Agro Traders"),
    ownerFirstName: "Nadeem",
    phone: "+92 321 5550001",
    email: "nadeem@example.pk",
    street: "Shop 9, Anaj Mandi",
    city: "Sialkot",
    state: "Punjab",
    postalCode: "51310",
    lat: "32.4945",
    lng: "74.5229",
    formattedAddress: "Shop 9, Anaj Mandi, Sialkot, Punjab, Pakistan",
    ...overrides,
  };
}

async function expectError(response: APIResponse, status: number, error: string) {
  expect(response.status()).toBe(status);
  expect(((await response.json()) as { error?: string }).error).toBe(error);
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 150, b: 60 } } })
    .png()
    .toBuffer();

test("signed out, every dealer call answers 401", async ({ request }) => {
  for (const [method, path] of [
    ["get", "/api/dealers"],
    ["post", "/api/dealers"],
    ["get", "/api/dealers/1"],
    ["put", "/api/dealers/1"],
    ["post", "/api/dealers/1/profile-picture"],
    ["post", "/api/dealers/1/gallery"],
    ["delete", "/api/dealers/1/gallery/0"],
    ["put", "/api/dealers/1/about"],
    ["post", "/api/upload"],
    ["post", "/api/dealers/import"],
  ] as const) {
    const response = await request[method](path);
    expect(response.status(), `${method} ${path}`).toBe(401);
  }
});

test("create, list with a trimmed query, read and update a dealer; bad bodies get the form's messages", async ({
  request,
}) => {
  await signIn(request, "officer1");
  const created = await request.post("/api/dealers", { data: newDealer() });
  expect(created.status()).toBe(201);
  const dealer = await created.json();
  expect(dealer).toMatchObject({
    businessName: expect.stringContaining("Api Agro Traders"),
    lat: "32.4945",
    lng: "74.5229",
    state: "Punjab",
    galleryImages: [],
  });

  const listed = await (
    await request.get(`/api/dealers?query=${encodeURIComponent(`  ${dealer.businessName}  `)}`)
  ).json();
  expect(listed.map((row: { id: number }) => row.id)).toEqual([dealer.id]);
  expect((await (await request.get("/api/dealers")).json()).length).toBeGreaterThan(1);
  await expectError(
    await request.get(`/api/dealers?query=${"x".repeat(101)}`),
    400,
    "Search text must be 100 characters or less",
  );

  await expectError(await request.post("/api/dealers", { data: {} }), 400, "Business name is required");
  await expectError(
    await request.post("/api/dealers", { data: newDealer({ street: " " }) }),
    400,
    "Street address is required",
  );
  await expectError(await request.post("/api/dealers", { data: newDealer({ city: "" }) }), 400, "City is required");
  await expectError(
    await request.post("/api/dealers", { data: newDealer({ state: "Texas" }) }),
    400,
    "State is required",
  );
  await expectError(await request.post("/api/dealers", { data: newDealer({ email: "nope" }) }), 400, "Invalid email");
  await expectError(
    await request.post("/api/dealers", { data: newDealer({ notes: "n".repeat(501) }) }),
    400,
    "Notes must be 500 characters or less",
  );
  await expectError(
    await request.post("/api/dealers", { data: newDealer({ lat: undefined }) }),
    400,
    "Please select a location on the map.",
  );
  await expectError(
    await request.post("/api/dealers", { data: newDealer({ lng: "east" }) }),
    400,
    "Please select a location on the map.",
  );
  await expectError(
    await request.post("/api/dealers", { data: newDealer({ businessName: ["x"] }) }),
    400,
    "Business name is required",
  );
  expect((await request.post("/api/dealers", { data: newDealer({ isAdmin: true }) })).status()).toBe(400);
  await expectError(
    await request.post("/api/dealers", { data: Buffer.from("{oops"), headers: { "Content-Type": "application/json" } }),
    400,
    "Malformed JSON body",
  );
  await expectError(
    await request.post("/api/dealers", { data: Buffer.from("a=b"), headers: { "Content-Type": "text/plain" } }),
    415,
    "Content-Type must be application/json",
  );
  await expectError(
    await request.post("/api/dealers", { data: Buffer.from("[1]"), headers: { "Content-Type": "application/json" } }),
    400,
    "Request body must be a JSON object",
  );
  expect((await request.delete("/api/dealers")).status()).toBe(405);

  expect(await (await request.get(`/api/dealers/${dealer.id}`)).json()).toMatchObject({
    id: dealer.id,
    city: "Sialkot",
  });
  for (const id of ["0", "abc", "99999999", "1e3", "-1"]) {
    await expectError(await request.get(`/api/dealers/${id}`), 404, "Dealer not found.");
  }

  const updated = await request.put(`/api/dealers/${dealer.id}`, {
    data: newDealer({ businessName: dealer.businessName, city: "Daska", email: "" }),
  });
  expect(updated.status()).toBe(200);
  expect(await updated.json()).toMatchObject({ city: "Daska", email: null });
  await expectError(
    await request.put(`/api/dealers/${dealer.id}`, { data: { businessName: "" } }),
    400,
    "Business name is required",
  );
  await expectError(await request.put("/api/dealers/99999999", { data: newDealer() }), 404, "Dealer not found.");
  const deleted = await request.delete(`/api/dealers/${dealer.id}`);
  expect(deleted.status()).toBe(405);
  expect(deleted.headers().allow).toBe("GET, PUT, PATCH, HEAD");
});

test("profile picture, gallery of at most 5 and About", async ({ request }) => {
  test.setTimeout(60_000);
  await signIn(request, "officer2");
  const dealer = await (await request.post("/api/dealers", { data: newDealer() })).json();
  const base = `/api/dealers/${dealer.id}`;

  // Profile picture: type from the bytes, at most 5 MB.
  await expectError(await request.post(`${base}/profile-picture`), 400, "Please select a valid image file");
  await expectError(
    await request.post(`${base}/profile-picture`, { data: { image: "x" } }),
    400,
    "Please select a valid image file",
  );
  await expectError(
    await request.post(`${base}/profile-picture`, {
      multipart: { image: { name: "photo.png", mimeType: "image/png", buffer: Buffer.from("GIF89a not really") } },
    }),
    415,
    "Please select a valid image file",
  );
  await expectError(
    await request.post(`${base}/profile-picture`, {
      multipart: { image: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1) } },
    }),
    413,
    "Image too large. Maximum size is 5MB",
  );
  await expectError(
    await request.post("/api/dealers/99999999/profile-picture", {
      multipart: { image: { name: "p.png", mimeType: "image/png", buffer: await png() } },
    }),
    404,
    "Dealer not found.",
  );
  const pictured = await request.post(`${base}/profile-picture`, {
    multipart: { image: { name: "p.png", mimeType: "image/png", buffer: await png() } },
  });
  expect(pictured.status()).toBe(200);
  const { profilePictureUrl } = await pictured.json();
  expect(profilePictureUrl).toMatch(/^\/files\/dealers\/[a-f0-9]{32}\.webp$/);
  const served = await request.get(profilePictureUrl);
  expect(served.headers()["content-type"]).toBe("image/webp");

  // Gallery: five, then the full message; remove by 0-based index.
  for (let n = 0; n < 5; n++) {
    const image = await sharp({
      create: { width: 30 + n, height: 30, channels: 3, background: { r: n * 40, g: 0, b: 0 } },
    })
      .jpeg()
      .toBuffer();
    const added = await request.post(`${base}/gallery`, {
      multipart: { image: { name: `g${n}.jpg`, mimeType: "image/jpeg", buffer: image } },
    });
    expect(added.status()).toBe(201);
    expect((await added.json()).galleryImages).toHaveLength(n + 1);
  }
  await expectError(
    await request.post(`${base}/gallery`, {
      multipart: { image: { name: "g.png", mimeType: "image/png", buffer: await png() } },
    }),
    400,
    "Gallery is full. You can remove photos to add new ones.",
  );
  await expectError(await request.delete(`${base}/gallery/5`), 404, "Image not found in the gallery.");
  await expectError(await request.delete(`${base}/gallery/abc`), 404, "Image not found in the gallery.");
  await expectError(await request.delete("/api/dealers/99999999/gallery/0"), 404, "Dealer not found.");
  const before = (await (await request.get(base)).json()).galleryImages as string[];
  const removed = await request.delete(`${base}/gallery/1`);
  expect(removed.status()).toBe(200);
  expect((await removed.json()).galleryImages).toEqual([before[0], ...before.slice(2)]);

  // About.
  await expectError(
    await request.put(`${base}/about`, { data: { aboutDescription: "a".repeat(1001) } }),
    400,
    "About must be 1000 characters or less",
  );
  expect((await request.put(`${base}/about`, { data: { aboutDescription: 12 } })).status()).toBe(400);
  expect((await request.put(`${base}/about`, { data: { other: "x" } })).status()).toBe(400);
  await expectError(
    await request.put("/api/dealers/99999999/about", { data: { aboutDescription: "x" } }),
    404,
    "Dealer not found.",
  );
  const about = await request.put(`${base}/about`, { data: { aboutDescription: "Wholesale and retail since 2001." } });
  expect(about.status()).toBe(200);
  expect((await about.json()).aboutDescription).toBe("Wholesale and retail since 2001.");
});

test("upload and import: own uploads only, hostile files refused, the sample for ADMIN only", async ({ request }) => {
  test.setTimeout(60_000);
  await signIn(request, "officer3");
  const tag = uniqueName("ApiImport");
  const upload = (buffer: Buffer, name = "dealers.xlsx") =>
    request.post("/api/upload", { multipart: { file: { name, mimeType: XLSX_TYPE, buffer } } });

  await expectError(await request.post("/api/upload"), 400, "Please select an Excel file (.xlsx or .xls)");
  await expectError(await upload(Buffer.from("just,text\n")), 415, "Please select an Excel file (.xlsx or .xls)");
  await expectError(
    await upload(dealerWorkbook([dealerRow(1, tag)]), "dealers.csv"),
    415,
    "Please select an Excel file (.xlsx or .xls)",
  );
  await expectError(
    await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 0x50)),
    413,
    "Please select a file smaller than 10MB",
  );

  const good = await upload(
    dealerWorkbook([dealerRow(1, tag), dealerRow(2, tag, { street: null }), dealerRow(1, tag)]),
  );
  expect(good.status()).toBe(201);
  const { uploadId } = await good.json();
  expect(uploadId).toMatch(/^[0-9a-f-]{36}$/);
  const imported = await request.post("/api/dealers/import", { data: { uploadId } });
  expect(imported.status()).toBe(200);
  expect(await imported.json()).toEqual({
    total: 3,
    successful: 1,
    failed: 2,
    errors: ["Row 3: street is required", "Row 4: already in the directory (same business name and phone), skipped"],
  });
  // The same upload imported again (a retry whose answer was lost) answers the first result.
  const again = await request.post("/api/dealers/import", { data: { uploadId } });
  expect(again.status()).toBe(200);
  expect(await again.json()).toEqual(await imported.json());

  const bomb = await (await upload(zipBombXlsx(120))).json();
  await expectError(
    await request.post("/api/dealers/import", { data: { uploadId: bomb.uploadId } }),
    413,
    "The spreadsheet is too large when unpacked (over 20MB). Please split it into smaller files.",
  );

  await expectError(await request.post("/api/dealers/import", { data: {} }), 400, "uploadId is required");
  await expectError(
    await request.post("/api/dealers/import", { data: { uploadId: "nope" } }),
    404,
    "Upload not found. Please upload the file again.",
  );
  expect((await request.post("/api/dealers/import", { data: { uploadId: 5 } })).status()).toBe(400);
  await expectError(
    await request.post("/api/dealers/import", { data: { filePath: "samples/dealers-sample.xlsx" } }),
    403,
    "You don't have permission to access this page.",
  );
  await expectError(
    await request.post("/api/dealers/import", { data: { filePath: "/etc/passwd" } }),
    403,
    "You don't have permission to access this page.",
  );

  // Another user cannot import this user's upload; the ADMIN may name the sample and nothing else.
  await signIn(request, "admin");
  await expectError(
    await request.post("/api/dealers/import", { data: { uploadId } }),
    404,
    "Upload not found. Please upload the file again.",
  );
  for (const filePath of [
    "/etc/passwd",
    "../../prisma/seed-data/dealers-sample.xlsx",
    "prisma/seed-data/dealers-sample.xlsx",
  ]) {
    const response = await request.post("/api/dealers/import", { data: { filePath } });
    expect(response.status(), filePath).toBe(400);
  }
  const sample = await request.post("/api/dealers/import", { data: { filePath: "samples/dealers-sample.xlsx" } });
  expect(sample.status()).toBe(200);
  const result = await sample.json();
  expect(result.total).toBe(76);
  expect(result.successful + result.failed).toBe(76);
});

test("GET /api/dealers pages with ?limit= and ?cursor=, the next page in the Link header; the whole list without limit", async ({
  request,
}) => {
  await signIn(request, "officer3");
  const prefix = uniqueName("Paged Khad");
  const ids: number[] = [];
  for (const suffix of ["A", "B", "C"]) {
    const created = await request.post("/api/dealers", { data: newDealer({ businessName: `${prefix} ${suffix}` }) });
    expect(created.status()).toBe(201);
    ids.push((await created.json()).id);
  }
  const search = `query=${encodeURIComponent(prefix)}`;
  expect((await (await request.get(`/api/dealers?${search}`)).json()).map((row: { id: number }) => row.id)).toEqual(
    ids,
  );

  const first = await request.get(`/api/dealers?${search}&limit=2`);
  expect(first.status()).toBe(200);
  expect((await first.json()).map((row: { id: number }) => row.id)).toEqual(ids.slice(0, 2));
  const link = /^<([^>]+)>; rel="next"$/.exec(first.headers().link ?? "");
  expect(link).not.toBeNull();
  const second = await request.get(link![1]!);
  expect((await second.json()).map((row: { id: number }) => row.id)).toEqual(ids.slice(2));
  expect(second.headers().link).toBeUndefined();

  const pins = await request.get(`/api/dealers?view=map&limit=1`);
  expect(await pins.json()).toHaveLength(1);
  expect(pins.headers().link).toMatch(/^<\/api\/dealers\?view=map&limit=1&cursor=\d+%3A[^>]*>; rel="next"$/);

  await expectError(await request.get("/api/dealers?limit=0"), 400, "limit must be a whole number from 1 to 1000");
  await expectError(await request.get("/api/dealers?limit=abc"), 400, "limit must be a whole number from 1 to 1000");
  await expectError(
    await request.get("/api/dealers?cursor=Bilal"),
    400,
    "cursor must be the value given in the Link header",
  );
});
