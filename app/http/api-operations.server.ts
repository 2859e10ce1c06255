import { z } from "zod";
import type { OperationDoc } from "~/http/api/operation.server";
import { adminUserListSchema, userSearchSchema } from "~/models/admin.schema";
import * as answers from "~/http/api-answers";
import {
  inviteSchema,
  pendingAccountSchema,
  registrationSettingsAnswerSchema,
  registrationSettingsSchema,
  teamChoiceSchema,
} from "~/models/registration.schema";
import {
  apiTokenSchema,
  createdTokenSchema,
  newServiceAccountSchema,
  newTokenSchema,
  serviceAccountSchema,
} from "~/models/api-token.schema";
import { changesQuerySchema } from "~/models/change.schema";
import { createdWebhookSchema, webhookSchema, webhookViewSchema } from "~/models/webhook.schema";
import {
  teamDetailSchema,
  teamListSchema,
  teamManagerSchema,
  teamMemberSchema,
  teamSchema,
} from "~/models/team.schema";

// Every /api call, with the zod schemas its route validates with. /api/openapi.json is built
// from this list, and the contract and permission tests walk it, so a call that is routed but
// not listed (or listed but not routed) fails the tests.

const teamId = { description: "Team id", example: 1 };
const tokenId = { description: "API token id", example: 1 };
const serviceAccountId = { description: "Service account (user) id", example: 1 };

const teamExample = { name: "Contract Team", provinces: ["Balochistan"], districts: ["Quetta"] };

