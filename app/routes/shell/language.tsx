import { data, Link } from "react-router";
import type { Route } from "./+types/language";
import { FormErrors } from "~/components/forms";
import { LanguageSwitch } from "~/components/shell/language-switch";
import { metaTitle, useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { getOptionalUser } from "~/http/auth.server";
import { parseForm, readForm } from "~/http/form.server";
import { languageDeviceCookie, translator } from "~/http/language.server";
import { redirectWithToast } from "~/http/toast.server";
import { LANGUAGE_NAMES } from "~/lib/languages";
import { safeRedirect } from "~/lib/safe-redirect";
import { languageSchema } from "~/models/language.schema";
import { saveLanguage } from "~/models/user.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "common:language.pageTitle") }];

/**
 * Remembers the chosen language on this device (its `fl_lang` cookie) and, for a signed-in user,
 * on their account, then goes back to the page the switch was on (`?redirectTo=`), now in it.
 */
export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const submission = parseForm(await readForm(request), languageSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { language } = submission.value;
  const user = getOptionalUser(args);
  if (user) await saveLanguage(user.id, language);
  const t = translator(language, ["common"]);
  return redirectWithToast(
    safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/language"),
    {
      title: t("common:language.changed"),
      description: t("common:language.changedDescription", { language: LANGUAGE_NAMES[language] }),
    },
    { headers: { "Set-Cookie": languageDeviceCookie(language) } },
  );
}

/** The switch on a page of its own: where a refused choice is answered. */
export default function LanguagePage({ actionData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  return (
    <main className="mx-auto max-w-md space-y-4 px-3 py-4">
      <h1 className="text-xl font-bold">{t("common:language.label")}</h1>
      <section className="card space-y-3">
        <FormErrors errors={actionData?.result.error?.language ?? undefined} />
        <LanguageSwitch current={language} redirectTo="/language" />
      </section>
      <Link to="/" className="link tap">
        {t("common:language.open")}
      </Link>
    </main>
  );
}
