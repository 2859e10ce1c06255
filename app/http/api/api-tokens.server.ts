import { z } from "zod";
import * as answers from "~/http/api-answers";
import { requestCredentialKind } from "~/http/auth.server";
import { operation } from "~/http/api/operation.server";
import {
  apiTokenSchema,
  createdTokenSchema,
  newServiceAccountSchema,
  newTokenSchema,
  SERVICE_ACCOUNT_NOT_FOUND,
  serviceAccountSchema,
  TOKEN_NOT_FOUND,
} from "~/models/api-token.schema";
import {
  createServiceAccount,
  createServiceToken,
  createToken,
  listServiceAccounts,
  listTokens,
  revokeServiceToken,
  revokeToken,
} from "~/models/api-token.server";

// API tokens and service accounts (decision 48). A token is shown once, in the answer that makes it.

const tokenId = { description: "API token id", example: 1, notFound: TOKEN_NOT_FOUND };
const serviceAccountId = { description: "Service account (user) id", example: 1, notFound: SERVICE_ACCOUNT_NOT_FOUND };

export const apiTokenOperations = [
  operation({
    method: "get",
    path: "/api/tokens",
    summary: "Your API tokens with their last use (never the tokens themselves)",
    tag: "API tokens",
    access: "app.use",
    answer: { status: 200, description: "The tokens, newest first", schema: z.array(apiTokenSchema) },
    handler: async ({ user }) => Response.json(await listTokens(user.id), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "post",
    path: "/api/tokens",
    summary:
      "Make an API token (read, write or admin; admin for an admin only) that lasts expiresInDays or until revoked; the answer shows it this once",
    tag: "API tokens",
    access: "tokens.manage",
    body: {
      kind: "json",
      schema: newTokenSchema,
      example: { name: "Contract sync", scope: "read", expiresInDays: 30 },
    },
    answer: { status: 201, description: "The token, shown only now", schema: createdTokenSchema },
    errors: [409],
    handler: async ({ context, user, body }) =>
      Response.json(await createToken(user, await body(), { by: requestCredentialKind({ context }) }), {
        status: 201,
        headers: { "Cache-Control": "no-store" },
      }),
  }),
  operation({
    method: "delete",
    path: "/api/tokens/{id}",
    summary: "Revoke one of your API tokens: calls with it answer 401 from now on",
    tag: "API tokens",
    access: "tokens.manage",
    pathParams: { id: tokenId },
    answer: { status: 200, description: "Revoked", schema: answers.successAnswer },
    errors: [404],
    handler: async ({ context, user, params }) => {
      await revokeToken(user.id, params.id, requestCredentialKind({ context }));
      return Response.json({ success: true });
    },
  }),
  operation({
    method: "get",
    path: "/api/admin/service-accounts",
    summary: "Service accounts (a tool's own user, signing in only with its tokens) with their tokens",
    tag: "API tokens",
    access: "serviceAccounts.manage",
    answer: { status: 200, description: "The service accounts", schema: z.array(serviceAccountSchema) },
    handler: async () => Response.json(await listServiceAccounts(), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "post",
    path: "/api/admin/service-accounts",
    summary: "Make a service account: a MANAGER of a team's work or an ADMIN, with no password",
    tag: "API tokens",
    access: "serviceAccounts.manage",
    body: { kind: "json", schema: newServiceAccountSchema, example: { username: "contract-sync", role: "MANAGER" } },
    answer: { status: 201, description: "The service account", schema: serviceAccountSchema },
    errors: [409],
    handler: async ({ body }) => Response.json(await createServiceAccount(await body()), { status: 201 }),
  }),
  operation({
    method: "post",
    path: "/api/admin/service-accounts/{id}/tokens",
    summary: "Make an API token for a service account; the answer shows it this once",
    tag: "API tokens",
    access: "serviceAccountTokens.manage",
    pathParams: { id: serviceAccountId },
    body: { kind: "json", schema: newTokenSchema, example: { name: "Contract sync", scope: "write" } },
    answer: { status: 201, description: "The token, shown only now", schema: createdTokenSchema },
    errors: [404, 409],
    handler: async ({ context, params, body }) =>
      Response.json(await createServiceToken(params.id, await body(), requestCredentialKind({ context })), {
        status: 201,
        headers: { "Cache-Control": "no-store" },
      }),
  }),
  operation({
    method: "delete",
    path: "/api/admin/service-accounts/{id}/tokens/{tokenId}",
    summary: "Revoke one of a service account's tokens",
    tag: "API tokens",
    access: "serviceAccountTokens.manage",
    pathParams: { id: serviceAccountId, tokenId },
    answer: { status: 200, description: "Revoked", schema: answers.successAnswer },
    errors: [404],
    handler: async ({ context, params }) => {
      await revokeServiceToken(params.id, params.tokenId, requestCredentialKind({ context }));
      return Response.json({ success: true });
    },
  }),
];
