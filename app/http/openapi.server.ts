import { z } from "zod";
import { errorAnswer, webhookPayload } from "~/http/api-answers";
import {
  type Access,
  isOpenDoor,
  type OperationDoc as ApiOperation,
  type RequestBody,
} from "~/http/api/operation.server";
import { can, decidedAtTheDoor, type PolicyViewer } from "~/models/policy";
import { strictBody } from "~/http/api.server";
import { SIGNATURE_HEADER, WEBHOOK_EVENTS } from "~/lib/change-events";
import { SUBMISSION_KEY_HEADER, SUBMISSION_KEY_PATTERN } from "~/lib/submission-key";
import { REPLAYED_HEADER } from "~/infra/idempotency.server";
import { WAITING_FOR_APPROVAL } from "~/models/registration.server";
import { said } from "~/http/language.server";
import { SESSION_COOKIE } from "~/models/session.server";

// Builds /api/openapi.json from the operation list: request schemas are the zod schemas the
// routes validate with (JSON bodies are strict, as readJsonBody makes them), answers are
// app/http/api-answers.ts. Named schemas (`.meta({ id })`) become components.

type JsonSchema = Record<string, unknown>;
const COMPONENTS = "#/components/schemas/";

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Bad input: the message says what is wrong",
  401: "Signed out",
  403: "Forbidden: an account waiting for approval (the message says so), a role or a team this user may not see, another team's dealer (or a team this user may not put it in), an API token beyond its scope, an import of targets naming another team's officer, or a cross-site request",
  404: "Not found",
  409: "Conflict with existing data",
  412: "The record changed since it was read (If-Match no longer names its ETag); nothing was changed: read it again",
  413: "Body or file too large",
  406: "Not acceptable: the Accept header takes none of the types this call answers",
  415: "Wrong content type or file type",
  422: "The Idempotency-Key was already used (by this user) for a different request, (a sale) it would pass the dealer's credit limit while the company's setting makes the limit block, or (an import of targets) rows have errors, each named in fieldErrors.file: the message says which; nothing was done",
  429: "Too many requests; retry after the Retry-After header's seconds",
  503: "Temporarily unavailable (the message says what); try again later",
};

/** A zod schema as OpenAPI 3.1 JSON Schema; named sub-schemas are collected into `components`. */
function jsonSchema(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  for (const [name, definition] of Object.entries($defs ?? {})) components[name] = relink(definition) as JsonSchema;
  const id = typeof rest.id === "string" ? rest.id : undefined;
  if (id) {
    const { id: _id, ...definition } = rest;
    components[id] = relink(definition) as JsonSchema;
    return { $ref: `${COMPONENTS}${id}` };
  }
  return relink(rest) as JsonSchema;
}

/** Points zod's `#/$defs/…` references at `#/components/schemas/…` and drops its `id` names (not `id` properties). */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink);
  if (!value || typeof value !== "object") return value;
  const entries = Object.entries(value).filter(([key, inner]) => !(key === "id" && typeof inner === "string"));
  return Object.fromEntries(
    entries.map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" ? inner.replace("#/$defs/", COMPONENTS) : relink(inner),
    ]),
  );
}

/** The answer's fields a body may carry back without changing them (JSON Schema's readOnly: ignored). */
function readOnlyProperties(body: Extract<RequestBody, { kind: "json" }>, schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const ignored = Object.keys(body.readOnly?.shape ?? {}).filter((key) => !(key in properties));
  if (ignored.length === 0) return schema;
  const readOnly = Object.fromEntries(
    ignored.map((key) => [key, { readOnly: true, description: "As GET answers it; ignored" }]),
  );
  return { ...schema, properties: { ...properties, ...readOnly } };
}

function requestBody(body: RequestBody, components: Record<string, JsonSchema>) {
  if (body.kind === "json") {
    const schema = readOnlyProperties(body, jsonSchema(strictBody(body.schema), "input", components));
    return { required: true, content: { "application/json": { schema, example: body.example } } };
  }
  if (body.kind === "bytes") {
    return {
      required: true,
      description: body.description,
      content: {
        "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
      },
    };
  }
  const properties = Object.fromEntries(
    Object.entries(body.fields).map(([name, field]) => [
      name,
      field.file
        ? { type: "string", contentMediaType: "application/octet-stream", description: field.description }
        : { type: "string", description: field.description },
    ]),
  );
  const required = Object.entries(body.fields)
    .filter(([, field]) => field.required)
    .map(([name]) => name);
  return { required: true, content: { "multipart/form-data": { schema: { type: "object", properties, required } } } };
}

