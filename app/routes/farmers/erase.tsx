import { data, Form, Link } from "react-router";
import type { Route } from "./+types/erase";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import { requireUser } from "~/http/auth.server";
import { formCall, pageCall, requirePageId } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { AppError } from "~/lib/app-error";
import { FARMER_ERASED, FARMER_NOT_FOUND } from "~/models/farmer.schema";
import { eraseFarmer, requireFarmerFor } from "~/models/farmers.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "farmers:erase.pageTitle") }];

/** The confirmation: the managers of the farmer's team and admins (403 otherwise); erased already 409. */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = requirePageId(args.params.id, FARMER_NOT_FOUND);
  const farmer = await pageCall(async () => {
    const row = await requireFarmerFor(user, id, "farmer.erase");
    if (row.erasedAt) throw new AppError(409, FARMER_ERASED);
    return row;
  });
  return { id, name: farmer.name, messages: pageMessages(args.context, "farmers") };
}

/** Erases the farmer's name, phone and village; back to their page. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const id = requirePageId(args.params.id, FARMER_NOT_FOUND);
  return formCall(
    async () => {
      await eraseFarmer(user, id);
      return redirectWithToast(`/farmers/${id}`, {
        title: requestTranslator(args.context, "farmers")("farmers:erase.erased"),
      });
    },
    (error) => data({ error: said(error.message, error.values) }, { status: error.status }),
  );
}

export default function EraseFarmer({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("farmers:erase.title", { name: loaderData.name })}</h1>
      <p>{t("farmers:erase.explanation")}</p>
      {actionData?.error ? (
        <p role="alert" className="text-red-11">
          {actionData.error}
        </p>
      ) : null}
      <Form method="post" className="flex gap-3">
        <Link to={`/farmers/${loaderData.id}`} className="btn-secondary flex-1">
          {t("farmers:form.cancel")}
        </Link>
        <button type="submit" className="btn-primary flex-1">
          {t("farmers:erase.submit")}
        </button>
      </Form>
    </div>
  );
}
