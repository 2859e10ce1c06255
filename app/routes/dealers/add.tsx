import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/add";
import { readForm, parseForm } from "~/http/form.server";
import { DealerForm } from "~/components/dealers/dealer-form";
import { requireUser } from "~/models/auth.server";
import { dealerSchema } from "~/models/dealer.schema";
import { createDealer } from "~/models/dealer.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Add New Dealer · Fieldline" }];

export function loader(args: Route.LoaderArgs) {
  requireUser(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const submission = parseForm(await readForm(args.request), dealerSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await createDealer(submission.value, user.id);
  return redirectWithToast("/dealers", { title: "Dealer added successfully!" });
}

export default function AddDealer({ actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Link to="/dealers" className="btn-ghost px-2" aria-label="Back to Dealers">
          <ArrowLeft size={20} aria-hidden />
        </Link>
        <h1 className="text-xl font-bold">Add New Dealer</h1>
      </div>
      <DealerForm
        id="add-dealer"
        lastResult={actionData?.result}
        submitLabel="Save"
        cancel={
          <Link to="/dealers" className="btn-secondary flex-1">
            Cancel
          </Link>
        }
      />
    </div>
  );
}
