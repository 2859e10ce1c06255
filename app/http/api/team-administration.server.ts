import { z } from "zod";
import * as answers from "~/http/api-answers";
import { operation } from "~/http/api/operation.server";
import { adminUserListSchema, userSearchSchema } from "~/models/admin.schema";
import { searchUsers } from "~/models/admin.server";
import type { CurrentUser } from "~/models/user.server";
import {
  inviteSchema,
  pendingAccountSchema,
  registrationSettingsAnswerSchema,
  registrationSettingsSchema,
  teamChoiceSchema,
} from "~/models/registration.schema";
import {
  approveAccount,
  createInvite,
  listPendingAccounts,
  PENDING_NOT_FOUND,
  refuseAccount,
  registrationSettings,
  saveRegistrationSettings,
} from "~/models/registration.server";

// A manager's team administration: the admin may use it too, for every team.

const waitingAccountId = { description: "User id of the waiting account", example: 10, notFound: PENDING_NOT_FOUND };

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * What the waiting accounts' calls answer, the same through a manager's /api/team and the
 * admin's /api/admin (their doors differ: the policy's action of each declaration).
 */
export const waitingAccountAnswers = {
  pending: async () => Response.json(await listPendingAccounts(), { headers: NO_STORE }),
  approve: async ({ user, params, body }: WaitingAccountCall) => {
    const { teamId } = await body();
    await approveAccount(user, params.id, teamId);
    return Response.json({ message: "Account approved" });
  },
  refuse: async ({ params }: Pick<WaitingAccountCall, "params">) => {
    await refuseAccount(params.id);
    return Response.json({ message: "Account refused" });
  },
  invite: async ({ user, body }: Omit<WaitingAccountCall, "params">) => {
    const { teamId } = await body();
    return Response.json(await createInvite(user, teamId), { status: 201, headers: NO_STORE });
  },
};

type WaitingAccountCall = {
  user: CurrentUser;
  params: { id: number };
  body: () => Promise<z.infer<typeof teamChoiceSchema>>;
};

export const teamAdministrationOperations = [
  operation({
    method: "get",
    path: "/api/team/users",
    summary:
      "The people of the teams the manager leads (an admin's: everyone) by name, username or email, 20 a page; `team` narrows to one",
    tag: "Teams",
    access: "team.administer",
    query: userSearchSchema,
    queryExample: { query: "officer", page: "1" },
    answer: { status: 200, description: "A page of users", schema: adminUserListSchema },
    // Matching every word, newest first, with the total.
    handler: async ({ user, query }) =>
      Response.json(await searchUsers(user, query), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "get",
    path: "/api/team/pending",
    summary: "The accounts waiting for approval, oldest first",
    tag: "Teams",
    access: "team.administer",
    answer: { status: 200, description: "The waiting accounts", schema: z.array(pendingAccountSchema) },
    handler: waitingAccountAnswers.pending,
  }),
  operation({
    method: "post",
    path: "/api/team/users/{id}/approve",
    summary: "Let a waiting account in, into a team the manager leads (an admin: any team)",
    tag: "Teams",
    access: "account.approve",
    pathParams: { id: waitingAccountId },
    body: { kind: "json", schema: teamChoiceSchema, example: { teamId: 1 } },
    answer: { status: 200, description: "Approved", schema: answers.messageAnswer },
    errors: [404],
    handler: waitingAccountAnswers.approve,
  }),
  operation({
    method: "post",
    path: "/api/team/users/{id}/refuse",
    summary: "Refuse a waiting account: it can never sign in",
    tag: "Teams",
    access: "account.refuse",
    pathParams: { id: waitingAccountId },
    answer: { status: 200, description: "Refused", schema: answers.messageAnswer },
    errors: [404],
    // No body.
    handler: waitingAccountAnswers.refuse,
  }),
  operation({
    method: "post",
    path: "/api/team/invites",
    summary: "A one-time invite link into a team the manager leads (an admin: any team), valid 7 days",
    tag: "Teams",
    access: "invite.create",
    body: { kind: "json", schema: teamChoiceSchema, example: { teamId: 1 } },
    answer: { status: 201, description: "The link, shown once", schema: inviteSchema },
    handler: waitingAccountAnswers.invite,
  }),
  operation({
    method: "get",
    path: "/api/admin/registration",
    summary: "Who may join: open, approval, domains (with the domains) or invite",
    tag: "Admin",
    access: "registration.manage",
    answer: { status: 200, description: "The setting", schema: registrationSettingsAnswerSchema },
    // With the company's email domains.
    handler: async () => Response.json(await registrationSettings(), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "put",
    path: "/api/admin/registration",
    summary: "Change who may join",
    tag: "Admin",
    access: "registration.manage",
    body: {
      kind: "json",
      schema: registrationSettingsSchema,
      example: { mode: "open", domains: [] },
    },
    answer: { status: 200, description: "The setting now", schema: registrationSettingsAnswerSchema },
    handler: async ({ body }) => {
      await saveRegistrationSettings(await body());
      return Response.json(await registrationSettings());
    },
  }),
];