export const apiOperations: OperationDoc[] = [
  // ---- Accounts ----

  // ---- Dealers ----

  // ---- Places ----

  // ---- Admin ----

  // ---- A manager's team administration (the admin may use it too, for every team) ----
  {
    method: "get",
    path: "/api/team/users",
    summary:
      "The people of the teams the manager leads (an admin's: everyone) by name, username or email, 20 a page; `team` narrows to one",
    tag: "Teams",
    access: "manager",
    query: userSearchSchema,
    queryExample: { query: "officer", page: "1" },
    answer: { status: 200, description: "A page of users", schema: adminUserListSchema },
  },
  {
    method: "get",
    path: "/api/team/pending",
    summary: "The accounts waiting for approval, oldest first",
    tag: "Teams",
    access: "manager",
    answer: { status: 200, description: "The waiting accounts", schema: z.array(pendingAccountSchema) },
  },
  {
    method: "post",
    path: "/api/team/users/{id}/approve",
    summary: "Let a waiting account in, into a team the manager leads (an admin: any team)",
    tag: "Teams",
    access: "manager",
    pathParams: { id: { description: "User id of the waiting account", example: 10 } },
    body: { kind: "json", schema: teamChoiceSchema, example: { teamId: 1 } },
    answer: { status: 200, description: "Approved", schema: answers.messageAnswer },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/team/users/{id}/refuse",
    summary: "Refuse a waiting account: it can never sign in",
    tag: "Teams",
    access: "manager",
    pathParams: { id: { description: "User id of the waiting account", example: 10 } },
    answer: { status: 200, description: "Refused", schema: answers.messageAnswer },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/team/invites",
    summary: "A one-time invite link into a team the manager leads (an admin: any team), valid 7 days",
    tag: "Teams",
    access: "manager",
    body: { kind: "json", schema: teamChoiceSchema, example: { teamId: 1 } },
    answer: { status: 201, description: "The link, shown once", schema: inviteSchema },
  },
  {
    method: "get",
    path: "/api/admin/registration",
    summary: "Who may join: open, approval, domains (with the domains) or invite",
    tag: "Admin",
    access: "admin",
    answer: { status: 200, description: "The setting", schema: registrationSettingsAnswerSchema },
  },
  {
    method: "put",
    path: "/api/admin/registration",
    summary: "Change who may join",
    tag: "Admin",
    access: "admin",
    body: {
      kind: "json",
      schema: registrationSettingsSchema,
      example: { mode: "open", domains: [] },
    },
    answer: { status: 200, description: "The setting now", schema: registrationSettingsAnswerSchema },
  },

  // ---- Teams ---- (members and managers before /api/teams/{id}: the contract test deletes its team last)
  {
    method: "get",
    path: "/api/teams",
    summary: "Teams with their territories and member and manager counts: every team for an admin, one's own otherwise",
    tag: "Teams",
    access: "signed-in",
    answer: { status: 200, description: "Teams by name", schema: teamListSchema },
  },
  {
    method: "post",
    path: "/api/teams",
    summary: "Make a team: its name and the provinces and districts it covers; dealers there join it",
    tag: "Teams",
    access: "admin",
    body: { kind: "json", schema: teamSchema, example: teamExample },
    answer: { status: 201, description: "The team", schema: teamDetailSchema },
    errors: [409],
  },
  {
    method: "put",
    path: "/api/teams/{id}/members",
    summary: "Put an officer in this team (`member: true`, out of any other team) or take them out (`member: false`)",
    tag: "Teams",
    access: "admin",
    pathParams: { id: teamId },
    body: { kind: "json", schema: teamMemberSchema, example: { userId: 1, member: false } },
    answer: { status: 200, description: "The team", schema: teamDetailSchema },
    errors: [404],
  },
  {
    method: "put",
    path: "/api/teams/{id}/managers",
    summary: "Make a MANAGER lead this team too (`manager: true`) or stop leading it (`manager: false`)",
    tag: "Teams",
    access: "admin",
    pathParams: { id: teamId },
    body: { kind: "json", schema: teamManagerSchema, example: { userId: 1, manager: false } },
    answer: { status: 200, description: "The team", schema: teamDetailSchema },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/teams/{id}",
    summary: "One team with its members and managers (an admin, or someone in it or leading it)",
    tag: "Teams",
    access: "signed-in",
    pathParams: { id: teamId },
    answer: { status: 200, description: "The team", schema: teamDetailSchema },
    errors: [403, 404],
  },
  {
    method: "put",
    path: "/api/teams/{id}",
    summary:
      "Rename a team or change its territory (the team as GET answers it may be sent back); dealers not set by hand follow",
    tag: "Teams",
    access: "admin",
    pathParams: { id: teamId },
    body: { kind: "json", schema: teamSchema, example: teamExample, readOnly: teamDetailSchema },
    answer: { status: 200, description: "The team", schema: teamDetailSchema },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/teams/{id}",
    summary: "Delete a team: its members become unassigned, its dealers go to the team of their address",
    tag: "Teams",
    access: "admin",
    pathParams: { id: teamId },
    answer: { status: 200, description: "Deleted", schema: answers.successAnswer },
    errors: [404],
  },

  // ---- Changes and webhooks (decision 50) ----
  {
    method: "get",
    path: "/api/changes",
    summary:
      "Posts, dealers, check-ins and users created, updated or deleted after the cursor `since`, in commit order, each with the row as it is now; `next` is the cursor for the next call",
    tag: "Changes",
    access: "admin",
    query: changesQuerySchema,
    queryExample: { since: "0", limit: "50" },
    answer: { status: 200, description: "A page of changes", schema: answers.changesAnswer },
  },
  {
    method: "get",
    path: "/api/admin/webhooks",
    summary: "The webhooks, with their last delivery's status",
    tag: "Changes",
    access: "admin",
    answer: { status: 200, description: "The webhooks", schema: z.array(webhookViewSchema) },
  },
  {
    method: "post",
    path: "/api/admin/webhooks",
    summary:
      "Register a URL for events (see `webhooks`): answers the signing secret this once; only public http(s) addresses",
    tag: "Changes",
    access: "admin",
    body: {
      kind: "json",
      schema: webhookSchema,
      example: { url: "https://hooks.example.com/fieldline", events: ["post.created", "dealer.updated"] },
    },
    answer: { status: 201, description: "The webhook and its secret", schema: createdWebhookSchema },
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/admin/webhooks/{id}",
    summary: "Delete a webhook and its deliveries still waiting",
    tag: "Changes",
    access: "admin",
    pathParams: { id: { description: "Webhook id", example: 1 } },
    answer: { status: 200, description: "Deleted", schema: answers.successAnswer },
    errors: [404],
  },

  // ---- API tokens and service accounts (decision 48) ----
  {
    method: "get",
    path: "/api/tokens",
    summary: "Your API tokens with their last use (never the tokens themselves)",
    tag: "API tokens",
    access: "signed-in",
    answer: { status: 200, description: "The tokens, newest first", schema: z.array(apiTokenSchema) },
  },
  {
    method: "post",
    path: "/api/tokens",
    summary:
      "Make an API token (read, write or admin; admin for an admin only) that lasts expiresInDays or until revoked; the answer shows it this once",
    tag: "API tokens",
    access: "signed-in",
    body: {
      kind: "json",
      schema: newTokenSchema,
      example: { name: "Contract sync", scope: "read", expiresInDays: 30 },
    },
    answer: { status: 201, description: "The token, shown only now", schema: createdTokenSchema },
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/tokens/{id}",
    summary: "Revoke one of your API tokens: calls with it answer 401 from now on",
    tag: "API tokens",
    access: "signed-in",
    pathParams: { id: tokenId },
    answer: { status: 200, description: "Revoked", schema: answers.successAnswer },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/admin/service-accounts",
    summary: "Service accounts (a tool's own user, signing in only with its tokens) with their tokens",
    tag: "API tokens",
    access: "admin",
    answer: { status: 200, description: "The service accounts", schema: z.array(serviceAccountSchema) },
  },
  {
    method: "post",
    path: "/api/admin/service-accounts",
    summary: "Make a service account: a MANAGER of a team's work or an ADMIN, with no password",
    tag: "API tokens",
    access: "admin",
    body: { kind: "json", schema: newServiceAccountSchema, example: { username: "contract-sync", role: "MANAGER" } },
    answer: { status: 201, description: "The service account", schema: serviceAccountSchema },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/admin/service-accounts/{id}/tokens",
    summary: "Make an API token for a service account; the answer shows it this once",
    tag: "API tokens",
    access: "admin",
    pathParams: { id: serviceAccountId },
    body: { kind: "json", schema: newTokenSchema, example: { name: "Contract sync", scope: "write" } },
    answer: { status: 201, description: "The token, shown only now", schema: createdTokenSchema },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/admin/service-accounts/{id}/tokens/{tokenId}",
    summary: "Revoke one of a service account's tokens",
    tag: "API tokens",
    access: "admin",
    pathParams: { id: serviceAccountId, tokenId },
    answer: { status: 200, description: "Revoked", schema: answers.successAnswer },
    errors: [404],
  },

  // ---- This document ----
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This description of the API (OpenAPI 3.1)",
    tag: "Meta",
    access: "public",
    answer: { status: 200, description: "The OpenAPI document" },
    errors: [406],
  },
];

const operationPaths = [...new Set(apiOperations.map((operation) => operation.path))].map((path) => ({
  path,
  segments: path.split("/"),
}));

/**
 * The methods of the call a request path names, for a 405's `Allow` header: the listed path whose
 * fixed segments match it, a fixed segment winning over a parameter as the router decides
 * (`/api/dealers/import` is not `/api/dealers/{id}`). HEAD goes with GET. Empty for no call.
 */
export function allowedMethods(pathname: string): string[] {
  const segments = pathname.replace(/(.)\/+$/, "$1").split("/");
  const parameters = (pattern: string[]) => pattern.filter((segment) => segment.startsWith("{")).length;
  const match = operationPaths
    .filter(
      ({ segments: pattern }) =>
        pattern.length === segments.length &&
        pattern.every((segment, i) => segment.startsWith("{") || segment === segments[i]),
    )
    .sort((a, b) => parameters(a.segments) - parameters(b.segments))[0];
  if (!match) return [];
  const methods = apiOperations
    .filter((operation) => operation.path === match.path)
    .map((operation) => operation.method.toUpperCase());
  return methods.includes("GET") ? [...methods, "HEAD"] : methods;
}
