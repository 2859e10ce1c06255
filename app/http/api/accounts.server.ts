import { redirect } from "react-router";
import { z } from "zod";
import { afterAnswer } from "~/http/after-answer.server";
import { emailWords } from "~/http/email-words.server";
import * as answers from "~/http/api-answers";
import { apiError, wantsJsonNotPage } from "~/http/api.server";
import { said } from "~/http/language.server";
import { recordJson, ifMatchVersions } from "~/http/answer-cache.server";
import { operation } from "~/http/api/operation.server";
import { signIn } from "~/http/sign-in.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { requestPasswordReset, resetPassword } from "~/models/password-reset.server";
import { register } from "~/models/registration.server";
import { createUserSession, destroyUserSession } from "~/models/session.server";
import { userStats } from "~/models/stats.server";
import {
  avatarSchema,
  forgotPasswordSchema,
  INVALID_LOGIN,
  loginSchema,
  profileUpdateSchema,
  registrationSchema,
  RESET_LINK_SENT,
  resetPasswordSchema,
  saveRegistrationSchema,
} from "~/models/user.schema";
import {
  getUserById,
  toApiUser,
  updateAvatar,
  updateProfile,
  userVersion,
  withAddresses,
  type CurrentUser,
} from "~/models/user.server";

const SIGN_IN_HOW = "Sign in with POST /api/login and a JSON body { username, password }";

/** 429 with how long this attempt must wait. */
function tooMany(message: string, retryAfterSeconds: number): Response {
  const response = apiError(429, message);
  response.headers.set("Retry-After", String(retryAfterSeconds));
  return response;
}

/** The user as GET /api/user and /api/me answer them, with their version as ETag. */
function answerUser({ request, user }: { request: Request; user: CurrentUser }): Response {
  return recordJson(request, toApiUser(user), userVersion(user));
}

/**
 * PUT and PATCH /api/me: only the fields sent change, null clears one; If-Match (the ETag read)
 * answers 412 for a profile changed since.
 */
async function saveProfile({
  request,
  user,
  body,
}: {
  request: Request;
  user: CurrentUser;
  body: () => Promise<z.infer<typeof profileUpdateSchema>>;
}): Promise<Response> {
  const saved = await updateProfile(user.id, await body(), {}, ifMatchVersions(request));
  return answerUser({ request, user: saved });
}

