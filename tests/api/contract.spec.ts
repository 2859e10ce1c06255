import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import fc from "fast-check";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { e2eDatabasePath, expect, readOutbox, test, uniqueClientAddress, uniqueName } from "../e2e/support/fixtures";
import {
  answerValidator,
  documentedStatuses,
  exampleUrl,
  jsonBodyOf,
  loadApiDocument,
  multipartFieldsOf,
  operationsOf,
  readJson,
  sampleFile,
  successStatus,
  type DocumentedOperation,
  webhookValidator,
} from "./support/api-document";
import { gridWorkbook } from "../support/spreadsheets";
import { FARMER_IMPORT_HEADER } from "~/lib/farmer-import";
import { TARGET_IMPORT_HEADER } from "~/lib/target-import";

// The contract of /api/openapi.json, driven from the document itself: every call once with a
// valid request built from its examples (the answer must be one the document lists, and match
// its schema), then with invalid and hostile requests generated from its request schemas and
// by fast-check (wrong types, too long, out of range, unknown and prototype-polluting keys,
// malformed JSON, wrong content types, bad ids). No request may answer 500, every refusal is
// a documented 4xx with `{ error }` in words a person can act on, and no refused request
// changes the database.

// A ceiling, not a wait: the walk takes about 25 s alone on 2 cores, but `npm test` runs it beside
// three other chains, and with one core kept busy the fresh clone's run (twice) passed 180 s.
test.describe.configure({ timeout: 420_000 });

type Callers = {
  anonymous: APIRequestContext;
  officer: APIRequestContext;
  manager: APIRequestContext;
  admin: APIRequestContext;
};
type Call = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  data?: unknown;
  multipart?: Record<string, unknown>;
};

