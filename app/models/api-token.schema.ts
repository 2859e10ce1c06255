import { idSchema } from "~/lib/ids";
import { z } from "~/lib/zod";
import type { MessageKey } from "~/locales/namespaces";
import { TEAM_ID_INVALID } from "~/models/team.schema";
import { usernameSchema } from "~/models/user.schema";

// API tokens and service accounts (decision 48): the profile's and the admin page's forms and
// the /api calls parse with these schemas, and their answers are described here.

/** Each scope allows what the one before it does, and more: read = GET; write = every non-admin call; admin = admin calls too. */
export const TOKEN_SCOPES = ["read", "write", "admin"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The days a new token may live; none is a token that lasts until it is revoked. */
export const TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;

/** fl_ and 32 random bytes in base64url are 46 characters; a longer bearer is no token of ours. */
export const MAX_TOKEN_LENGTH = 200;

// The forms' refusals are catalogs' keys (decision 101); the three that only a call with a token
// meets (its scope, making tokens with a token) are /api's own English.
export const TOKEN_NOT_FOUND: MessageKey = "people:errors.tokenNotFound";
export const SERVICE_ACCOUNT_NOT_FOUND: MessageKey = "people:errors.serviceAccountNotFound";
export const ADMIN_SCOPE_FOR_ADMINS: MessageKey = "people:errors.adminScopeForAdmins";
export const TOKEN_LIMIT_REACHED: MessageKey = "people:errors.tokenLimitReached";
export const SERVICE_ROLE_INVALID: MessageKey = "people:errors.serviceRoleInvalid";
/** Answered to a bearer token used for more than its scope allows. */
export const SCOPE_READ_ONLY = "This API token can only read (its scope is read).";
/** Answered to a call with a token that makes or revokes a token (decision 59). */
export const TOKENS_NEED_SESSION = "API tokens are made and revoked only when signed in, not with an API token.";
export const SCOPE_NOT_ADMIN = "This API token cannot make admin calls (its scope is not admin).";

export const SCOPE_INVALID: MessageKey = "people:errors.scopeInvalid";
export const LIFETIME_INVALID: MessageKey = "people:errors.lifetimeInvalid";
const TOKEN_NAME_REQUIRED: MessageKey = "people:errors.tokenNameRequired";

export const newTokenSchema = z.object({
  name: z
    .string({ error: TOKEN_NAME_REQUIRED })
    .trim()
    .min(1, TOKEN_NAME_REQUIRED)
    .max(60, "people:errors.tokenNameTooLong"),
  scope: z.enum(TOKEN_SCOPES, { error: SCOPE_INVALID }),
  /** Days until the token stops working; left out, it works until it is revoked. */
  expiresInDays: z
    .number({ error: LIFETIME_INVALID })
    .int(LIFETIME_INVALID)
    .min(1, LIFETIME_INVALID)
    .max(366, LIFETIME_INVALID)
    .optional(),
});
export type NewToken = z.infer<typeof newTokenSchema>;

/** The token named by a form's hidden field (a path's id goes through requireId). */
export const tokenIdSchema = idSchema("people:errors.tokenIdInvalid");

/** Service accounts: a tool's own MANAGER (reads and writes its team's work) or ADMIN. */
export const SERVICE_ROLES = ["MANAGER", "ADMIN"] as const;

export const newServiceAccountSchema = z.object({
  username: usernameSchema,
  role: z.enum(SERVICE_ROLES, { error: SERVICE_ROLE_INVALID }),
  /** The team it works in; none for a company-wide account. */
  teamId: idSchema(TEAM_ID_INVALID).nullish(),
});
export type NewServiceAccount = z.infer<typeof newServiceAccountSchema>;

export const apiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    scope: z.enum(TOKEN_SCOPES),
    /** The token's first characters, to tell it apart. */
    hint: z.string(),
    expiresAt: z.iso.datetime().nullable(),
    /** To the minute: a token's use is written at most once a minute. */
    lastUsedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "ApiToken" });
export type ApiTokenView = z.infer<typeof apiTokenSchema>;

/** The answer that carries the token itself: the only time it is shown. */
export const createdTokenSchema = apiTokenSchema
  .extend({ token: z.string().describe("Send as `Authorization: Bearer <token>`; shown only now") })
  .meta({ id: "NewApiToken" });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const serviceAccountSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(SERVICE_ROLES),
    isActive: z.boolean(),
    team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
    tokens: z.array(apiTokenSchema),
  })
  .meta({ id: "ServiceAccount" });
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;
