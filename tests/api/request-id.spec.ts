import { expect, test } from "../e2e/support/fixtures";

// Every answer names its request (server/request-log.ts, decision 106): the X-Request-Id header,
// /api's JSON errors and the error pages carry the id its log lines carry.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test("a well-formed proxy id is kept; a malformed one is replaced, never echoed", async ({ request }) => {
  const fly = await request.get("/api/user", { headers: { "Fly-Request-Id": "01JDQ4ZP7Y0ABCDEF-sin" } });
  expect(fly.status()).toBe(401);
  expect(fly.headers()["x-request-id"]).toBe("01JDQ4ZP7Y0ABCDEF-sin");
  expect(await fly.json()).toEqual({ error: "Authentication required", requestId: "01JDQ4ZP7Y0ABCDEF-sin" });

  const caller = await request.get("/api/dealers/1", { headers: { "X-Request-Id": "integrator-call-42" } });
  expect((await caller.json()).requestId).toBe("integrator-call-42");

  for (const malformed of ["short", "has spaces in it", "<script>alert(1)</script>", "x".repeat(129)]) {
    const answer = await request.get("/api/user", { headers: { "X-Request-Id": malformed } });
    const requestId = answer.headers()["x-request-id"];
    expect(requestId, malformed).toMatch(UUID);
    expect((await answer.json()).requestId, malformed).toBe(requestId);
  }
  // A page's answer has its id too, a new one each time.
  const [first, second] = [await request.get("/login"), await request.get("/login")];
  expect(first.headers()["x-request-id"]).toMatch(UUID);
  expect(second.headers()["x-request-id"]).not.toBe(first.headers()["x-request-id"]);
});

test("a page that could not be shown says its request id", async ({ request }) => {
  expect((await request.post("/api/login", { data: { username: "officer3", password: "fieldline" } })).status()).toBe(
    200,
  );
  const missing = await request.get("/posts/999999999", { headers: { "X-Request-Id": "missing-post-page-1" } });
  expect(missing.status()).toBe(404);
  const text = (await missing.text()).replace(/<!-- -->/g, "");
  expect(text).toContain(`Request id: <code dir="ltr">missing-post-page-1</code>`);
});