function parameters(operation: ApiOperation, components: Record<string, JsonSchema>) {
  const inPath = Object.entries(operation.pathParams ?? {}).map(([name, parameter]) => ({
    name,
    in: "path",
    required: true,
    description: parameter.description,
    schema: { type: typeof parameter.example === "number" ? "integer" : "string" },
    example: parameter.example,
  }));
  const query = operation.query
    ? (jsonSchema(operation.query, "input", components) as {
        properties?: Record<string, JsonSchema>;
        required?: string[];
      })
    : {};
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: query.required?.includes(name) ?? false,
    schema,
    ...(operation.queryExample?.[name] !== undefined
      ? { example: typedExample(operation.queryExample[name], schema) }
      : {}),
  }));
  const inHeader = operation.idempotent
    ? [
        {
          name: SUBMISSION_KEY_HEADER,
          in: "header",
          required: false,
          description:
            "A key made for this one submission (e.g. a UUID): a repeat of the same request with the same key " +
            "creates nothing and answers the first result. Keys are per user; the same key with a different request answers 422.",
          schema: { type: "string", pattern: SUBMISSION_KEY_PATTERN.source },
        },
      ]
    : [];
  return [...inPath, ...inQuery, ...inHeader, ...conditionHeaders(operation)];
}

/** A query example (text, as URLs carry it) as the value its schema's type names. */
function typedExample(example: string, schema: JsonSchema): string | number {
  const type = schema.type;
  return type === "integer" || type === "number" ? Number(example) : example;
}

const ETAG_NOTE = "The record's ETag (strong): it changes with every change to what GET answers";

/** If-None-Match on a record's GET, If-Match on its writes. */
function conditionHeaders(operation: ApiOperation) {
  if (!operation.etag) return [];
  if (operation.method === "get")
    return [
      {
        name: "If-None-Match",
        in: "header",
        required: false,
        description: "The ETag of the copy the client has: while it is current, 304 with no body",
        schema: { type: "string" },
      },
    ];
  return [
    {
      name: "If-Match",
      in: "header",
      required: false,
      description:
        'The ETag of the record as the client read it (from GET or an earlier write): the change is made only if the record is still so, else 412 and nothing changes. "*" or none: no condition. Weak tags never match',
      schema: { type: "string" },
    },
  ];
}

/** Every error status an operation can answer, from its access, its body and its own list. */
function errorStatuses(operation: ApiOperation): number[] {
  const statuses = new Set(operation.errors ?? []);
  if (!isOpenDoor(operation.access)) statuses.add(401);
  // Every signed-in call refuses an account still waiting for approval (decision 42).
  if (!isOpenDoor(operation.access)) statuses.add(403);
  if (operation.body || operation.query) statuses.add(400);
  if (operation.body) statuses.add(413);
  if (operation.body?.kind === "json" || operation.body?.kind === "multipart") statuses.add(415);
  if (operation.method !== "get") statuses.add(403); // another site's Origin (server/same-origin.ts)
  if (storesFile(operation)) statuses.add(503); // the bucket cannot be reached
  if (operation.idempotent) statuses.add(422); // the key was used for a different request
  if (operation.etag && operation.method !== "get") statuses.add(400).add(412); // a malformed or stale If-Match
  return [...statuses].sort((a, b) => a - b);
}

function storesFile({ body }: ApiOperation): boolean {
  return (
    body?.kind === "bytes" || (body?.kind === "multipart" && Object.values(body.fields).some((field) => field.file))
  );
}

function responses(operation: ApiOperation, components: Record<string, JsonSchema>) {
  const { answer } = operation;
  const success: Record<string, unknown> = { description: answer.description };
  const headers: Record<string, unknown> = {};
  if (answer.setsCookie) headers["Set-Cookie"] = { description: "The session cookie", schema: { type: "string" } };
  if (operation.idempotent)
    headers[REPLAYED_HEADER] = {
      description: '"true" when this answers an earlier request with the same key',
      schema: { type: "string", enum: ["true"] },
    };
  if (operation.etag) headers.ETag = { description: ETAG_NOTE, schema: { type: "string" } };
  if (Object.keys(headers).length > 0) success.headers = headers;
  if (answer.schema)
    success.content = { "application/json": { schema: jsonSchema(answer.schema, "output", components) } };
  const errorRef = jsonSchema(errorAnswer, "output", components);
  const errors = Object.fromEntries(
    errorStatuses(operation).map((status) => [
      String(status),
      { description: ERROR_DESCRIPTIONS[status] ?? "Error", content: { "application/json": { schema: errorRef } } },
    ]),
  );
  const notModified =
    operation.etag && operation.method === "get"
      ? { "304": { description: "Not modified: If-None-Match names the current ETag; no body" } }
      : {};
  const redirect = operation.redirect
    ? { "302": { description: operation.redirect, headers: { Location: { schema: { type: "string" } } } } }
    : {};
  return { [String(answer.status)]: success, ...redirect, ...notModified, ...errors };
}

/** A signed-in call takes the session cookie or an API token (decision 48). */
const SIGNED_IN = [{ session: [] }, { bearer: [] }];

