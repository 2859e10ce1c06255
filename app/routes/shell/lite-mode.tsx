import { data, Link } from "react-router";
import type { Route } from "./+types/lite-mode";
import { FormErrors } from "~/components/forms";
import { LiteModeSwitch } from "~/components/shell/lite-mode";
import { metaTitle, useT } from "~/browser/i18n";
import { useRootData } from "~/browser/root-data";
import { requestTranslator } from "~/http/language.server";
import { parseForm, readForm } from "~/http/form.server";
import { liteModeCookie } from "~/http/lite-mode.server";
import { redirectWithToast } from "~/http/toast.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { liteModeSchema } from "~/models/lite-mode.schema";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "common:liteMode.pageTitle") }];

/**
 * Remembers this device's choice (`lite` = on or off) in its `fl_lite` cookie and goes back to the
 * page the switch was on (`?redirectTo=`). Signed in or not: the sign-in page offers it too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await readForm(request), liteModeSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const choice = submission.value.lite;
  const t = requestTranslator(context, "common");
  return redirectWithToast(
    safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/lite-mode"),
    choice === "on"
      ? { title: t("common:liteMode.onTitle"), description: t("common:liteMode.onDescription") }
      : { title: t("common:liteMode.offTitle"), description: t("common:liteMode.offDescription") },
    { headers: { "Set-Cookie": liteModeCookie(choice) } },
  );
}

/** The switch on a page of its own: where a refused choice is answered, and a page to come back to. */
export default function LiteMode({ actionData }: Route.ComponentProps) {
  const t = useT();
  const lite = Boolean(useRootData()?.lite);
  return (
    <main className="mx-auto max-w-md space-y-4 px-3 py-4">
      <h1 className="text-xl font-bold">{t("common:liteMode.title")}</h1>
      <section className="card space-y-3">
        <FormErrors errors={actionData?.result.error?.lite ?? undefined} />
        <LiteModeSwitch lite={lite} redirectTo="/lite-mode" />
      </section>
      <Link to="/" className="link tap">
        {t("common:language.open")}
      </Link>
    </main>
  );
}
