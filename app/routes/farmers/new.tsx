import { data, Link } from "react-router";
import type { Route } from "./+types/new";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";
import { FarmerForm } from "~/components/farmers/farmer-form";
import { requireAllowed } from "~/http/auth.server";
import { formCall, parseForm, readForm, replyWithError } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { farmerSchema } from "~/models/farmer.schema";
import { createFarmer, dealerChoicesFor } from "~/models/farmers.server";
import { submissionKeyFromForm } from "~/infra/idempotency.server";
import { newSubmissionKey } from "~/lib/submission-key";
import { teamsVisibleTo } from "~/models/team-scope.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "farmers:new.pageTitle") }];

/** The form, with the dealers nearest the officer to choose from. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "app.use");
  // The key is rendered into the form, so a retry of a save whose answer never came adds the farmer once.
  return {
    dealers: await dealerChoicesFor(user, null),
    teams: await teamsVisibleTo(user),
    teamId: user.teamId,
    submissionKey: newSubmissionKey(),
    messages: pageMessages(args.context, "farmers"),
  };
}

/** Adds the farmer, whom the viewer's team works with; on to their page. */
export async function action(args: Route.ActionArgs) {
  const user = await requireAllowed(args, "app.use");
  const form = await readForm(args.request);
  const submission = parseForm(form, farmerSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply(), submissionKey: null }, { status: 400 });
  return formCall(
    async () => {
      const { value: farmer } = await createFarmer(user, submission.value, submissionKeyFromForm(form));
      return redirectWithToast(`/farmers/${farmer.id}`, {
        title: requestTranslator(args.context, "farmers")("farmers:new.added"),
      });
    },
    // Its key was used before for other fields (422: the page came back after a save): the page
    // says so, keeps what was typed, and a new key lets the next save add them as a new farmer.
    (error) =>
      data({ result: replyWithError(submission, error), submissionKey: newSubmissionKey() }, { status: error.status }),
  );
}

export default function NewFarmer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("farmers:new.title")}</h1>
      <FarmerForm
        id="new-farmer"
        dealers={loaderData.dealers}
        teams={loaderData.teams}
        defaultValue={{ teamId: loaderData.teamId }}
        submissionKey={actionData?.submissionKey ?? loaderData.submissionKey}
        lastResult={actionData?.result}
        submitLabel={t("farmers:form.save")}
        cancel={
          <Link to="/farmers" className="btn-secondary flex-1">
            {t("farmers:form.cancel")}
          </Link>
        }
      />
    </div>
  );
}
