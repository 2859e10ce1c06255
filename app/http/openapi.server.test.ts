import { describe, expect, it } from "vitest";
import { declaredOperations as apiOperations } from "~/http/api/operations.server";
import { buildOpenApiDocument } from "~/http/openapi.server";
import { strictBody } from "~/http/api.server";

describe("/api/openapi.json", () => {
  const document = buildOpenApiDocument(apiOperations);

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

  it("gives every call a success and a refusal, a relative server and a license (Redocly's recommended rules)", () => {
    expect(document.servers).toEqual([{ url: "/" }]);
    expect(document.info.license.name).toBeTruthy();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods) as Array<[string, { responses: object }]>) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => status.startsWith("2")),
          `${method} ${path}`,
        ).toBe(true);
        expect(
          statuses.some((status) => status.startsWith("4")),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it("tags a dealer and the user: reads take If-None-Match (304), writes If-Match (412), both answer the ETag", () => {
    type Operation = {
      parameters: Array<{ name: string; in: string }>;
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    const operation = (path: string, method: string) => document.paths[path]?.[method] as Operation;
    const headers = (op: Operation) => op.parameters.filter((p) => p.in === "header").map((p) => p.name);
    for (const path of ["/api/dealers/{id}", "/api/me", "/api/user"]) {
      const read = operation(path, "get");
      expect(headers(read), path).toContain("If-None-Match");
      expect(read.responses["304"], path).toBeDefined();
      expect(read.responses["200"]?.headers, path).toHaveProperty("ETag");
    }
    for (const [path, method] of [
      ["/api/dealers/{id}", "put"],
      ["/api/dealers/{id}", "patch"],
      ["/api/me", "put"],
      ["/api/me", "patch"],
    ] as const) {
      const write = operation(path, method);
      expect(headers(write), `${method} ${path}`).toContain("If-Match");
      expect(write.responses["412"], `${method} ${path}`).toBeDefined();
      expect(write.responses["200"]?.headers, `${method} ${path}`).toHaveProperty("ETag");
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
