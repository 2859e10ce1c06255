import { z } from "zod";
import * as answers from "~/http/api-answers";
import { emailWords } from "~/http/email-words.server";
import { operation } from "~/http/api/operation.server";
import { waitingAccountAnswers } from "~/http/api/team-administration.server";
import {
  adminDashboardSchema,
  adminUserListSchema,
  adminUserSchema,
  newUserSchema,
  outboxPageSchema,
  pageNumberQuerySchema,
  PASSWORD_RESET_SENT,
  passwordResetSentSchema,
  updateUserSchema,
  USER_NOT_FOUND,
  userSearchSchema,
} from "~/models/admin.schema";
import {
  createUserByAdmin,
  getAdminDashboard,
  listOutbox,
  searchUsers,
  sendAdminPasswordReset,
  updateUserByAdmin,
} from "~/models/admin.server";
import { replayHeaders, submissionKeyFromHeader } from "~/infra/idempotency.server";
import { inviteSchema, pendingAccountSchema, teamChoiceSchema } from "~/models/registration.schema";
import { PENDING_NOT_FOUND } from "~/models/registration.server";

const userId = { description: "User id", example: 10, notFound: USER_NOT_FOUND };
const pendingUserId = { description: "User id of the waiting account", example: 10, notFound: PENDING_NOT_FOUND };

/** What an admin reads is as of now: never kept by a cache. */
const NO_STORE = { "Cache-Control": "no-store" };

export const adminOperations = [
  operation({
    method: "get",
    path: "/api/admin/dashboard",
    summary: "The admin dashboard's figures and recent activity",
    tag: "Admin",
    access: "admin.dashboard",
    answer: {
      status: 200,
      description: "Stats, latest posts, registrations and imports",
      schema: adminDashboardSchema,
    },
    // The stat cards and the latest posts, registrations and imports.
    handler: async () => Response.json(await getAdminDashboard(), { headers: NO_STORE }),
  }),
  operation({
    method: "get",
    path: "/api/admin/users",
    summary: "Users by name, username or email, 20 a page; `team` narrows to one team",
    tag: "Admin",
    access: "admin.dashboard",
    query: userSearchSchema,
    queryExample: { query: "officer", page: "1" },
    answer: { status: 200, description: "A page of users", schema: adminUserListSchema },
    // Users matching every word, newest first, with the total (a manager's people are GET /api/team/users).
    handler: async ({ user, query }) => Response.json(await searchUsers(user, query), { headers: NO_STORE }),
  }),
  operation({
    method: "post",
    path: "/api/admin/users",
    summary:
      "Add an account, in at once with its role and team (or none); the admin passes the first password on. A taken username or email is 409",
    tag: "Admin",
    access: "user.create",
    body: {
      kind: "json",
      schema: newUserSchema,
      example: {
        username: "new.officer",
        email: "new.officer@example.pk",
        password: "first-pass-1",
        firstName: "Sana",
        lastName: "Iqbal",
        role: "OFFICER",
      },
    },
    answer: { status: 201, description: "The new user", schema: adminUserSchema },
    errors: [400, 409],
    handler: async ({ user, body }) => Response.json(await createUserByAdmin(user.id, await body()), { status: 201 }),
  }),
  operation({
    method: "patch",
    path: "/api/admin/users/{id}",
    summary: "Change a user's role, or deactivate (ends their sessions) or reactivate the account",
    tag: "Admin",
    access: "user.changeRole",
    pathParams: { id: userId },
    body: { kind: "json", schema: updateUserSchema, example: { role: "OFFICER" } },
    answer: { status: 200, description: "The user", schema: adminUserSchema },
    errors: [400, 404],
    // `{ role?, isActive? }` → the updated user.
    handler: async ({ user, params, body }) => Response.json(await updateUserByAdmin(user.id, params.id, await body())),
  }),
  operation({
    method: "post",
    path: "/api/admin/users/{id}/reset-password",
    summary: "Email the user a password reset link",
    tag: "Admin",
    access: "user.resetPassword",
    idempotent: true,
    pathParams: { id: userId },
    answer: { status: 200, description: "Sent", schema: passwordResetSentSchema },
    errors: [400, 404],
    /**
     * No body. A repeat with the same `Idempotency-Key` (the admin's) sends no second email; the
     * key for another user answers 422.
     */
    handler: async ({ request, user, params }) => {
      const { replayed } = await sendAdminPasswordReset(
        user.id,
        params.id,
        emailWords("en"),
        submissionKeyFromHeader(request),
      );
      return Response.json({ message: PASSWORD_RESET_SENT }, { headers: replayHeaders(replayed) });
    },
  }),
  operation({
    method: "get",
    path: "/api/admin/outbox",
    summary: "The emails the app has written, newest first, 20 a page",
    tag: "Admin",
    access: "outbox.read",
    query: pageNumberQuerySchema,
    queryExample: { page: "1" },
    answer: { status: 200, description: "A page of the outbox", schema: outboxPageSchema },
    // The emails the app sent or kept.
    handler: async ({ query }) => Response.json(await listOutbox(query), { headers: NO_STORE }),
  }),
  operation({
    method: "get",
    path: "/api/admin/pending",
    summary: "The accounts waiting for approval, oldest first",
    tag: "Admin",
    access: "admin.dashboard",
    answer: { status: 200, description: "The waiting accounts", schema: z.array(pendingAccountSchema) },
    // A manager's is GET /api/team/pending.
    handler: waitingAccountAnswers.pending,
  }),
  operation({
    method: "post",
    path: "/api/admin/users/{id}/approve",
    summary: "Let a waiting account in, into a team",
    tag: "Admin",
    access: "registration.manage",
    pathParams: { id: pendingUserId },
    body: { kind: "json", schema: teamChoiceSchema, example: { teamId: 1 } },
    answer: { status: 200, description: "Approved", schema: answers.messageAnswer },
    errors: [404],
    // A manager's is POST /api/team/users/{id}/approve.
    handler: waitingAccountAnswers.approve,
  }),
  operation({
    method: "post",
    path: "/api/admin/users/{id}/refuse",
    summary: "Refuse a waiting account: it can never sign in",
    tag: "Admin",
    access: "registration.manage",
    pathParams: { id: pendingUserId },
    answer: { status: 200, description: "Refused", schema: answers.messageAnswer },
    errors: [404],
    // No body; a manager's is POST /api/team/users/{id}/refuse.
    handler: waitingAccountAnswers.refuse,
  }),
  operation({
    method: "post",
    path: "/api/admin/invites",
    summary: "A one-time invite link into a team, valid 7 days",
    tag: "Admin",
    access: "registration.manage",
    body: { kind: "json", schema: teamChoiceSchema, example: { teamId: 1 } },
    answer: { status: 201, description: "The link, shown once", schema: inviteSchema },
    // A manager's is POST /api/team/invites.
    handler: waitingAccountAnswers.invite,
  }),
];