export const accountOperations = [
  operation({
    method: "get",
    path: "/api/login",
    summary:
      "Where a signed-out client is sent: a browser is redirected to the sign-in page (keeping a same-origin redirectTo); a tool asking for JSON is told how to sign in",
    tag: "Accounts",
    access: "public",
    query: z.object({ redirectTo: z.string().optional() }),
    answer: {
      status: 200,
      description: "To a client that names JSON and not text/html in Accept: how to sign in, and the sign-in page",
      schema: answers.signInAnswer,
    },
    redirect: "To anyone else (a browser): redirect to the sign-in page, /login?redirectTo=…",
    /**
     * Where clients send a signed-out browser: our sign-in page. A tool that asks for JSON (and
     * not a page) is told how to sign in and where the page is.
     */
    handler: ({ request, query }) => {
      const redirectTo = safeRedirect(query.redirectTo ?? null);
      const loginPage = `/login?${new URLSearchParams({ redirectTo })}`;
      // The answer depends on Accept: caches must keep the two apart.
      const headers = { Vary: "Accept" };
      if (wantsJsonNotPage(request)) return Response.json({ message: SIGN_IN_HOW, loginPage }, { headers });
      return redirect(loginPage, { headers });
    },
  }),
  operation({
    method: "post",
    path: "/api/login",
    summary: "Sign in; answers the user and sets the session cookie",
    tag: "Accounts",
    access: "public",
    body: { kind: "json", schema: loginSchema, example: { username: "officer1", password: "fieldline" } },
    answer: { status: 200, description: "Signed in", schema: answers.userAnswer, setsCookie: true },
    errors: [401, 429],
    handler: async ({ request, context, body }) => {
      const login = await signIn({ request, context }, await body());
      if (!login.ok) {
        const message = said(login.error, login.values);
        return login.retryAfterSeconds === undefined
          ? apiError(401, message)
          : tooMany(message, login.retryAfterSeconds);
      }
      const user = await getUserById(login.userId);
      if (!user) return apiError(401, INVALID_LOGIN);
      return Response.json(toApiUser(user), { headers: login.headers });
    },
  }),
  operation({
    method: "post",
    path: "/api/logout",
    summary: "Sign out (ends this session)",
    tag: "Accounts",
    access: "sign-out",
    answer: { status: 200, description: "Signed out", schema: answers.successAnswer, setsCookie: true },
    // Answers 200 even when there was no session; a read token may not sign out (403).
    handler: async ({ request }) => {
      const cleared = await destroyUserSession(request.headers.get("Cookie"));
      return Response.json({ success: true }, { headers: { "Set-Cookie": cleared } });
    },
  }),
  operation({
    method: "post",
    path: "/api/register",
    summary: "Create an OFFICER account and sign in",
    tag: "Accounts",
    access: "public",
    body: {
      kind: "json",
      schema: registrationSchema,
      example: { username: "contract.officer", email: "contract.officer@example.com", password: "fieldline" },
    },
    answer: { status: 201, description: "Account created", schema: answers.userAnswer, setsCookie: true },
    errors: [409, 429],
    handler: async ({ body }) => {
      const user = await register(await body());
      return Response.json(toApiUser(user), {
        status: 201,
        headers: { "Set-Cookie": await createUserSession(user.id) },
      });
    },
  }),
  operation({
    method: "post",
    path: "/api/save-registration",
    summary: "Create an account with both locations in one call, and sign in",
    tag: "Accounts",
    access: "public",
    body: {
      kind: "json",
      schema: saveRegistrationSchema,
      example: {
        username: "contract.setup",
        email: "contract.setup@example.com",
        password: "fieldline",
        homeLat: 31.5204,
        homeLng: 74.3587,
        warehouseLat: 31.45,
        warehouseLng: 74.3,
      },
    },
    answer: { status: 201, description: "Account created", schema: answers.userAnswer, setsCookie: true },
    errors: [409, 429],
    // For one-shot clients: registration fields and both places in one call.
    handler: async ({ body }) => {
      const user = await register(await withAddresses(await body()));
      return Response.json(toApiUser(user), {
        status: 201,
        headers: { "Set-Cookie": await createUserSession(user.id) },
      });
    },
  }),
  operation({
    method: "post",
    path: "/api/forgot-password",
    summary: "Email a password reset link (the same answer whether or not the email exists)",
    tag: "Accounts",
    access: "public",
    body: { kind: "json", schema: forgotPasswordSchema, example: { email: "nobody@example.com" } },
    answer: { status: 200, description: "Request taken", schema: answers.messageAnswer },
    errors: [429],
    // The same message, in the same time, whether or not the account exists.
    handler: async ({ context, body }) => {
      const { email } = await body();
      afterAnswer(context, "password reset", () => requestPasswordReset(email, emailWords("en")));
      return Response.json({ message: said(RESET_LINK_SENT) });
    },
  }),
  operation({
    method: "post",
    path: "/api/reset-password",
    summary: "Set a new password with the token from the reset email; ends the user's sessions",
    tag: "Accounts",
    access: "public",
    body: {
      kind: "json",
      schema: resetPasswordSchema,
      example: { token: "not-a-real-token", newPassword: "fieldline2" },
    },
    answer: { status: 200, description: "Password changed", schema: answers.messageAnswer },
    errors: [429],
    handler: async ({ body }) => {
      const { token, newPassword } = await body();
      const outcome = await resetPassword(token, newPassword);
      if (!outcome.ok) return apiError(400, outcome.error);
      return Response.json({ message: said(outcome.message) });
    },
  }),
  operation({
    method: "get",
    path: "/api/user",
    summary: "The signed-in user; an account waiting for approval too (approval PENDING)",
    tag: "Accounts",
    access: "account",
    answer: { status: 200, description: "The user", schema: answers.userAnswer },
    etag: true,
    handler: answerUser,
  }),
  operation({
    method: "get",
    path: "/api/me",
    summary: "The signed-in user (as /api/user; 403 for an account waiting for approval)",
    tag: "Accounts",
    access: "app.use",
    answer: { status: 200, description: "The user", schema: answers.userAnswer },
    etag: true,
    handler: answerUser,
  }),
  operation({
    method: "put",
    path: "/api/me",
    summary:
      "Update the profile and/or home and warehouse locations (null clears a field; the user as GET answers it may be sent back)",
    tag: "Accounts",
    access: "app.use",
    body: {
      kind: "json",
      schema: profileUpdateSchema,
      example: { homeAddress: "House 12, Model Town, Lahore" },
      readOnly: answers.userAnswer,
    },
    answer: { status: 200, description: "The updated user", schema: answers.userAnswer },
    etag: true,
    handler: saveProfile,
  }),
  operation({
    method: "patch",
    path: "/api/me",
    summary: "Change some profile fields and places: only the fields sent change, null clears one",
    tag: "Accounts",
    access: "app.use",
    body: { kind: "json", schema: profileUpdateSchema, example: { phone: "+92 300 7654321", lastName: null } },
    answer: { status: 200, description: "The updated user", schema: answers.userAnswer },
    etag: true,
    handler: saveProfile,
  }),
  operation({
    method: "get",
    path: "/api/me/stats",
    summary: "The user's activity for today, this week, this month and all time",
    tag: "Accounts",
    access: "app.use",
    answer: { status: 200, description: "Stats per period", schema: answers.statsAnswer },
    handler: async ({ user }) => Response.json(await userStats(user), { headers: { "Cache-Control": "no-store" } }),
  }),
  operation({
    method: "patch",
    path: "/api/user/avatar",
    summary: "Choose one of the default avatars",
    tag: "Accounts",
    access: "app.use",
    body: { kind: "json", schema: avatarSchema, example: { selectedAvatar: "DEFAULT_2" } },
    answer: { status: 200, description: "The updated user", schema: answers.userAnswer },
    // Badges answer 400.
    handler: async ({ user, body }) => {
      const { selectedAvatar } = await body();
      return Response.json(toApiUser(await updateAvatar(user.id, selectedAvatar)));
    },
  }),
];
