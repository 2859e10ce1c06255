import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { apiError } from "~/http/api.server";
import { currentUserContext, requestTokenContext } from "~/http/context";
import { said } from "~/http/language.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { documentPath } from "~/lib/safe-redirect";
import { SCOPE_NOT_ADMIN, SCOPE_READ_ONLY, type TokenScope } from "~/models/api-token.schema";
import { type Action, type PolicyViewer, refusalOf, scopeReaches, type Subject } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { WAITING_FOR_APPROVAL } from "~/models/registration.server";
import type { CurrentUser } from "~/models/user.server";
import type { z } from "zod";
import { INVALID_LOGIN, loginSchema } from "~/models/user.schema";

const AUTH_REQUIRED = "Authentication required";

type FormLogin =
  | {
      status: "credentials";
      credentials: z.infer<typeof loginSchema>;
      /** The form's answer when the sign-in is refused with `error`. */
      refuse: (error: string) => SubmissionResult<string[]>;
    }
  | { status: "rejected"; result: SubmissionResult<string[]> };

/**
 * The sign-in form's strategy: a well-formed form's credentials, which the page's action checks
 * with signIn (app/http/sign-in.server.ts), as POST /api/login does.
 */
export const authenticator = new Authenticator<FormLogin>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const submission = parseWithZod(form, { schema: loginSchema });
    // A bot that filled the honeypot is told what a wrong password is told.
    if (isHoneypotFilled(form)) {
      return {
        status: "rejected",
        result: submission.reply({ formErrors: [INVALID_LOGIN], hideFields: ["password"] }),
      };
    }
    if (submission.status !== "success") {
      return { status: "rejected", result: submission.reply({ hideFields: ["password"] }) };
    }
    return {
      status: "credentials",
      credentials: submission.value,
      refuse: (error) => submission.reply({ formErrors: [error], hideFields: ["password"] }),
    };
  }),
  "form",
);

type GuardArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** What a read-scoped token may send. */
const READ_METHODS = new Set(["GET", "HEAD"]);

/** The request's API token's scope, or null for a signed-in session (its user's role decides). */
function tokenScope({ context }: Pick<GuardArgs, "context">): TokenScope | null {
  return context.get(requestTokenContext)?.scope ?? null;
}

/** Whether the request acts with a signed-in session or an API token (only a session manages tokens). */
export function requestCredentialKind({ context }: Pick<GuardArgs, "context">): "session" | "token" {
  return context.get(requestTokenContext) ? "token" : "session";
}

function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

export function getOptionalUser({ context }: Pick<GuardArgs, "context">): CurrentUser | null {
  return context.get(currentUserContext);
}

/** A read-scoped token sends GET and HEAD only: any other call with it answers 403 (signing out too). */
export function requireWriteScope({ request, context }: GuardArgs): void {
  if (!READ_METHODS.has(request.method) && !scopeReaches(tokenScope({ context }), "write")) {
    throw apiError(403, SCOPE_READ_ONLY);
  }
}

/**
 * The signed-in user, approved or still waiting for approval (location setup, the waiting page);
 * otherwise pages go to /login?redirectTo=… and /api answers 401.
 */
export function requireAccount({ request, context }: GuardArgs): CurrentUser {
  const user = context.get(currentUserContext);
  if (user) {
    requireWriteScope({ request, context });
    return user;
  }
  if (isApiRequest(request)) {
    throw apiError(401, AUTH_REQUIRED);
  }
  const redirectTo = documentPath(new URL(request.url));
  throw redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/**
 * The signed-in, approved user. An account waiting for approval sees nothing of the team's data:
 * pages send it to /waiting, /api answers 403 with the waiting message (decision 42).
 */
export function requireUser(args: GuardArgs): CurrentUser {
  const user = requireAccount(args);
  if (user.approval === "APPROVED") return user;
  if (isApiRequest(args.request)) {
    throw apiError(403, WAITING_FOR_APPROVAL);
  }
  throw redirect("/waiting");
}

/** The signed-in user as the policy asks of them (`can`), with the request's credential. */
export function requestViewer(args: Pick<GuardArgs, "context">, user: CurrentUser): Promise<PolicyViewer> {
  return policyViewer(user, tokenScope(args));
}

/**
 * The signed-in, approved user when the policy lets them do `action` (to `subject`); otherwise
 * 403 with the rule's message: a page's plain text, /api's JSON (a token short of the admin scope
 * is told so in JSON, as it calls with a token).
 */
export async function requireAllowed(args: GuardArgs, action: Action, subject?: Subject): Promise<CurrentUser> {
  const user = requireUser(args);
  const refusal = refusalOf(await requestViewer(args, user), action, subject);
  if (refusal === null) return user;
  if (isApiRequest(args.request) || refusal === SCOPE_NOT_ADMIN) {
    throw apiError(403, refusal);
  }
  throw new Response(said(refusal), { status: 403 });
}
