import { expect, test } from "../e2e/support/fixtures";

// Same-origin protection of /api (server/same-origin.ts): a state-changing call carrying the
// session cookie is refused when its Origin names another site; tools without Origin work.

test("a cross-site Origin is refused with 403 JSON and changes nothing; same origin and no Origin work", async ({
  request,
  baseURL,
}) => {
  expect((await request.post("/api/login", { data: { username: "officer3", password: "fieldline" } })).status()).toBe(
    200,
  );
  const comments = async () => ((await (await request.get("/api/posts/2/comments")).json()) as unknown[]).length;
  const before = await comments();

  const refused = await request.post("/api/posts/2/comments", {
    data: { text: "Forged" },
    headers: { Origin: "https://evil.example" },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: "Cross-site request refused", requestId: expect.any(String) });
  expect(
    (
      await request.patch("/api/user/avatar", { data: { selectedAvatar: "DEFAULT_2" }, headers: { Origin: "null" } })
    ).status(),
  ).toBe(403);
  expect(await comments()).toBe(before);

  const own = await request.post("/api/posts/2/comments", {
    data: { text: "From the app" },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(own.status()).toBe(201);
  const tool = await request.post("/api/posts/2/comments", { data: { text: "From a tool" } });
  expect(tool.status()).toBe(201);
  expect(await comments()).toBe(before + 2);

  // Reads are never blocked.
  expect((await request.get("/api/posts/2/comments", { headers: { Origin: "https://evil.example" } })).status()).toBe(
    200,
  );
});
