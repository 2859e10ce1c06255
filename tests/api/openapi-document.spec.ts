import { expect, test } from "../e2e/support/fixtures";

// The answers that make every call of /api/openapi.json have a success and a refusal (Redocly's
// recommended rules): the document itself refuses a client that takes no JSON, and GET /api/login
// tells a tool that asks for JSON how to sign in while a browser is still redirected.

test("GET /api/openapi.json answers JSON to a client that takes it, 406 with a message to one that does not", async ({
  request,
}) => {
  for (const accept of ["application/json", "*/*", "application/*", "text/html, application/json;q=0.1"]) {
    const response = await request.get("/api/openapi.json", { headers: { Accept: accept } });
    expect(response.status(), accept).toBe(200);
  }
  const document = (await (await request.get("/api/openapi.json")).json()) as {
    servers: unknown;
    info: { license?: { name?: string } };
  };
  expect(document.servers).toEqual([{ url: "/" }]);
  expect(document.info.license?.name).toBeTruthy();

  for (const accept of ["application/yaml", "text/html", "application/json;q=0"]) {
    const refused = await request.get("/api/openapi.json", { headers: { Accept: accept } });
    expect(refused.status(), accept).toBe(406);
    expect(await refused.json()).toEqual({
      error: "The API description is served as application/json only",
      requestId: expect.any(String),
    });
  }
});

test("GET /api/login redirects a browser to the sign-in page and tells a JSON client how to sign in", async ({
  request,
}) => {
  const browser = await request.get("/api/login?redirectTo=/dealers", {
    headers: { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" },
    maxRedirects: 0,
  });
  expect(browser.status()).toBe(302);
  expect(browser.headers().location).toBe("/login?redirectTo=%2Fdealers");

  const tool = await request.get("/api/login?redirectTo=https://evil.example/", {
    headers: { Accept: "application/json" },
    maxRedirects: 0,
  });
  expect(tool.status()).toBe(200);
  expect(tool.headers().vary).toMatch(/Accept/);
  expect(await tool.json()).toEqual({
    message: "Sign in with POST /api/login and a JSON body { username, password }",
    loginPage: "/login?redirectTo=%2F",
  });
});
