// What the route fuzzer covers, found from the code: every route of app/routes.ts with the query
// parameters and form fields its module reads, and every declared /api operation with its
// schemas. What it cannot work out is a gap, named, and the suite fails on it.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import routes from "~/routes";
import type { OperationDoc as ApiOperation } from "~/http/api/operation.server";
import { declaredOperations as apiOperations } from "~/http/api/operations.server";

const APP = path.resolve("app");

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One thing to fuzz: a path pattern, a method, the parameters it reads and values it knows are valid. */
export type Target = {
  name: string;
  /** The path with its parameters, e.g. "/api/dealers/:id". */
  pattern: string;
  method: Method;
  query: Field[];
  body: { encodings: Array<"json" | "urlencoded" | "multipart">; fields: Field[] } | null;
  /** Request headers it reads (a record's If-Match, If-None-Match). */
  headers?: Field[];
};

export type Field = { name: string; valid: string[] };

type RouteEntry = { path?: string; file: string; index?: boolean; children?: RouteEntry[] };

/** Every route of app/routes.ts as its full path and module file. */
function listRoutes(): Array<{ pattern: string; file: string }> {
  const found: Array<{ pattern: string; file: string }> = [];
  const visit = (entries: RouteEntry[], parent: string) => {
    for (const entry of entries) {
      const own = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
      if (entry.index || entry.path !== undefined) found.push({ pattern: own || "/", file: entry.file });
      if (entry.children) visit(entry.children, entry.path ? own : parent);
    }
  };
  visit(routes as unknown as RouteEntry[], "");
  return found;
}

/** The object schema behind refinements, pipes and defaults, when there is one. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let current: unknown = schema;
  for (let depth = 0; depth < 8 && current; depth++) {
    if (current instanceof z.ZodObject) return current.shape as Record<string, z.ZodType>;
    const def = (current as { def?: { in?: unknown; innerType?: unknown; schema?: unknown } }).def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return null;
}

/** The values a field's schema names (an enum's options, a literal), as text. */
function namedValues(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 8 && current; depth++) {
    if (current instanceof z.ZodEnum) return current.options.map(String);
    if (current instanceof z.ZodLiteral) return [...current.values].map(String);
    const def = (current as { def?: { in?: unknown; out?: unknown; innerType?: unknown; schema?: unknown } }).def;
    current = def?.innerType ?? def?.schema ?? def?.out ?? def?.in;
  }
  return [];
}

function fieldsOfSchema(schema: z.ZodType, example: Record<string, unknown> = {}): Field[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  return Object.entries(shape).map(([name, field]) => ({
    name,
    valid: [...new Set([...namedValues(field), ...(example[name] === undefined ? [] : [String(example[name])])])],
  }));
}

function merge(fields: Field[]): Field[] {
  const byName = new Map<string, Set<string>>();
  for (const field of fields) {
    const values = byName.get(field.name) ?? new Set<string>();
    field.valid.forEach((value) => values.add(value));
    byName.set(field.name, values);
  }
  return [...byName].map(([name, values]) => ({ name, valid: [...values] }));
}

/** The module a route file imports `name` from, resolved to a file of app/. */
function importedFrom(source: string, name: string, file: string): string | null {
  const match = new RegExp(`import\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*"([^"]+)"`).exec(source);
  if (!match?.[1]) return null;
  const spec = match[1].startsWith("~/")
    ? path.join(APP, match[1].slice(2))
    : path.resolve(path.dirname(path.join(APP, file)), match[1]);
  return [".ts", ".tsx"].map((ext) => spec + ext).find((candidate) => fs.existsSync(candidate)) ?? null;
}

/** The zod schemas a route module names (`…Schema`) and imports, loaded. */
async function schemasOf(source: string, file: string): Promise<{ schemas: z.ZodType[]; unresolved: string[] }> {
  const names = [...new Set([...source.matchAll(/\b(\w+Schema)\b/g)].map((match) => match[1]!))];
  const schemas: z.ZodType[] = [];
  const unresolved: string[] = [];
  for (const name of names) {
    const from = importedFrom(source, name, file);
    if (!from) continue; // a local name (a type, a variable of its own)
    const module = (await import(from)) as Record<string, unknown>;
    const value = module[name];
    if (value instanceof z.ZodType) schemas.push(value);
    else if (typeof value !== "function" && value !== undefined) unresolved.push(name);
  }
  return { schemas, unresolved };
}

