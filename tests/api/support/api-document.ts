// Reading /api/openapi.json in tests: its operations, their example URLs, and a validator for
// the answers it documents.
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import sharp from "sharp";
import { dealerRow, dealerWorkbook } from "../../support/spreadsheets";

type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  enum?: unknown[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  contentMediaType?: string;
};

type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  example?: string | number;
  schema: JsonSchema;
};
type MediaType = { schema: JsonSchema; example?: Record<string, unknown> };

export type DocumentedOperation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  access: "public" | "signed-in" | "manager" | "admin";
  /** Its door: the policy's action, or an open door (decision 75). */
  door: string;
  parameters: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
};

export type ApiDocument = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      Omit<DocumentedOperation, "method" | "path" | "access" | "door"> & {
        "x-access": DocumentedOperation["access"];
        "x-action": string;
      }
    >
  >;
  components: { schemas: Record<string, JsonSchema> };
  /** OpenAPI 3.1 webhooks: what the server POSTs to a registered URL, by event. */
  webhooks?: Record<string, { post: { requestBody: { content: Record<string, MediaType> } } }>;
};

export async function loadApiDocument(request: APIRequestContext): Promise<ApiDocument> {
  const response = await request.get("/api/openapi.json");
  if (response.status() !== 200) throw new Error(`GET /api/openapi.json answered ${response.status()}`);
  return (await response.json()) as ApiDocument;
}

export function operationsOf(document: ApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      ...operation,
      method: method as DocumentedOperation["method"],
      path,
      access: operation["x-access"],
      door: operation["x-action"],
    })),
  );
}

/** The operation's URL with path parameters (examples unless given) and its query example. */
export function exampleUrl(operation: DocumentedOperation, pathValues: Record<string, string | number> = {}): string {
  let url = operation.path;
  for (const parameter of operation.parameters.filter((p) => p.in === "path")) {
    url = url.replace(
      `{${parameter.name}}`,
      encodeURIComponent(String(pathValues[parameter.name] ?? parameter.example)),
    );
  }
  const query = new URLSearchParams();
  for (const parameter of operation.parameters.filter((p) => p.in === "query" && p.example !== undefined)) {
    query.set(parameter.name, String(parameter.example));
  }
  return query.size > 0 ? `${url}?${query}` : url;
}

export function jsonBodyOf(operation: DocumentedOperation): MediaType | undefined {
  return operation.requestBody?.content["application/json"];
}

export function multipartFieldsOf(operation: DocumentedOperation): Record<string, JsonSchema> | undefined {
  return operation.requestBody?.content["multipart/form-data"]?.schema.properties;
}

export function documentedStatuses(operation: DocumentedOperation): number[] {
  return Object.keys(operation.responses).map(Number);
}

export function successStatus(operation: DocumentedOperation): number {
  return Math.min(...documentedStatuses(operation));
}

/** Validates answers against the document's response schemas (components become $defs). */
/** Checks a value against a schema of the document (its components resolved), each compiled once. */
function schemaValidator(document: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const $defs = JSON.parse(JSON.stringify(document.components.schemas).replaceAll("#/components/schemas/", "#/$defs/"));
  const cache = new Map<string, ValidateFunction>();
  return (key: string, schema: JsonSchema, value: unknown, name: string): string | null => {
    let validate = cache.get(key);
    if (!validate) {
      const relinked = JSON.parse(JSON.stringify(schema).replaceAll("#/components/schemas/", "#/$defs/"));
      validate = ajv.compile({ ...relinked, $defs });
      cache.set(key, validate);
    }
    return validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: name });
  };
}

export function answerValidator(document: ApiDocument) {
  const check = schemaValidator(document);
  return (operation: DocumentedOperation, status: number, body: unknown): string | null => {
    const schema = operation.responses[String(status)]?.content?.["application/json"]?.schema;
    if (!schema) return null;
    return check(`${operation.method} ${operation.path} ${status}`, schema, body, "answer");
  };
}

/** Checks a webhook delivery's body against the document's `webhooks` entry for its event. */
export function webhookValidator(document: ApiDocument) {
  const check = schemaValidator(document);
  return (event: string, body: unknown): string | null => {
    const schema = document.webhooks?.[event]?.post.requestBody.content["application/json"]?.schema;
    if (!schema) return `no webhook ${event} in the document`;
    return check(`webhook ${event}`, schema, body, "body");
  };
}

/** A real file for a documented multipart field: an image, or a one-row dealer spreadsheet. */
export async function sampleFile(field: string) {
  if (field === "file") {
    return {
      name: "dealers.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: dealerWorkbook([dealerRow(Date.now() % 10_000_000, "Contract")]),
    };
  }
  const buffer = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 140, b: 70 } } })
    .png()
    .toBuffer();
  return { name: "photo.png", mimeType: "image/png", buffer };
}

export async function readJson(response: APIResponse): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
