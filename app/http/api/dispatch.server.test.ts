import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { dispatchApi } from "~/http/api/dispatch.server";
import { declaredOperations } from "~/http/api/operations.server";

// The router through its one door, with no one signed in: which path and method reach an
// operation, and what a path or method no operation declares answers.

async function call(method: string, path: string) {
  // A guard's refusal is thrown, as React Router takes it.
  const response = await dispatchApi({
    request: new Request(`http://localhost${path}`, { method }),
    context: new RouterContextProvider(),
  }).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  });
  return { status: response.status, allow: response.headers.get("Allow"), body: await response.text() };
}

const exampleUrl = (path: string) => path.replace(/\{\w+\}/g, "1");

describe("the /api router", () => {
  it("answers 404 { error: Not found } for a path no operation declares", async () => {
    expect(await call("GET", "/api/no-such-call")).toEqual({ status: 404, allow: null, body: '{"error":"Not found"}' });
  });

  it("answers 405 with Allow for a declared path and another method, before any guard", async () => {
    const { status, allow } = await call("DELETE", "/api/me");
    expect(status).toBe(405);
    expect(allow?.split(", ").sort()).toEqual(["GET", "HEAD", "PATCH", "PUT"]);
  });

  it("reaches every declared operation (its guard or its handler answers, never the router)", async () => {
    for (const operation of declaredOperations) {
      const { status, body } = await call(operation.method.toUpperCase(), exampleUrl(operation.path));
      expect
        .soft(status === 405 || body === '{"error":"Not found"}', `${operation.method} ${operation.path}`)
        .toBe(false);
    }
  });

  it("matches paths regardless of case and trailing slash, a fixed segment before a parameter", async () => {
    expect((await call("GET", "/api/ME/")).status).toBe(401);
    expect((await call("GET", "/api/login")).status).toBe(302);
  });
});