/** A demo plot sown today on the farmer, started by a Demo Plot post: its id. */
async function startPlot(context: APIRequestContext, farmerId: number): Promise<number> {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date());
  const [year, month, day] = today.split("-").map(Number);
  const harvest = new Date(Date.UTC(year!, month! - 1, day! + 120)).toISOString().slice(0, 10);
  const response = await context.post("/api/posts", {
    data: {
      type: "DEMO_PLOT",
      text: "Contract plot",
      lat: 30.6,
      lng: 73.1,
      address: "Chak 45",
      plotAction: "start",
      farmerId,
      crop: "wheat",
      plotProduct: "SSP",
      plotAcres: 1,
      controlAcres: 1,
      sownOn: today,
      harvestDueOn: harvest,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { plot: { id: number } }).plot.id;
}

async function send(context: APIRequestContext, call: Call): Promise<APIResponse> {
  return context.fetch(call.url, {
    method: call.method.toUpperCase(),
    // An API client: it asks for JSON (GET /api/login redirects a browser).
    headers: { Accept: "application/json", ...call.headers, "X-Forwarded-For": uniqueClientAddress() },
    data: call.data as string | Buffer | undefined,
    multipart: call.multipart as Record<string, string>,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
}

function callerFor(callers: Callers, operation: DocumentedOperation): APIRequestContext {
  // One team is read by an admin or its own people: the contract's officer is in no team.
  if (operation.method === "get" && operation.path === "/api/teams/{id}") return callers.admin;
  // A dealer's account is its team's and an admin's: the contract's dealer is of no team.
  if (operation.door.startsWith("dealerAccount.")) return callers.admin;
  if (operation.access === "admin") return callers.admin;
  // Erasing a farmer is the managers' of the farmer's team (the contract's farmer is the officer's team's).
  if (operation.door === "farmer.erase") return callers.manager;
  if (operation.access === "manager") return callers.manager;
  if (operation.access === "signed-in") return callers.officer;
  return callers.anonymous;
}

/** Rows the contract's own accounts own: a refused request must not change them. */
function ownedRows(userIds: number[]): Record<string, number> {
  const db = new Database(e2eDatabasePath(), { readonly: true, fileMustExist: true });
  try {
    const ids = userIds.join(",");
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      posts: count(`SELECT count(*) AS n FROM Post WHERE userId IN (${ids})`),
      comments: count(`SELECT count(*) AS n FROM Comment WHERE userId IN (${ids})`),
      reactions: count(`SELECT count(*) AS n FROM Reaction WHERE userId IN (${ids})`),
      checkIns: count(`SELECT count(*) AS n FROM CheckIn WHERE userId IN (${ids})`),
      dealers: count(`SELECT count(*) AS n FROM Dealer WHERE createdById IN (${ids})`),
      dealerUpdates: count(`SELECT count(*) AS n FROM Dealer WHERE createdById IN (${ids}) AND updatedAt > createdAt`),
      profileChanges: count(
        `SELECT coalesce(sum(length(coalesce(homeAddress, '')) + length(selectedAvatar)), 0) AS n FROM User WHERE id IN (${ids})`,
      ),
      contractAccounts: count(`SELECT count(*) AS n FROM User WHERE username LIKE 'contract%'`),
    };
  } finally {
    db.close();
  }
}

const JSON_HEADERS = { "Content-Type": "application/json" };
const POLLUTING_KEYS = ["__proto__", "constructor", "prototype"];

type PropertySchema = {
  type?: string | string[];
  enum?: unknown[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
};

/** Values each property must refuse, from its JSON Schema (a property without a type takes anything). */
function invalidValues(schema: PropertySchema, required: boolean): unknown[] {
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.length === 0) return [];
  const numeric = types.includes("number") || types.includes("integer");
  const values: unknown[] = [
    { nested: { junk: [1, { deeper: true }] } },
    // A list where one value is expected; for a list, items of no kind it takes ([1, 2, 3] may be ids).
    types.includes("array") ? [{ junk: true }] : [1, 2, 3],
    types.includes("boolean") ? "yes" : true,
  ];
  if (required) values.push(null);
  if (types.includes("string") && !numeric) values.push(12345);
  if (numeric) values.push("not a number");
  if (types.includes("integer")) values.push(1.5);
  if (schema.maxLength !== undefined) values.push("x".repeat(schema.maxLength + 1));
  if (schema.enum) values.push("NOT_ONE_OF_THEM");
  if (schema.maximum !== undefined) values.push(schema.maximum + 1);
  if (schema.minimum !== undefined) values.push(schema.minimum - 1);
  return values;
}

/** Query values a parameter must refuse (query values are always text, so no type mix-ups). */
function invalidQueryValues(parameter: { required: boolean; schema: PropertySchema }): string[] {
  const { schema } = parameter;
  const types = ([] as string[]).concat(schema.type ?? []);
  const values: string[] = [];
  if (parameter.required) values.push("");
  if (schema.enum) values.push("NOT_ONE_OF_THEM");
  if (schema.maxLength !== undefined) values.push("x".repeat(schema.maxLength + 1));
  if (types.includes("number") || types.includes("integer")) values.push("not a number");
  if (types.includes("integer")) values.push("1.5");
  if (schema.maximum !== undefined) values.push(String(schema.maximum + 1));
  if (schema.minimum !== undefined) values.push(String(schema.minimum - 1));
  return values;
}

function invalidJsonCalls(operation: DocumentedOperation, url: string): Array<{ label: string; call: Call }> {
  const body = jsonBodyOf(operation)!;
  const example = body.example ?? {};
  const properties = (body.schema.properties ?? {}) as Record<string, PropertySchema>;
  const required = body.schema.required ?? [];
  const method = operation.method;
  const calls: Array<{ label: string; call: Call }> = [
    {
      label: "unknown field",
      call: { method, url, headers: JSON_HEADERS, data: JSON.stringify({ ...example, unexpectedField: 1 }) },
    },
    { label: "malformed JSON", call: { method, url, headers: JSON_HEADERS, data: '{"text": "unterminated' } },
    { label: "a JSON array", call: { method, url, headers: JSON_HEADERS, data: "[]" } },
    { label: "a JSON string", call: { method, url, headers: JSON_HEADERS, data: '"text"' } },
    {
      label: "text/plain",
      call: { method, url, headers: { "Content-Type": "text/plain" }, data: JSON.stringify(example) },
    },
    {
      label: "over 100 KB",
      call: { method, url, headers: JSON_HEADERS, data: JSON.stringify({ ...example, padding: "x".repeat(120_000) }) },
    },
  ];
  for (const key of POLLUTING_KEYS) {
    const text = `{"${key}": {"role": "ADMIN", "isAdmin": true}, ${JSON.stringify(example).slice(1)}`;
    calls.push({ label: `${key} key`, call: { method, url, headers: JSON_HEADERS, data: text.replace(/, }$/, "}") } });
  }
  if (required.length > 0)
    calls.push({ label: "empty object", call: { method, url, headers: JSON_HEADERS, data: "{}" } });
  for (const [name, schema] of Object.entries(properties)) {
    for (const value of invalidValues(schema, required.includes(name))) {
      calls.push({
        label: `${name}=${JSON.stringify(value).slice(0, 30)}`,
        call: { method, url, headers: JSON_HEADERS, data: JSON.stringify({ ...example, [name]: value }) },
      });
    }
  }
  return calls;
}

/** fast-check: the example with junk values and at least one key the strict schema refuses. */
function fuzzedJsonBodies(operation: DocumentedOperation, runs: number, seed: number): string[] {
  const body = jsonBodyOf(operation)!;
  const known = Object.keys(body.schema.properties ?? {});
  const junkValue = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom(
      "\u202Eevil",
      "\u0000",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "e\u0301\u0301\u0301",
      "💥".repeat(50),
    ),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const junkKey = fc
    .oneof(
      fc.constantFrom(...POLLUTING_KEYS, "a[b][c]", "", " ", "role", "userId", "saleTotal"),
      fc.string({ minLength: 1, maxLength: 12 }),
    )
    .filter((key) => !known.includes(key));
  const arbitrary = fc.record({
    overrides: fc.dictionary(fc.constantFrom(...(known.length ? known : ["x"])), junkValue, { maxKeys: 3 }),
    extra: fc.dictionary(junkKey, junkValue, { minKeys: 1, maxKeys: 3 }),
  });
  return fc.sample(arbitrary, { numRuns: runs, seed }).map(({ overrides, extra }) => {
    // Object spread would drop "__proto__"; build the text so the key reaches the server.
    const entries = [...Object.entries({ ...body.example, ...overrides }), ...Object.entries(extra)];
    return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value ?? null)}`).join(",")}}`;
  });
}

