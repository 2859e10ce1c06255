import { data, Link } from "react-router";
import type { Route } from "./+types/add";
import { formCall, readForm, parseForm, replyWithError } from "~/http/form.server";
import { DEALER_PLACE, placeFromAddress, placementErrors } from "~/http/place-from-address.server";
import { DealerForm } from "~/components/dealers/dealer-form";
import { requireUser } from "~/http/auth.server";
import { dealerSchema } from "~/models/dealer.schema";
import { createDealer } from "~/models/dealer.server";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { submissionKeyFromForm } from "~/infra/idempotency.server";
import { redirectWithToast } from "~/http/toast.server";
import { isFailedRequest } from "~/lib/failed-request";
import { guardRequest } from "~/browser/request-guard";
import { newSubmissionKey } from "~/lib/submission-key";
import { safeRedirect } from "~/lib/safe-redirect";
import { Icon } from "~/components/icon";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "dealers:add.pageTitle") }];

/** New Post, when it sent the officer here (`?returnTo=/new-post…`): the save and Cancel go back to it. */
function newPostToReturnTo(request: Request): string | null {
  const to = safeRedirect(new URL(request.url).searchParams.get("returnTo"), "");
  return new URL(to || "/", "http://local").pathname === "/new-post" ? to : null;
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  // Rendered into the form, so a retry of a save whose answer never came adds the dealer once.
  return {
    messages: pageMessages(args.context, "dealers", "map"),
    submissionKey: newSubmissionKey(),
    back: newPostToReturnTo(args.request) ?? "/dealers",
    // The Team select offers only the teams the user may put a dealer in.
    teams: await teamsVisibleTo(user),
  };
}

/** Saves the dealer; on to its own page, or back to the post being written with the new dealer chosen. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const form = await readForm(args.request);
  const placement = await placeFromAddress(form, DEALER_PLACE);
  const submission = parseForm(form, dealerSchema);
  if (submission.status !== "success")
    return data(
      { result: submission.reply({ fieldErrors: placementErrors(placement, "lat") }), submissionKey: null },
      { status: 400 },
    );
  const approximate = placement === "placed";
  return formCall(
    async () => {
      const { dealer } = await createDealer(submission.value, user, submissionKeyFromForm(form), { approximate });
      const t = requestTranslator(args.context, "dealers");
      const toast = {
        title: t("dealers:add.added"),
        description: approximate ? t("dealers:form.placedFromAddress") : undefined,
      };
      const newPost = newPostToReturnTo(args.request);
      // Back to the directory (the spec), found by its name: at the top of the A–Z list it would not be seen.
      if (!newPost) return redirectWithToast(`/dealers?${new URLSearchParams({ query: dealer.businessName })}`, toast);
      const back = new URL(newPost, "http://local");
      back.searchParams.set("dealer", String(dealer.id));
      return redirectWithToast(`${back.pathname}${back.search}`, toast);
    },
    // Its key was used before for other fields (422: the page came back after a save): the page
    // says so, keeps what was typed, and a new key lets the next save add it as a new dealer.
    (error) =>
      data({ result: replyWithError(submission, error), submissionKey: newSubmissionKey() }, { status: error.status }),
  );
}

/** With JavaScript: a save that fails on the way leaves the form as typed, with its failure notice. */
export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: "common:failed.addDealer" }));

export default function AddDealer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Link
          to={loaderData.back}
          className="btn-ghost px-2"
          aria-label={
            loaderData.back === "/dealers" ? t("dealers:details.backToDealers") : t("dealers:add.backToNewPost")
          }
        >
          <Icon name="arrow-left" size={20} className="rtl:-scale-x-100" />
        </Link>
        <h1 className="text-xl font-bold">{t("dealers:add.title")}</h1>
      </div>
      <DealerForm
        teams={loaderData.teams}
        id="add-dealer"
        submissionKey={answer?.submissionKey ?? loaderData.submissionKey}
        lastResult={answer?.result}
        submitLabel={t("dealers:form.save")}
        cancel={
          <Link to={loaderData.back} className="btn-secondary flex-1">
            {t("dealers:form.cancel")}
          </Link>
        }
      />
    </div>
  );
}
