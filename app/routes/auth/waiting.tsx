import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/waiting";
import { AuthCard } from "~/components/auth-card";
import { metaTitle, RichMessage, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";
import { requireAccount } from "~/http/auth.server";
import { WAITING_FOR_APPROVAL } from "~/models/registration.server";
import { hasCompletedLocations } from "~/models/user.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "auth:waiting.pageTitle") }];

/**
 * The one page an account waiting for approval sees (decision 42). It stays here with a place
 * still to set: Location Setup's "Skip for now" leads here, and a link leads back to the place
 * left empty, so neither page sends to the other by itself.
 */
export function loader(args: Route.LoaderArgs) {
  const user = requireAccount(args);
  if (user.approval === "APPROVED") throw redirect("/");
  const placesToSet = hasCompletedLocations(user)
    ? null
    : user.homeLat === null
      ? "/location-setup"
      : "/location-setup?tab=warehouse";
  return {
    message: requestTranslator(args.context, "auth")(WAITING_FOR_APPROVAL),
    email: user.email,
    placesToSet,
    messages: pageMessages(args.context, "auth"),
  };
}

export default function Waiting({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <AuthCard title={t("auth:waiting.title")}>
      <p>{loaderData.message}</p>
      <p className="mt-3 text-gray-11">
        <RichMessage
          id="auth:waiting.explanation"
          values={{ email: loaderData.email }}
          components={{ 0: <bdi dir="ltr" /> }}
        />
      </p>
      {loaderData.placesToSet ? (
        <p className="mt-3">
          <Link to={loaderData.placesToSet} className="link tap">
            {t("auth:waiting.setLocations")}
          </Link>
        </p>
      ) : null}
      <Form method="post" action="/logout" className="mt-5">
        <button type="submit" className="btn btn-secondary w-full">
          {t("common:menu.signOut")}
        </button>
      </Form>
    </AuthCard>
  );
}
