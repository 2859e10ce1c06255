import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { declaredOperations } from "~/http/api/operations.server";
import { buildOpenApiDocument } from "~/http/openapi.server";
import { UPLOAD_PATH } from "~/infra/upload-url.server";

// The tables of calls in docs/api.md (every table under "## Calls") and GET /api/openapi.json must
// list the same calls. The OpenAPI document is built from the code, so when they differ docs/api.md
// is what gets fixed.
//
// How a row's first cell is read:
// - every `code span` in it is one or more calls: "GET /api/user", "GET /api/me";
// - "GET/POST/DELETE /api/posts/{id}/react" lists several methods for one path;
// - a query string ("?query=&limit=", "?period=today\|week") documents parameters, not a path,
//   and is dropped;
// - path parameters are compared by position, not by name ("{id}" and "{uploadId}" both
//   become "{}"): the docs may name a parameter for its reader;
// - "PUT {uploadURL}" is the signed URL that POST /api/objects/upload answers. It is always a
//   URL of this app, UPLOAD_PATH + "/{uploadId}" plus the signature's query string, so it
//   stands for that path.

const API_DOCS = new URL("../../docs/api.md", import.meta.url);
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function normalisePath(path: string): string {
  return path.split("?")[0]!.replace(/\{\w+\}/g, "{}");
}

/** "METHOD /path" for every call in the tables of docs/api.md's "## Calls" section. */
function documentedCalls(markdown: string): string[] {
  const section = markdown.split(/^## Calls$/m)[1]?.split(/^## /m)[0];
  if (!section) throw new Error('docs/api.md has no "## Calls" section');
  const rows = section.split("\n").filter((line) => line.startsWith("| `"));
  const calls: string[] = [];
  for (const row of rows) {
    const firstCell = row.slice(1).split(/(?<!\\)\|/)[0]!;
    for (const [, span] of firstCell.matchAll(/`([^`]+)`/g)) {
      const match = /^([A-Z/]+) (\S+)$/.exec(span!);
      if (!match) throw new Error(`Not a call: \`${span}\` in ${row}`);
      const [, methods, target] = match;
      const path = target === "{uploadURL}" ? `${UPLOAD_PATH}/{uploadId}` : target!;
      for (const method of methods!.split("/")) {
        if (!METHODS.includes(method)) throw new Error(`Unknown method ${method} in ${row}`);
        calls.push(`${method} ${normalisePath(path)}`);
      }
    }
  }
  return calls;
}

/** "METHOD /path" for every operation of the OpenAPI document. */
function openApiCalls(): string[] {
  const document = buildOpenApiDocument(declaredOperations);
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations as object).map((method) => `${method.toUpperCase()} ${normalisePath(path)}`),
  );
}

describe("the API tables of docs/api.md", () => {
  const calls = documentedCalls(readFileSync(API_DOCS, "utf8"));

  it("lists each call once", () => {
    expect(calls.length).toBeGreaterThan(40);
    expect(calls.filter((call, index) => calls.indexOf(call) !== index)).toEqual([]);
  });

  it("lists exactly the calls of openapi.json", () => {
    const documented = new Set(openApiCalls());
    const listed = new Set(calls);
    expect({
      missingFromDocs: [...documented].filter((call) => !listed.has(call)).sort(),
      notInOpenApi: [...listed].filter((call) => !documented.has(call)).sort(),
    }).toEqual({ missingFromDocs: [], notInOpenApi: [] });
  });
});
