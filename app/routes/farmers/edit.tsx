import { data, Link } from "react-router";
import type { Route } from "./+types/edit";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";
import { FarmerForm } from "~/components/farmers/farmer-form";
import { requireUser } from "~/http/auth.server";
import { formCall, pageCall, parseForm, readForm, replyWithError, requirePageId } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { AppError } from "~/lib/app-error";
import { FARMER_ERASED, FARMER_NOT_FOUND, farmerSchema } from "~/models/farmer.schema";
import { dealerChoicesFor, requireFarmerFor, updateFarmer } from "~/models/farmers.server";
import { teamsVisibleTo } from "~/models/team-scope.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "farmers:edit.pageTitle") }];

/** The farmer's fields to change: those who work with them (403 otherwise); an erased farmer 409. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = requirePageId(args.params.id, FARMER_NOT_FOUND);
  const farmer = await pageCall(async () => {
    const row = await requireFarmerFor(user, id, "farmer.manage");
    if (row.erasedAt) throw new AppError(409, FARMER_ERASED);
    return row;
  });
  return {
    id,
    dealers: await dealerChoicesFor(user, farmer.dealer?.id ?? null),
    teams: await teamsVisibleTo(user),
    values: {
      name: farmer.name,
      phone: farmer.phone,
      village: farmer.village,
      tehsil: farmer.tehsil,
      district: farmer.district,
      landAcres: farmer.landHundredths / 100,
      mainCrops: JSON.parse(farmer.mainCrops) as string[],
      dealerId: farmer.dealer?.id ?? null,
      teamId: farmer.team?.id ?? null,
    },
    messages: pageMessages(args.context, "farmers"),
  };
}

/** Saves every field of the form (an emptied optional one is cleared); back to the farmer's page. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const id = requirePageId(args.params.id, FARMER_NOT_FOUND);
  // Whose farmer first: another team's answers 403 whatever the form holds.
  await pageCall(() => requireFarmerFor(user, id, "farmer.manage"));
  const submission = parseForm(await readForm(args.request), farmerSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { phone, village, dealerId } = submission.value;
  return formCall(
    async () => {
      await updateFarmer(user, id, {
        ...submission.value,
        phone: phone ?? null,
        village: village ?? null,
        dealerId: dealerId ?? null,
      });
      return redirectWithToast(`/farmers/${id}`, {
        title: requestTranslator(args.context, "farmers")("farmers:edit.saved"),
      });
    },
    (error) => data({ result: replyWithError(submission, error) }, { status: error.status }),
  );
}

export default function EditFarmer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("farmers:edit.title")}</h1>
      <FarmerForm
        id="edit-farmer"
        dealers={loaderData.dealers}
        teams={loaderData.teams}
        defaultValue={loaderData.values}
        lastResult={actionData?.result}
        submitLabel={t("farmers:form.save")}
        cancel={
          <Link to={`/farmers/${loaderData.id}`} className="btn-secondary flex-1">
            {t("farmers:form.cancel")}
          </Link>
        }
      />
    </div>
  );
}