const BEARER_SCHEME = {
  type: "http",
  scheme: "bearer",
  description:
    "An API token (fl_…) made on /profile/tokens or with POST /api/tokens. It acts as its user, within its scope: " +
    "read sends GET only, write every call but the admin ones, admin those too. No CSRF rules apply to it; " +
    "an out-of-scope call answers 403, an unknown, expired or revoked token 401.",
};

const WAITING_NOTE = `An account waiting for approval gets 403 {"error": "${said(WAITING_FOR_APPROVAL)}"}.`;

const ACCESS_NOTES = {
  public: "No sign-in needed.",
  "signed-in": `Any signed-in user (OFFICER, MANAGER, ADMIN). ${WAITING_NOTE}`,
  manager: `MANAGER and ADMIN only. ${WAITING_NOTE}`,
  admin: `ADMIN only. ${WAITING_NOTE}`,
} as const;

type DocumentedAccess = keyof typeof ACCESS_NOTES;

/** A viewer of each role as the policy sees them with a session and no team: what a role may at the door. */
const roleViewer = (role: string): PolicyViewer => ({ id: 0, role, teamId: null, ledTeamIds: [], tokenScope: null });

/**
 * The access a client reads, as roles: an open door is `public`; an account waiting for approval
 * is still signed in, so `account` is documented as `signed-in`, whose refusal of it the clients
 * know; an action, the lowest role the policy lets through its door (an action decided by the
 * thing acted on lets every role through and refuses in its answer).
 */
function documentedAccess(access: Access): DocumentedAccess {
  if (isOpenDoor(access)) return "public";
  if (access === "account" || !decidedAtTheDoor(access) || can(roleViewer("OFFICER"), access)) return "signed-in";
  return can(roleViewer("MANAGER"), access) ? "manager" : "admin";
}

const SIGNATURE_NOTE =
  `Signed: the ${SIGNATURE_HEADER} header is \`t=<unix seconds>,v1=<hex>\`, where hex is ` +
  "HMAC-SHA256 with the webhook's secret of `<t>.<the raw body>`. Check it with a constant-time " +
  "comparison and refuse a t more than 5 minutes old. A delivery is retried with backoff until the receiver " +
  "answers 2xx, one at a time per webhook in the order of the changes; a repeat (same deliveryId) can " +
  "follow a lost answer, so receivers keep the seq they have seen.";

/** OpenAPI 3.1 `webhooks`: what the server POSTs to a registered URL, one entry per event. */
function webhooks(components: Record<string, JsonSchema>) {
  const schema = jsonSchema(webhookPayload, "output", components);
  const header = (name: string, description: string) => ({
    name,
    in: "header",
    required: true,
    description,
    schema: { type: "string" },
  });
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          operationId: `webhook${event.replace(/(^|\.)(.)/g, (_, _dot: string, c: string) => c.toUpperCase())}`,
          summary: `A ${event.replace(".", " was ")}`,
          description: SIGNATURE_NOTE,
          tags: ["Changes"],
          parameters: [
            header(SIGNATURE_HEADER, "t=<unix seconds>,v1=<hex HMAC-SHA256 of `<t>.<body>`>"),
            header("Fieldline-Event", `"${event}"`),
            header("Fieldline-Delivery", "The delivery's id, as the body's deliveryId"),
          ],
          requestBody: { required: true, content: { "application/json": { schema } } },
          responses: { "200": { description: "Received (any 2xx); anything else, or no answer, is retried" } },
        },
      },
    ]),
  );
}

export function buildOpenApiDocument(operations: ApiOperation[]) {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const access = documentedAccess(operation.access);
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      operationId: `${operation.method}${operation.path
        .replace(/^\/api/, "")
        .replace(/[{}]/g, "")
        .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
      summary: operation.summary,
      description: ACCESS_NOTES[access],
      tags: [operation.tag],
      security: access === "public" ? [] : SIGNED_IN,
      "x-access": access,
      "x-action": operation.access,
      parameters: parameters(operation, components),
      ...(operation.body ? { requestBody: requestBody(operation.body, components) } : {}),
      responses: responses(operation, components),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Fieldline API",
      version: "1.0.0",
      description:
        "The JSON API of Fieldline. Send an API token as `Authorization: Bearer fl_…`, or sign in with " +
        "POST /api/login and send the session cookie back. " +
        "Errors are JSON `{ error, fieldErrors? }`. State-changing calls that send an Origin header must come from this site. " +
        "A dealer and the signed-in user carry an ETag: send it back in If-Match to change them only if nobody has since (412 otherwise).",
      license: {
        name: "Proprietary: licensed to the company that runs this Fieldline",
        identifier: "LicenseRef-Fieldline",
      },
    },
    // The server that answers this document (each deployment has its own address).
    servers: [{ url: "/" }],
    security: SIGNED_IN,
    paths,
    webhooks: webhooks(components),
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE }, bearer: BEARER_SCHEME },
    },
  };
}
