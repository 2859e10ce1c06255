import * as answers from "~/http/api-answers";
import { operation } from "~/http/api/operation.server";
import {
  TEAM_NOT_FOUND,
  teamDetailSchema,
  teamListSchema,
  teamManagerSchema,
  teamMemberSchema,
  teamSchema,
} from "~/models/team.schema";
import {
  createTeam,
  deleteTeam,
  getTeam,
  getTeamFor,
  listTeamsFor,
  setTeamManager,
  setTeamMember,
  updateTeam,
} from "~/models/team.server";

const teamId = { description: "Team id", example: 1, notFound: TEAM_NOT_FOUND };

const teamExample = { name: "Contract Team", provinces: ["Balochistan"], districts: ["Quetta"] };

// Members and managers come before /api/teams/{id}: the contract test deletes its team last.
// A write to a team answers a missing team's 404 before it reads the body.
export const teamOperations = [
  operation({
    method: "get",
    path: "/api/teams",
    summary: "Teams with their territories and member and manager counts: every team for an admin, one's own otherwise",
    tag: "Teams",
    access: "app.use",
    answer: { status: 200, description: "Teams by name", schema: teamListSchema },
    // Others see their own team and the teams they lead.
    handler: async ({ user }) => Response.json(await listTeamsFor(user), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "post",
    path: "/api/teams",
    summary: "Make a team: its name and the provinces and districts it covers; dealers there join it",
    tag: "Teams",
    access: "teams.manage",
    body: { kind: "json", schema: teamSchema, example: teamExample },
    answer: { status: 201, description: "The team", schema: teamDetailSchema },
    errors: [409],
    // A taken name answers 409.
    handler: async ({ body }) => Response.json(await createTeam(await body()), { status: 201 }),
  }),
  operation({
    method: "put",
    path: "/api/teams/{id}/members",
    summary: "Put an officer in this team (`member: true`, out of any other team) or take them out (`member: false`)",
    tag: "Teams",
    access: "teams.manage",
    pathParams: { id: teamId },
    body: { kind: "json", schema: teamMemberSchema, example: { userId: 1, member: false } },
    answer: { status: 200, description: "The team", schema: teamDetailSchema },
    errors: [404],
    handler: async ({ params, body }) => {
      await getTeam(params.id);
      const { userId, member } = await body();
      return Response.json(await setTeamMember(params.id, userId, member));
    },
  }),
  operation({
    method: "put",
    path: "/api/teams/{id}/managers",
    summary: "Make a MANAGER lead this team too (`manager: true`) or stop leading it (`manager: false`)",
    tag: "Teams",
    access: "teams.manage",
    pathParams: { id: teamId },
    body: { kind: "json", schema: teamManagerSchema, example: { userId: 1, manager: false } },
    answer: { status: 200, description: "The team", schema: teamDetailSchema },
    errors: [404],
    handler: async ({ params, body }) => {
      await getTeam(params.id);
      const { userId, manager } = await body();
      return Response.json(await setTeamManager(params.id, userId, manager));
    },
  }),
  operation({
    method: "get",
    path: "/api/teams/{id}",
    summary: "One team with its members and managers (an admin, or someone in it or leading it)",
    tag: "Teams",
    access: "team.view",
    pathParams: { id: teamId },
    answer: { status: 200, description: "The team", schema: teamDetailSchema },
    errors: [403, 404],
    handler: async ({ user, params }) => Response.json(await getTeamFor(user, params.id)),
  }),
  operation({
    method: "put",
    path: "/api/teams/{id}",
    summary:
      "Rename a team or change its territory (the team as GET answers it may be sent back); dealers not set by hand follow",
    tag: "Teams",
    access: "teams.manage",
    pathParams: { id: teamId },
    body: { kind: "json", schema: teamSchema, example: teamExample, readOnly: teamDetailSchema },
    answer: { status: 200, description: "The team", schema: teamDetailSchema },
    errors: [404, 409],
    handler: async ({ params, body }) => {
      await getTeam(params.id);
      return Response.json(await updateTeam(params.id, await body()));
    },
  }),
  operation({
    method: "delete",
    path: "/api/teams/{id}",
    summary: "Delete a team: its members become unassigned, its dealers go to the team of their address",
    tag: "Teams",
    access: "teams.manage",
    pathParams: { id: teamId },
    answer: { status: 200, description: "Deleted", schema: answers.successAnswer },
    errors: [404],
    handler: async ({ params }) => {
      await getTeam(params.id);
      await deleteTeam(params.id);
      return Response.json({ success: true });
    },
  }),
];
