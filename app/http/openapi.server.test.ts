import { describe, expect, it } from "vitest";
import { apiOperations } from "~/http/api-operations.server";
import { buildOpenApiDocument } from "~/http/openapi.server";
import { strictBody } from "~/http/api.server";
import { routePatterns } from "../../tests/support/route-patterns";

describe("/api/openapi.json", () => {
  const document = buildOpenApiDocument("http://localhost:3000");

  it("describes every routed /api path, and routes every path it describes", () => {
    const routed = new Set(
      routePatterns()
        .filter((pattern) => pattern.startsWith("/api/") && !pattern.endsWith("*"))
        .map((pattern) => pattern.replace(/:(\w+)/g, "{$1}")),
    );
    expect(routed.size).toBeGreaterThan(30);
    expect(new Set(Object.keys(document.paths))).toEqual(routed);
  });

  it("lists each method of a path once", () => {
    const keys = apiOperations.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("has examples that the call's own schema accepts", () => {
    for (const operation of apiOperations) {
      if (operation.body?.kind === "json") {
        expect(
          strictBody(operation.body.schema).safeParse(operation.body.example).error,
          `${operation.method} ${operation.path}`,
        ).toBeUndefined();
      }
      if (operation.query && operation.queryExample) {
        expect(
          operation.query.safeParse(operation.queryExample).error,
          `${operation.method} ${operation.path}`,
        ).toBeUndefined();
      }
    }
  });

  it("refuses unknown fields in JSON bodies, as the calls do", () => {
    const login = document.paths["/api/login"]?.post as {
      requestBody: { content: Record<string, { schema: { additionalProperties?: boolean } }> };
    };
    expect(login.requestBody.content["application/json"]?.schema.additionalProperties).toBe(false);
  });

  it("resolves every $ref to a component", () => {
    const text = JSON.stringify(document);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(30);
    for (const name of refs) expect(document.components.schemas, name).toHaveProperty(name);
    expect(text).not.toContain("#/$defs/");
  });

  it("documents the error shape and the access rules on every call", () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods) as Array<
        [string, { responses: Record<string, unknown>; "x-access": string }]
      >) {
        const statuses = Object.keys(operation.responses);
        if (operation["x-access"] !== "public") expect(statuses, `${method} ${path}`).toContain("401");
        if (["manager", "admin"].includes(operation["x-access"]))
          expect(statuses, `${method} ${path}`).toContain("403");
      }
    }
  });

  it("offers an API token (bearer) beside the session cookie on every signed-in call, and neither on public ones", () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods) as Array<
        [string, { security: unknown[]; "x-access": string }]
      >) {
        expect(operation.security, `${method} ${path}`).toEqual(
          operation["x-access"] === "public" ? [] : [{ session: [] }, { bearer: [] }],
        );
      }
    }
  });
});