/** Names a module reads from the query string or a form: `.get("x")`, `.has("x")`, `.getAll("x")`, and `sent.x` of `Object.fromEntries(…searchParams)`. */
function namesRead(source: string): string[] {
  const names = [...source.matchAll(/\.(?:get|getAll|has)\(\s*"([^"]+)"\s*\)/g)].map((match) => match[1]!);
  for (const holder of source.matchAll(/const (\w+) = Object\.fromEntries\([^;]*searchParams\)/g)) {
    names.push(...[...source.matchAll(new RegExp(`\\b${holder[1]}\\.(\\w+)`, "g"))].map((match) => match[1]!));
  }
  return names;
}

/** `case "x":` values: the intents a page's action switches on. */
function casesOf(source: string): string[] {
  return [...source.matchAll(/case\s+"([^"]+)"\s*:/g)].map((match) => match[1]!);
}

const exportsFunction = (source: string, name: string) =>
  new RegExp(`export\\s+(?:async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b`).test(source);

function operationTarget(operation: ApiOperation, pattern: string): Target {
  const body = operation.body;
  let bodyFields: Target["body"] = null;
  if (body?.kind === "json") bodyFields = { encodings: ["json"], fields: fieldsOfSchema(body.schema, body.example) };
  else if (body?.kind === "multipart") {
    bodyFields = { encodings: ["multipart"], fields: Object.keys(body.fields).map((name) => ({ name, valid: [] })) };
  } else if (body?.kind === "bytes") bodyFields = { encodings: ["multipart"], fields: [] };
  else if (operation.method !== "get") bodyFields = { encodings: ["json"], fields: [] };
  return {
    name: `${operation.method.toUpperCase()} ${operation.path}`,
    pattern,
    method: operation.method.toUpperCase() as Method,
    query: operation.query ? fieldsOfSchema(operation.query, operation.queryExample) : [],
    body: bodyFields,
    headers: operation.etag ? [{ name: operation.method === "get" ? "If-None-Match" : "If-Match", valid: ["*"] }] : [],
  };
}

export type Discovery = { targets: Target[]; gaps: string[]; routes: number; operations: number };

/** Every route and operation to fuzz, and what could not be worked out (each a failure, by name). */
export async function discover(): Promise<Discovery> {
  const targets: Target[] = [];
  const gaps: string[] = [];
  const list = listRoutes();
  for (const { pattern, file } of list) {
    const source = fs.readFileSync(path.join(APP, file), "utf8");
    const hasLoader = exportsFunction(source, "loader");
    const hasAction = exportsFunction(source, "action");
    // The /api calls are the declared operations' (below), all answered by the /api/* route.
    if (pattern.startsWith("/api/") && pattern !== "/api/*") continue;
    const { schemas, unresolved } = await schemasOf(source, file);
    for (const name of unresolved)
      gaps.push(`${pattern} (${file}): ${name} is imported but is not a zod schema the fuzzer can read`);
    const read = namesRead(source);
    const fromSchemas = schemas.flatMap((schema) => fieldsOfSchema(schema));
    const fields = merge([
      ...read.map((name) => ({ name, valid: name === "intent" ? casesOf(source) : [] })),
      ...fromSchemas,
    ]);
    const readsUrl = /request\.url|useSearchParams|searchParams/.test(source);
    if (readsUrl && fields.length === 0)
      gaps.push(`${pattern} (${file}): reads the URL, but the fuzzer found no parameter it reads`);
    if (hasLoader || !hasAction)
      targets.push({ name: `GET ${pattern}`, pattern, method: "GET", query: fields, body: null });
    if (hasAction)
      targets.push({
        name: `POST ${pattern}`,
        pattern,
        method: "POST",
        query: fields,
        body: { encodings: ["urlencoded", "multipart"], fields },
      });
  }

  for (const apiPath of new Set(apiOperations.map((operation) => operation.path))) {
    const pattern = apiPath.replace(/\{(\w+)\}/g, ":$1");
    for (const operation of apiOperations.filter((candidate) => candidate.path === apiPath)) {
      targets.push(operationTarget(operation, pattern));
      if (operation.query && !objectShape(operation.query))
        gaps.push(`${operation.method} ${operation.path}: its query schema is not an object`);
    }
    // Methods no operation lists must answer 405, never 5xx.
    targets.push({
      name: `PATCH ${pattern} (no such method)`,
      pattern,
      method: "PATCH",
      query: [],
      body: { encodings: ["json"], fields: [] },
    });
  }
  return { targets, gaps, routes: list.length, operations: apiOperations.length };
}
