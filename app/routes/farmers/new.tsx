import { data, Link } from "react-router";
import type { Route } from "./+types/new";
import { FarmerForm } from "~/components/farmers/farmer-form";
import { requireAllowed } from "~/http/auth.server";
import { formCall, parseForm, readForm, replyWithError } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { farmerSchema } from "~/models/farmer.schema";
import { createFarmer, dealerChoicesFor } from "~/models/farmers.server";

export const meta: Route.MetaFunction = () => [{ title: "Add Farmer · Fieldline" }];

/** The form, with the dealers nearest the officer to choose from. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "app.use");
  return { dealers: await dealerChoicesFor(user, null) };
}

/** Adds the farmer, whom the viewer's team works with; on to their page. */
export async function action(args: Route.ActionArgs) {
  const user = await requireAllowed(args, "app.use");
  const submission = parseForm(await readForm(args.request), farmerSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return formCall(
    async () => {
      const farmer = await createFarmer(user, submission.value);
      return redirectWithToast(`/farmers/${farmer.id}`, { title: "Farmer added." });
    },
    (error) => data({ result: replyWithError(submission, error) }, { status: error.status }),
  );
}

export default function NewFarmer({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">Add Farmer</h1>
      <FarmerForm
        id="new-farmer"
        dealers={loaderData.dealers}
        lastResult={actionData?.result}
        submitLabel="Save"
        cancel={
          <Link to="/farmers" className="btn-secondary flex-1">
            Cancel
          </Link>
        }
      />
    </div>
  );
}