// zod's own wording ("Invalid input: expected string, received null"): every refusal must say
// instead what the caller can change.
const RAW_VALIDATION_MESSAGE =
  /Invalid input|Invalid option|\bexpected\b|\breceived\b|Unrecognized key|Too (big|small)/;

/** The messages of an `{ error, fieldErrors }` answer written in zod's own wording. */
function rawValidationMessages(body: unknown): string[] {
  if (body === null || typeof body !== "object") return [];
  const { error, fieldErrors } = body as { error?: unknown; fieldErrors?: Record<string, unknown[]> };
  return [error, ...Object.values(fieldErrors ?? {}).flat()].filter(
    (message): message is string => typeof message === "string" && RAW_VALIDATION_MESSAGE.test(message),
  );
}

const BAD_IDS = ["abc", "0", "-1", "1.5", "99999999999999999999", "%2e%2e%2fetc", "1;DROP TABLE Post"];

test("every /api call answers as openapi.json documents, refuses generated bad input with 4xx JSON, and never 500s", async ({
  playwright,
  baseURL,
}) => {
  const newContext = () => playwright.request.newContext({ baseURL });
  const anonymous = await newContext();
  const document = await loadApiDocument(anonymous);
  expect(document.openapi).toBe("3.1.0");
  const validate = answerValidator(document);
  const operations = operationsOf(document);

  const signIn = async (username: string, password = "fieldline") => {
    const context = await newContext();
    const response = await send(context, {
      method: "post",
      url: "/api/login",
      headers: JSON_HEADERS,
      data: JSON.stringify({ username, password }),
    });
    expect(response.status(), `sign in ${username}`).toBe(200);
    return context;
  };
  const officerContext = await newContext();
  const officerName = `contract_${uniqueName("o").replaceAll("-", "_")}`;
  const registered = await send(officerContext, {
    method: "post",
    url: "/api/register",
    headers: JSON_HEADERS,
    data: JSON.stringify({ username: officerName, email: `${officerName}@example.pk`, password: "contract-pass" }),
  });
  expect(registered.status()).toBe(201);
  const officerId = ((await registered.json()) as { id: number }).id;
  const callers: Callers = {
    anonymous,
    officer: officerContext,
    manager: await signIn("manager"),
    admin: await signIn("admin"),
  };

  // A notification of the officer's own, for the valid "mark read" call.
  const db = new Database(e2eDatabasePath(), { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  db.prepare(
    "INSERT INTO Notification (userId, type, title, message, isRead, createdAt) VALUES (?, 'SYSTEM', 'Contract test', 'Mark me read', 0, ?)",
  ).run(officerId, Date.now());
  // Accounts waiting for approval: the valid approve calls let one in each, the refuse calls refuse one each.
  const waiting = (name: string) =>
    Number(
      db
        .prepare(
          "INSERT INTO User (username, email, passwordHash, role, approval, updatedAt) VALUES (?, ?, 'x', 'OFFICER', 'PENDING', ?)",
        )
        .run(name, `${name}@example.pk`, Date.now()).lastInsertRowid,
    );
  // An officer of the team the manager leads, whose targets the manager may set (a period far off,
  // so no home shows them).
  const { id: teamOfficer, email: teamOfficerEmail } = db
    .prepare("SELECT id, email FROM User WHERE username = 'officer1'")
    .get() as { id: number; email: string };
  const pending = {
    approve: waiting(`contract_${uniqueName("a").replaceAll("-", "_")}`),
    refuse: waiting(`contract_${uniqueName("f").replaceAll("-", "_")}`),
    teamApprove: waiting(`contract_${uniqueName("ta").replaceAll("-", "_")}`),
    teamRefuse: waiting(`contract_${uniqueName("tf").replaceAll("-", "_")}`),
  };
  db.close();

  // A second account whose real reset token the valid reset-password call spends.
  const resetName = `contract_${uniqueName("r").replaceAll("-", "_")}`;
  const resetEmail = `${resetName}@example.pk`;
  await send(await newContext(), {
    method: "post",
    url: "/api/register",
    headers: JSON_HEADERS,
    data: JSON.stringify({ username: resetName, email: resetEmail, password: "contract-pass" }),
  });
  await send(anonymous, {
    method: "post",
    url: "/api/forgot-password",
    headers: JSON_HEADERS,
    data: JSON.stringify({ email: resetEmail }),
  });
  const resetToken = new URL(
    (await readOutbox(resetEmail, { timeout: 5000 }))!.text.match(/https?:\/\/\S+/)![0],
  ).searchParams.get("token")!;

  const problems: string[] = [];
  let requests = 0;
  const check = async (
    operation: DocumentedOperation,
    label: string,
    context: APIRequestContext,
    call: Call,
    expectRefusal: boolean,
  ) => {
    const response = await send(context, call);
    requests++;
    const status = response.status();
    const body = await readJson(response);
    const where = `${operation.method.toUpperCase()} ${call.url.slice(0, 80)} (${label}) → ${status}`;
    if (status >= 500) problems.push(`${where}: server error ${JSON.stringify(body).slice(0, 200)}`);
    else if (!documentedStatuses(operation).includes(status)) problems.push(`${where}: status not in the document`);
    else if (expectRefusal && status < 400) problems.push(`${where}: bad input was accepted`);
    else {
      const mismatch = validate(operation, status, body);
      if (mismatch) problems.push(`${where}: answer does not match the document: ${mismatch}`);
    }
    for (const message of rawValidationMessages(body))
      problems.push(`${where}: a message in zod's wording: ${message}`);
    return { status, body };
  };

  // 1. Valid requests, in document order; ids created on the way are used by later calls.
  const created: Record<string, string | number> = {};
  const pathValues = (operation: DocumentedOperation): Record<string, string | number> => {
    if (operation.path === "/api/admin/users/{id}/approve") return { id: pending.approve };
    if (operation.path === "/api/admin/users/{id}/refuse") return { id: pending.refuse };
    if (operation.path === "/api/team/users/{id}/approve") return { id: pending.teamApprove };
    if (operation.path === "/api/team/users/{id}/refuse") return { id: pending.teamRefuse };
    if (operation.path.startsWith("/api/admin/users/{id}")) return { id: officerId };
    if (operation.path === "/api/officers/{id}/targets/{period}") return { id: teamOfficer, period: "2030-01" };
    if (operation.path === "/api/dealers/{id}/gallery/{index}" && created.dealer)
      return { id: created.dealer, index: 0 };
    if (operation.path === "/api/notifications/{id}/read" && created.notification) return { id: created.notification };
    if (operation.path.startsWith("/api/dealers/{id}") && created.dealer) return { id: created.dealer };
    if (operation.path === "/api/ledger/{id}/reversal" && created.entry) return { id: created.entry };
    if (operation.path.startsWith("/api/farmers/{id}") && created.farmer) return { id: created.farmer };
    if (operation.path.startsWith("/api/plots/{id}") && created.plot) return { id: created.plot };
    if (operation.path.startsWith("/api/teams/{id}") && created.team) return { id: created.team };
    if (operation.path === "/api/admin/webhooks/{id}" && created.webhook) return { id: created.webhook };
    // A plan can change only today or on a coming day.
    if (operation.path === "/api/plans/{day}")
      return { day: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi" }).format(new Date()) };
    if (operation.path === "/api/tokens/{id}" && created.token) return { id: created.token };
    if (operation.path.startsWith("/api/admin/service-accounts/{id}") && created.serviceAccount)
      return { id: created.serviceAccount, tokenId: created.serviceToken ?? 0 };
    if (operation.path.startsWith("/api/posts/{id}") && created.post)
      return { id: created.post, ...(created.comment ? { commentId: created.comment } : {}) };
    return {};
  };
  for (const operation of operations) {
    const context =
      operation.path === "/api/logout" ? await signIn(officerName, "contract-pass") : callerFor(callers, operation);
    let url = exampleUrl(operation, pathValues(operation));
    const call: Call = { method: operation.method, url };
    const json = jsonBodyOf(operation);
    if (json) {
      const example = { ...json.example };
      // Values only a live run can know: a fresh account name, a real reset token, a real upload.
      if ("username" in example && "email" in example)
        Object.assign(example, {
          username: `contract.${uniqueName("u")}`,
          email: `${uniqueName("contract")}@example.pk`,
        });
      if ("token" in example) example.token = resetToken;
      // A team name no earlier run has taken.
      if (operation.path.startsWith("/api/teams") && "name" in example)
        example.name = created.teamName ??= `Contract ${uniqueName("team")}`.slice(0, 60);
      // A farmer's phone no earlier run has registered.
      if (operation.path === "/api/farmers" && "phone" in example)
        example.phone = `0302${String(Date.now()).slice(-7)}`;
      if ("uploadId" in example && created.spreadsheet) example.uploadId = created.spreadsheet;
      Object.assign(call, { headers: JSON_HEADERS, data: JSON.stringify(example) });
    }
    const fields = multipartFieldsOf(operation);
    if (operation.path === "/api/targets/import")
      call.multipart = {
        file: {
          name: "targets.xlsx",
          mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          buffer: gridWorkbook([[...TARGET_IMPORT_HEADER], [teamOfficerEmail, "2030-01", 40]]),
        },
      };
    else if (operation.path === "/api/farmers/import")
      call.multipart = {
        file: {
          name: "farmers.xlsx",
          mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          buffer: gridWorkbook([
            [...FARMER_IMPORT_HEADER],
            [uniqueName("Contract farmer"), null, null, "Sahiwal", "Sahiwal", 2, "Wheat"],
          ]),
        },
      };
    else if (fields)
      call.multipart = Object.fromEntries(
        await Promise.all(Object.keys(fields).map(async (name) => [name, await sampleFile(name)])),
      );
    if (operation.requestBody?.content["application/octet-stream"]) {
      url = String(created.uploadURL ?? url);
      Object.assign(call, {
        url,
        headers: { "Content-Type": "application/octet-stream" },
        data: (await sampleFile("image")).buffer,
      });
    }
    const { status, body } = await check(operation, "valid", context, call, false);
    if (status !== successStatus(operation))
      problems.push(
        `${operation.method.toUpperCase()} ${url}: the valid example answered ${status} ${JSON.stringify(body).slice(0, 160)}`,
      );
    const answer = body as Record<string, unknown>;
    if (operation.method === "post" && operation.path === "/api/dealers") created.dealer = answer.id as number;
    if (operation.method === "post" && operation.path === "/api/posts") created.post = answer.id as number;
    if (operation.method === "post" && operation.path === "/api/farmers") {
      created.farmer = answer.id as number;
      // A demo plot on the farmer, started by a Demo Plot post, for the plots' calls (before any erasure).
      created.plot = await startPlot(context, created.farmer);
    }
    if (operation.method === "post" && operation.path === "/api/dealers/{id}/adjustments")
      created.entry = answer.id as number;
    if (operation.method === "post" && operation.path === "/api/teams") created.team = answer.id as number;
    if (operation.method === "post" && operation.path === "/api/admin/webhooks")
      created.webhook = (answer.webhook as { id: number }).id;
    if (operation.method === "post" && operation.path === "/api/tokens") created.token = answer.id as number;
    if (operation.method === "post" && operation.path === "/api/admin/service-accounts")
      created.serviceAccount = answer.id as number;
    if (operation.method === "post" && operation.path === "/api/admin/service-accounts/{id}/tokens")
      created.serviceToken = answer.id as number;
    if (operation.method === "post" && operation.path === "/api/posts/{id}/comments")
      created.comment = answer.id as number;
    if (operation.method === "get" && operation.path === "/api/notifications")
      created.notification = (body as Array<{ id: number }>)[0]?.id ?? 0;
    if (operation.method === "post" && operation.path === "/api/upload")
      created.spreadsheet = answer.uploadId as string;
    if (operation.path === "/api/objects/upload")
      created.uploadURL = new URL(String(answer.uploadURL)).pathname + new URL(String(answer.uploadURL)).search;
  }

  // 2. Invalid and hostile requests: none may change what the contract's accounts own.
  const before = ownedRows([officerId]);
  let seed = 20261122;
  for (const operation of operations) {
    const context = callerFor(callers, operation);
    const url = exampleUrl(operation, pathValues(operation));
    if (jsonBodyOf(operation)) {
      for (const { label, call } of invalidJsonCalls(operation, url))
        await check(operation, label, context, call, true);
      for (const data of fuzzedJsonBodies(operation, 25, seed++))
        await check(
          operation,
          "fast-check",
          context,
          { method: operation.method, url, headers: JSON_HEADERS, data },
          true,
        );
    }
    const fields = multipartFieldsOf(operation);
    if (fields) {
      const [field] = Object.keys(fields);
      await check(
        operation,
        "no file",
        context,
        { method: operation.method, url, multipart: { note: "no file here" } },
        true,
      );
      await check(
        operation,
        "text posing as an image",
        context,
        {
          method: operation.method,
          url,
          multipart: {
            [field!]: { name: "x.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") },
          },
        },
        true,
      );
      await check(
        operation,
        "JSON instead of multipart",
        context,
        { method: operation.method, url, headers: JSON_HEADERS, data: "{}" },
        true,
      );
    }
    for (const parameter of operation.parameters.filter((p) => p.in === "path")) {
      for (const bad of BAD_IDS) {
        const badUrl = exampleUrl(operation, { ...pathValues(operation), [parameter.name]: bad });
        const example = jsonBodyOf(operation)?.example;
        await check(
          operation,
          `${parameter.name}=${bad}`,
          context,
          {
            method: operation.method,
            url: badUrl,
            ...(example ? { headers: JSON_HEADERS, data: JSON.stringify(example) } : {}),
          },
          true,
        );
      }
    }
    // Conditional requests: a copy still current gets 304; a write with a tag not the record's
    // (412) or with no tag at all (400) is refused and changes nothing.
    const header = (name: string) => operation.parameters.some((p) => p.in === "header" && p.name === name);
    if (header("If-None-Match")) {
      const etag = (await send(context, { method: "get", url })).headers().etag ?? "";
      const { status } = await check(
        operation,
        "If-None-Match: its ETag",
        context,
        { method: "get", url, headers: { "If-None-Match": etag } },
        false,
      );
      if (status !== 304) problems.push(`GET ${url} with If-None-Match: its ETag ${etag} → ${status}, not 304`);
    }
    if (header("If-Match")) {
      const data = JSON.stringify(jsonBodyOf(operation)?.example ?? {});
      const conditions: Array<[string, string, number]> = [
        ["a stale If-Match", '"not-its-version"', 412],
        ["a malformed If-Match", "not-a-tag", 400],
      ];
      for (const [label, tag, expected] of conditions) {
        const headers = { ...JSON_HEADERS, "If-Match": tag };
        const { status } = await check(
          operation,
          label,
          context,
          { method: operation.method, url, headers, data },
          true,
        );
        if (status !== expected)
          problems.push(`${operation.method.toUpperCase()} ${url} with ${label} → ${status}, not ${expected}`);
      }
    }
    for (const parameter of operation.parameters.filter((p) => p.in === "query")) {
      for (const value of invalidQueryValues(parameter)) {
        const target = new URL(url, "http://localhost");
        target.searchParams.set(parameter.name, value);
        await check(
          operation,
          `?${parameter.name}=${value.slice(0, 20)}`,
          context,
          { method: operation.method, url: `${target.pathname}${target.search}` },
          true,
        );
      }
    }
  }
  console.log(`contract: ${operations.length} operations, ${requests} requests, ${problems.length} problems`);
  expect(problems).toEqual([]);
  expect(ownedRows([officerId])).toEqual(before);
  expect(requests).toBeGreaterThan(operations.length * 5);
});

function isDealer(body: string, dealerId: number): boolean {
  const change = JSON.parse(body) as { entity: string; id: number };
  return change.entity === "dealer" && change.id === dealerId;
}

test("webhook deliveries are the payloads openapi.json's webhooks describe, signed with the secret", async ({
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  const document = await loadApiDocument(admin);
  const validate = webhookValidator(document);
  expect(Object.keys(document.webhooks ?? {})).toContain("checkin.created");
  const signedIn = await send(admin, {
    method: "post",
    url: "/api/login",
    headers: JSON_HEADERS,
    data: JSON.stringify({ username: "admin", password: "fieldline" }),
  });
  expect(signedIn.status()).toBe(200);

  const received: Array<{ event: string; signature: string; body: string }> = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        event: String(request.headers["fieldline-event"]),
        signature: String(request.headers["fieldline-signature"]),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  const events = ["checkin.created", "dealer.created", "dealer.updated", "dealer.deleted"];
  const registered = await send(admin, {
    method: "post",
    url: "/api/admin/webhooks",
    headers: JSON_HEADERS,
    data: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events }),
  });
  expect(registered.status()).toBe(201);
  const { webhook, secret } = (await registered.json()) as { webhook: { id: number }; secret: string };
  try {
    const checkIn = await send(admin, {
      method: "post",
      url: "/api/checkins",
      headers: JSON_HEADERS,
      data: JSON.stringify({ lat: 31.52, lng: 74.35, address: "Contract check-in" }),
    });
    expect(checkIn.status()).toBe(201);
    const checkInId = ((await checkIn.json()) as { id: number }).id;
    // A dealer deleted by a writer outside the app is delivered as { deleted: true }.
    const db = new Database(e2eDatabasePath(), { fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    const dealerId = Number(
      db
        .prepare(
          "INSERT INTO Dealer (businessName, street, city, state, lat, lng, createdAt, updatedAt) VALUES ('Contract Hook Traders', 'Mall Road', 'Lahore', 'Punjab', 31.5, 74.3, ?, ?)",
        )
        .run(Date.now(), Date.now()).lastInsertRowid,
    );
    db.prepare("DELETE FROM Dealer WHERE id = ?").run(dealerId);
    db.close();

    await expect
      .poll(() => received.filter((hook) => isDealer(hook.body, dealerId)).length, { timeout: 15_000 })
      .toBe(2);
    const mine = received.filter((hook) => {
      const body = JSON.parse(hook.body) as { entity: string; id: number };
      return (body.entity === "checkin" && body.id === checkInId) || isDealer(hook.body, dealerId);
    });
    expect(mine.map((hook) => hook.event)).toEqual(["checkin.created", "dealer.created", "dealer.deleted"]);
    for (const hook of mine) {
      expect(validate(hook.event, JSON.parse(hook.body)), hook.body).toBeNull();
      const [t, v1] = hook.signature.split(",").map((part) => part.split("=")[1]);
      expect(v1).toBe(crypto.createHmac("sha256", secret).update(`${t}.${hook.body}`).digest("hex"));
    }
    expect(JSON.parse(mine[2]!.body)).toMatchObject({ event: "dealer.deleted", data: { deleted: true } });
  } finally {
    await send(admin, { method: "delete", url: `/api/admin/webhooks/${webhook.id}` });
    await new Promise((resolve) => receiver.close(resolve));
  }
});
