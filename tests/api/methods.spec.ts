import { expect, test } from "../e2e/support/fixtures";
import { exampleUrl, loadApiDocument, operationsOf } from "./support/api-document";

// Every /api path of openapi.json, called with each method its operations do not list, answers 405 with the API's error shape and an Allow header naming the methods it takes.
// The caller is the seeded admin, so no guard answers first.

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

test("every /api route refuses a method it does not take with 405, { error } and Allow", async ({ request }) => {
  const operations = operationsOf(await loadApiDocument(request));
  expect((await request.post("/api/login", { data: { username: "admin", password: "fieldline" } })).status()).toBe(200);

  const paths = [...new Set(operations.map((operation) => operation.path))];
  expect(paths.length).toBeGreaterThan(30);
  let refused = 0;
  for (const path of paths) {
    const own = operations.filter((operation) => operation.path === path);
    const allowed = own.map((operation) => operation.method.toUpperCase());
    const url = exampleUrl(own[0]!);
    for (const method of METHODS.filter((method) => !allowed.includes(method))) {
      const response = await request.fetch(url, { method, maxRedirects: 0, failOnStatusCode: false });
      const where = `${method} ${path}`;
      expect.soft(response.status(), where).toBe(405);
      expect.soft(response.headers()["content-type"], where).toMatch(/^application\/json/);
      expect
        .soft(await response.json(), where)
        .toEqual({ error: `Method ${method} is not allowed`, requestId: expect.any(String) });
      const allow = response.headers()["allow"]?.split(/,\s*/).sort();
      expect.soft(allow, where).toEqual([...allowed, ...(allowed.includes("GET") ? ["HEAD"] : [])].sort());
      refused += 1;
    }
  }
  expect(refused).toBeGreaterThan(100);
});
