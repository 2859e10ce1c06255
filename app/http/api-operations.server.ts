import { z } from "zod";
import type { OperationDoc } from "~/http/api/operation.server";
import * as answers from "~/http/api-answers";
import {
  adminDashboardSchema,
  adminUserListSchema,
  adminUserSchema,
  outboxPageSchema,
  pageNumberQuerySchema,
  passwordResetSentSchema,
  newUserSchema,
  updateUserSchema,
  userSearchSchema,
} from "~/models/admin.schema";
import { checkInQuerySchema, locationQualityQuerySchema } from "~/models/checkin.schema";
import { inviteSchema, pendingAccountSchema, teamChoiceSchema } from "~/models/registration.schema";
import { reportQuerySchema } from "~/models/report.schema";
import { planAnswer, planStopsSchema, planUserQuerySchema } from "~/models/visit-plan.schema";
import { audienceQuerySchema } from "~/models/team.schema";
import {
  aboutSchema,
  dealerImportRequestSchema,
  dealerListQuerySchema,
  dealerPatchSchema,
  dealerSchema,
} from "~/models/dealer.schema";
import { teamDayQuerySchema } from "~/models/team-day.schema";
import { visitsQuerySchema } from "~/models/dealer-visits.schema";
import { reverseGeocodeQuerySchema } from "~/models/geocode.server";
import {
  checkInSchema,
  commentSchema,
  feedQuerySchema,
  postSchema,
  rankingsQuerySchema,
  reactionSchema,
} from "~/models/post.schema";

// Every /api call, with the zod schemas its route validates with. /api/openapi.json is built
// from this list, and the contract and permission tests walk it, so a call that is routed but
// not listed (or listed but not routed) fails the tests.

const dealerId = { description: "Dealer id", example: 1 };
const postId = { description: "Post id", example: 1 };
const planDay = { description: "The plan's day, yyyy-MM-dd (Asia/Karachi)", example: "2026-11-27" };

const dealerExample = {
  businessName: "Contract Test Traders",
  ownerFirstName: "Asif",
  ownerLastName: "Jutt",
  phone: "+92 300 1234567",
  street: "Shop 5, Grain Market",
  city: "Okara",
  state: "Punjab",
  lat: 30.8138,
  lng: 73.4534,
};

