import { data } from "react-router";
import { formCall } from "~/http/form.server";
import { said } from "~/http/language.server";
import { redirectWithToast } from "~/http/toast.server";
import { userIdSchema } from "~/models/admin.schema";
import { APPROVAL_TEAM_REQUIRED, teamChoiceSchema } from "~/models/registration.schema";
import { approveAccount, createInvite, refuseAccount } from "~/models/registration.server";
import type { Viewer } from "~/models/team-scope.server";

// The forms of the accounts waiting and of invite links, on the admin's /admin and the manager's
// /team alike: the same rules as /api/admin/* and /api/team/*, which call the same model functions.

/** A refused approval, shown beside the account it was for (not at the page's top). */
type ApprovalRefusal = { approval: { userId: number; error: string } };

/**
 * Approve (into the chosen team) or refuse the waiting account, then back to `back` with a notice;
 * a refusal (no team chosen, a team the approver may not fill) answers beside the account.
 */
export async function decideAccount(viewer: Viewer, intent: "approve" | "refuse", form: FormData, back: string) {
  const userId = userIdSchema.safeParse(form.get("userId") ?? undefined);
  if (!userId.success)
    return data({ error: said(userId.error.issues[0]?.message ?? "people:errors.invalidUser") }, { status: 400 });
  const refused = (error: string, status: number) =>
    data<ApprovalRefusal>({ approval: { userId: userId.data, error } }, { status });
  // An empty choice is the server's to answer: the browser's own tooltip was all a forgetful approver saw.
  const team = teamChoiceSchema.safeParse({ teamId: form.get("teamId") || undefined });
  if (intent === "approve" && !team.success) return refused(said(APPROVAL_TEAM_REQUIRED), 400);
  return formCall(
    async () => {
      if (intent === "approve" && team.success) {
        await approveAccount(viewer, userId.data, team.data.teamId);
        return redirectWithToast(back, {
          title: said("people:approvals.approvedTitle"),
          description: said("people:approvals.approvedDescription"),
        });
      }
      await refuseAccount(userId.data);
      return redirectWithToast(back, {
        title: said("people:approvals.refusedTitle"),
        description: said("people:approvals.refusedDescription"),
      });
    },
    (error) => refused(said(error.message, error.values), error.status),
  );
}

/** A new invite link, answered to this page only: its token is shown once and kept nowhere. */
export async function makeInvite(viewer: Viewer, form: FormData) {
  const team = teamChoiceSchema.safeParse({ teamId: form.get("teamId") ?? undefined });
  if (!team.success) return data({ error: said(APPROVAL_TEAM_REQUIRED) }, { status: 400 });
  return formCall(
    async () => ({ invite: await createInvite(viewer, team.data.teamId) }),
    (error) => data({ error: said(error.message, error.values) }, { status: error.status }),
  );
}