export const apiOperations: OperationDoc[] = [
  // ---- Accounts ----

  // ---- Notifications ----
  {
    method: "get",
    path: "/api/notifications",
    summary: "The user's latest notifications, newest first",
    tag: "Notifications",
    access: "signed-in",
    answer: { status: 200, description: "Notifications", schema: z.array(answers.notificationAnswer) },
  },
  {
    method: "get",
    path: "/api/notifications/unread-count",
    summary: "How many notifications are unread",
    tag: "Notifications",
    access: "signed-in",
    answer: { status: 200, description: "The count", schema: answers.countAnswer },
  },
  {
    method: "patch",
    path: "/api/notifications/mark-all-read",
    summary: "Mark every notification read",
    tag: "Notifications",
    access: "signed-in",
    answer: { status: 200, description: "Done", schema: answers.successAnswer },
  },
  {
    method: "patch",
    path: "/api/notifications/{id}/read",
    summary: "Mark one of the user's notifications read",
    tag: "Notifications",
    access: "signed-in",
    pathParams: { id: { description: "Notification id", example: 1 } },
    answer: { status: 200, description: "Done", schema: answers.successAnswer },
    errors: [404],
  },

  // ---- Posts ----
  {
    method: "get",
    path: "/api/posts",
    summary:
      'The feed, newest first, of the viewer\'s own people (scope=company: everyone; team: one team); the next page is in the Link header (rel="next")',
    tag: "Posts",
    access: "signed-in",
    query: feedQuerySchema,
    queryExample: { limit: "5", scope: "company" },
    answer: { status: 200, description: "Posts", schema: z.array(answers.postAnswer) },
    // A team the viewer neither belongs to nor leads.
    errors: [403],
  },
  {
    method: "post",
    path: "/api/posts",
    summary: "Create a post (JSON with media from /api/objects/upload, or multipart with files)",
    tag: "Posts",
    access: "signed-in",
    body: {
      kind: "json",
      schema: postSchema,
      example: {
        type: "FIELD_VISIT",
        text: "Contract test visit to the wheat plots near Okara.",
        lat: 30.8138,
        lng: 73.4534,
      },
    },
    answer: { status: 201, description: "The post", schema: answers.postAnswer },
    // Media are read back from file storage, which may be unreachable.
    errors: [429, 503],
    idempotent: true,
  },
  {
    method: "get",
    path: "/api/posts/{id}/react",
    summary: "The post's reactions",
    tag: "Posts",
    access: "signed-in",
    pathParams: { id: postId },
    answer: { status: 200, description: "Reactions", schema: answers.reactionsAnswer },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/posts/{id}/react",
    summary: "Like the post",
    tag: "Posts",
    access: "signed-in",
    pathParams: { id: postId },
    body: { kind: "json", schema: reactionSchema, example: { type: "LIKE" } },
    answer: { status: 201, description: "Reactions", schema: answers.reactionsAnswer },
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/posts/{id}/react",
    summary: "Remove the user's like",
    tag: "Posts",
    access: "signed-in",
    pathParams: { id: postId },
    answer: { status: 200, description: "Reactions", schema: answers.reactionsAnswer },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/posts/{id}/comments",
    summary: "The post's comments, oldest first",
    tag: "Posts",
    access: "signed-in",
    pathParams: { id: postId },
    answer: { status: 200, description: "Comments", schema: z.array(answers.commentAnswer) },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/posts/{id}/comments",
    summary: "Comment on the post",
    tag: "Posts",
    access: "signed-in",
    pathParams: { id: postId },
    body: { kind: "json", schema: commentSchema, example: { text: "Good work, contract test." } },
    answer: { status: 201, description: "The comment", schema: answers.commentAnswer },
    errors: [404],
    idempotent: true,
  },
  {
    method: "delete",
    path: "/api/posts/{id}/comments/{commentId}",
    summary: "Delete one of the user's own comments",
    tag: "Posts",
    access: "signed-in",
    pathParams: { id: postId, commentId: { description: "Comment id", example: 1 } },
    answer: { status: 200, description: "Deleted", schema: answers.successAnswer },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/objects/upload",
    summary: "A signed URL to PUT one media file to (15 minutes)",
    tag: "Posts",
    access: "signed-in",
    answer: { status: 200, description: "The upload URL", schema: answers.uploadUrlAnswer },
  },
  {
    method: "put",
    path: "/api/objects/uploads/{uploadId}",
    summary: "The signed upload target: the file's bytes (the URL's signature authorises it)",
    tag: "Posts",
    access: "public",
    pathParams: { uploadId: { description: "From the signed URL", example: "0123456789abcdef0123456789abcdef" } },
    body: {
      kind: "bytes",
      description:
        "A JPEG, PNG, WebP, MP4, WebM or QuickTime file of at most 10 MB (a photo at most 120 megapixels); the URL takes one PUT",
    },
    answer: { status: 200, description: "Stored", schema: answers.storedObjectAnswer },
    errors: [403, 409, 415, 429, 503],
  },
  {
    method: "get",
    path: "/api/products",
    summary: "The products a sale can be of",
    tag: "Posts",
    access: "signed-in",
    answer: { status: 200, description: "Products", schema: z.array(answers.productAnswer) },
  },
  {
    method: "post",
    path: "/api/checkins",
    summary: "Record a check-in (for GPS trackers and other tools)",
    tag: "Map",
    access: "signed-in",
    body: { kind: "json", schema: checkInSchema, example: { type: "CHECK_IN", lat: 30.8138, lng: 73.4534 } },
    answer: { status: 201, description: "The check-in", schema: answers.checkInAnswer },
  },

  // ---- Rankings and performance ----
  {
    method: "get",
    path: "/api/agents/rankings",
    summary:
      "Officers ranked by sales, with distance, hours, recovery and dealers for a period: the viewer's own people (scope=company: everyone; team: one team)",
    tag: "Rankings",
    access: "signed-in",
    query: rankingsQuerySchema,
    queryExample: { period: "week" },
    answer: { status: 200, description: "Rankings", schema: z.array(answers.rankingAnswer) },
    // A team the viewer neither belongs to nor leads.
    errors: [403],
  },
  {
    method: "get",
    path: "/api/agents/checkins",
    summary:
      "The check-ins of one day of the viewer's people (an officer's team, a manager's teams, everyone for an admin; team: one of them), numbered and coloured per officer",
    tag: "Map",
    access: "signed-in",
    query: checkInQuerySchema,
    queryExample: { date: "2026-11-22" },
    answer: { status: 200, description: "Check-in stops", schema: z.array(answers.checkInStopAnswer) },
    errors: [403], // a team not the viewer's
  },
  {
    method: "get",
    path: "/api/agents/location-quality",
    summary:
      "How each officer's places were had on one day (the viewer's teams, everyone for an admin; team: one of them): the share of GPS check-ins, their median accuracy and the legs not counted",
    tag: "Map",
    access: "manager",
    query: locationQualityQuerySchema,
    queryExample: { date: "2026-11-22" },
    answer: {
      status: 200,
      description: "One row per officer with check-ins that day, by name",
      schema: z.array(answers.locationQualityAnswer),
    },
  },
  {
    method: "get",
    path: "/api/reports",
    summary:
      "Totals per officer, team, province, city, dealer, product, day or week over a period, beside the period of equal length before (officers: their own only; managers: their teams; admins: everyone or one team)",
    tag: "Rankings",
    access: "signed-in",
    query: reportQuerySchema,
    queryExample: { period: "last-week", groupBy: "officer" },
    answer: { status: 200, description: "The report", schema: answers.reportAnswer },
    // 403: a team or an officer not the viewer's; 429 and 503 (with Retry-After): format=xlsx past
    // the person's share of the server's one queue of exports, or with the queue full.
    errors: [403, 429, 503],
  },
  // ---- Visit plans ----
  {
    method: "get",
    path: "/api/plans/{day}",
    summary:
      "A user's visit plan of a day (oneself by default; a manager: the officers of the teams they lead; an admin: anyone), its stops in driving order with their status",
    tag: "Visit plans",
    access: "signed-in",
    pathParams: { day: planDay },
    query: planUserQuerySchema,
    answer: { status: 200, description: "The plan (no stops when there is none)", schema: planAnswer },
    errors: [400, 403, 404],
  },
  {
    method: "put",
    path: "/api/plans/{day}",
    summary:
      "Set the plan's dealers (at most 25) for today or a coming day (14 days ahead); the server puts them in driving order from lat/lng (the officer's own place) or their home",
    tag: "Visit plans",
    access: "signed-in",
    pathParams: { day: planDay },
    query: planUserQuerySchema,
    body: { kind: "json", schema: planStopsSchema, example: { dealerIds: [1], lat: 31.5204, lng: 74.3587 } },
    answer: { status: 200, description: "The plan", schema: planAnswer },
    errors: [400, 403, 404],
  },
  {
    method: "delete",
    path: "/api/plans/{day}",
    summary: "Delete the plan of today or a coming day",
    tag: "Visit plans",
    access: "signed-in",
    pathParams: { day: planDay },
    query: planUserQuerySchema,
    answer: { status: 200, description: "Deleted (or there was none)", schema: answers.successAnswer },
    errors: [400, 403, 404],
  },
  {
    method: "get",
    path: "/api/team-day",
    summary:
      "The manager's day: the viewer's officers (a manager's teams; everyone for an admin; team: one of them), who has posted today and who has not",
    tag: "Rankings",
    access: "manager",
    query: teamDayQuerySchema,
    answer: { status: 200, description: "Today's posting of each officer", schema: answers.teamDayAnswer },
    errors: [403], // a team not the viewer's
  },
  {
    method: "get",
    path: "/api/performance/leaderboard",
    summary:
      "The performance leaderboard of the viewer's own people (scope=company: everyone; team: one team); ranks and badges are the company's, teamRank the place in the team",
    tag: "Rankings",
    access: "signed-in",
    query: audienceQuerySchema,
    queryExample: { scope: "company" },
    answer: { status: 200, description: "Entries", schema: z.array(answers.leaderboardAnswer) },
    // A team the viewer neither belongs to nor leads.
    errors: [403],
  },
  {
    method: "post",
    path: "/api/performance/calculate",
    summary: "Recalculate performance scores and assign badges (MANAGER and ADMIN)",
    tag: "Rankings",
    access: "manager",
    answer: { status: 200, description: "Done", schema: answers.calculationAnswer },
    errors: [503],
  },

  // ---- Dealers ----
  {
    method: "get",
    path: "/api/dealers",
    summary:
      "The dealer directory, searched by business name, owner, city or phone; " +
      'the whole list, or pages of `limit` with the next one in the Link header (rel="next")',
    tag: "Dealers",
    access: "signed-in",
    query: dealerListQuerySchema,
    queryExample: { query: "Traders" },
    answer: { status: 200, description: "Dealers (with view=map: pins only)", schema: z.array(answers.dealerAnswer) },
  },
  {
    method: "post",
    path: "/api/dealers",
    summary: "Add a dealer",
    tag: "Dealers",
    access: "signed-in",
    body: { kind: "json", schema: dealerSchema, example: dealerExample },
    answer: { status: 201, description: "The dealer", schema: answers.dealerAnswer },
    idempotent: true,
  },
  {
    method: "get",
    path: "/api/dealers/{id}",
    summary: "One dealer",
    tag: "Dealers",
    access: "signed-in",
    pathParams: { id: dealerId },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404],
    etag: true,
  },
  {
    method: "put",
    path: "/api/dealers/{id}",
    summary:
      "Update a dealer (omitted or null optional fields are cleared; the dealer as GET answers it may be sent back)",
    tag: "Dealers",
    access: "signed-in",
    pathParams: { id: { description: "Dealer id", example: 999_999 } },
    body: { kind: "json", schema: dealerSchema, example: dealerExample, readOnly: answers.dealerAnswer },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    // 409: other writers kept changing the dealer while this one was saved.
    errors: [404, 409],
    etag: true,
  },
  {
    method: "patch",
    path: "/api/dealers/{id}",
    summary:
      "Change some of a dealer's fields: only the fields sent change, null clears an optional one; a moved dealer sent without an address gets its new place's",
    tag: "Dealers",
    access: "signed-in",
    pathParams: { id: dealerId },
    body: { kind: "json", schema: dealerPatchSchema, example: { phone: "+92 300 7654321", notes: null } },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404, 409],
    etag: true,
  },
  {
    method: "get",
    path: "/api/dealers/{id}/visits",
    summary:
      "The dealer's last visit and its visits (every post naming the dealer), newest first; `cursor` (an answer's nextCursor) pages back",
    tag: "Dealers",
    access: "signed-in",
    pathParams: { id: dealerId },
    query: visitsQuerySchema,
    queryExample: { limit: "10" },
    answer: { status: 200, description: "The last visit and one page of visits", schema: answers.dealerVisitsAnswer },
    errors: [404],
  },
  {
    method: "put",
    path: "/api/dealers/{id}/about",
    summary: "Update the dealer's About section",
    tag: "Dealers",
    access: "signed-in",
    pathParams: { id: dealerId },
    body: {
      kind: "json",
      schema: aboutSchema,
      example: { aboutDescription: "Stockist of SSP and sulfur since 2009." },
    },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/dealers/{id}/profile-picture",
    summary: "Set the dealer's profile picture",
    tag: "Dealers",
    access: "signed-in",
    pathParams: { id: dealerId },
    body: {
      kind: "multipart",
      fields: { image: { description: "A JPEG, PNG or WebP image of at most 5 MB", file: true, required: true } },
    },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404, 429, 503],
  },
  {
    method: "post",
    path: "/api/dealers/{id}/gallery",
    summary: "Add a photo to the dealer's gallery (at most 5)",
    tag: "Dealers",
    access: "signed-in",
    pathParams: { id: dealerId },
    body: {
      kind: "multipart",
      fields: { image: { description: "A JPEG, PNG or WebP image of at most 5 MB", file: true, required: true } },
    },
    answer: { status: 201, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404, 429, 503],
    idempotent: true,
  },
  {
    method: "delete",
    path: "/api/dealers/{id}/gallery/{index}",
    summary: "Remove a photo from the dealer's gallery",
    tag: "Dealers",
    access: "signed-in",
    pathParams: { id: dealerId, index: { description: "Position in the gallery, from 0", example: 4 } },
    answer: { status: 200, description: "The dealer", schema: answers.dealerAnswer },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/upload",
    summary: "Upload a spreadsheet (.xlsx or .xls, at most 10 MB) for a dealer import",
    tag: "Dealers",
    access: "signed-in",
    body: { kind: "multipart", fields: { file: { description: "The spreadsheet", file: true, required: true } } },
    answer: { status: 201, description: "Stored", schema: answers.spreadsheetUploadAnswer },
  },
  {
    method: "post",
    path: "/api/dealers/import",
    summary:
      "Import dealers from an uploaded spreadsheet (or, ADMIN only, the sample file); the same upload again answers its first import",
    tag: "Dealers",
    access: "signed-in",
    body: {
      kind: "json",
      schema: dealerImportRequestSchema,
      example: { uploadId: "00000000-0000-4000-8000-000000000000" },
    },
    answer: { status: 200, description: "What was imported", schema: answers.importAnswer },
    errors: [403, 404, 503],
  },

  // ---- Places ----
  {
    method: "get",
    path: "/api/geocode/reverse",
    summary: "The address at a point (falls back to the coordinates as text)",
    tag: "Map",
    access: "signed-in",
    query: reverseGeocodeQuerySchema,
    queryExample: { lat: "31.5204", lng: "74.3587" },
    answer: { status: 200, description: "The address", schema: answers.geocodeAnswer },
  },

  // ---- Admin ----
  {
    method: "get",
    path: "/api/admin/dashboard",
    summary: "The admin dashboard's figures and recent activity",
    tag: "Admin",
    access: "admin",
    answer: {
      status: 200,
      description: "Stats, latest posts, registrations and imports",
      schema: adminDashboardSchema,
    },
  },
  {
    method: "get",
    path: "/api/admin/users",
    summary: "Users by name, username or email, 20 a page; `team` narrows to one team",
    tag: "Admin",
    access: "admin",
    query: userSearchSchema,
    queryExample: { query: "officer", page: "1" },
    answer: { status: 200, description: "A page of users", schema: adminUserListSchema },
  },
  {
    method: "post",
    path: "/api/admin/users",
    summary:
      "Add an account, in at once with its role and team (or none); the admin passes the first password on. A taken username or email is 409",
    tag: "Admin",
    access: "admin",
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
  },
  {
    method: "patch",
    path: "/api/admin/users/{id}",
    summary: "Change a user's role, or deactivate (ends their sessions) or reactivate the account",
    tag: "Admin",
    access: "admin",
    pathParams: { id: { description: "User id", example: 10 } },
    body: { kind: "json", schema: updateUserSchema, example: { role: "OFFICER" } },
    answer: { status: 200, description: "The user", schema: adminUserSchema },
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/reset-password",
    summary: "Email the user a password reset link",
    tag: "Admin",
    access: "admin",
    idempotent: true,
    pathParams: { id: { description: "User id", example: 10 } },
    answer: { status: 200, description: "Sent", schema: passwordResetSentSchema },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/admin/outbox",
    summary: "The emails the app has written, newest first, 20 a page",
    tag: "Admin",
    access: "admin",
    query: pageNumberQuerySchema,
    queryExample: { page: "1" },
    answer: { status: 200, description: "A page of the outbox", schema: outboxPageSchema },
  },

  {
    method: "get",
    path: "/api/admin/pending",
    summary: "The accounts waiting for approval, oldest first",
    tag: "Admin",
    access: "admin",
    answer: { status: 200, description: "The waiting accounts", schema: z.array(pendingAccountSchema) },
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/approve",
    summary: "Let a waiting account in, into a team",
    tag: "Admin",
    access: "admin",
    pathParams: { id: { description: "User id of the waiting account", example: 10 } },
    body: { kind: "json", schema: teamChoiceSchema, example: { teamId: 1 } },
    answer: { status: 200, description: "Approved", schema: answers.messageAnswer },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/admin/users/{id}/refuse",
    summary: "Refuse a waiting account: it can never sign in",
    tag: "Admin",
    access: "admin",
    pathParams: { id: { description: "User id of the waiting account", example: 10 } },
    answer: { status: 200, description: "Refused", schema: answers.messageAnswer },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/admin/invites",
    summary: "A one-time invite link into a team, valid 7 days",
    tag: "Admin",
    access: "admin",
    body: { kind: "json", schema: teamChoiceSchema, example: { teamId: 1 } },
    answer: { status: 201, description: "The link, shown once", schema: inviteSchema },
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
