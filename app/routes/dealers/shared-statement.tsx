import { isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/shared-statement";
import { StatementView } from "~/components/dealers/statement-view";
import { pageCall } from "~/http/form.server";
import { formatLocalDate } from "~/lib/date-format";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { useT } from "~/browser/i18n";
import { pageMessages, requestTranslator } from "~/http/language.server";
import { sharedStatement } from "~/models/ledger-statement.server";

// GET /statement/:token: the one statement a share link names, for the dealer, without an account
// and without the app around it (no menus, no other page reachable from it); never indexed. Its
// language is the dealer's phone's (its browser's preferred one, or a choice made on it).

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? data.pageTitle : "Statement" },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
});

/** 404 for a link this server never made (or changed), 410 once it has expired, each with its message. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const shared = await pageCall(() => sharedStatement(params.token));
  const t = requestTranslator(context, "dealers");
  return {
    ...shared,
    messages: pageMessages(context, "dealers"),
    pageTitle: t("dealers:statement.of", { name: shared.statement.dealer.businessName }),
  };
}

export default function SharedStatement({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const timeZone = usePublicEnv().APP_TIME_ZONE;
  const until = formatLocalDate(loaderData.expiresAt.toISOString(), timeZone, { withTime: true, language });
  return (
    <main className="mx-auto w-full max-w-2xl space-y-3 px-3 py-4">
      <StatementView statement={loaderData.statement} linkPosts={false} Heading="h1" />
      <p className="text-sm text-gray-11 print:hidden">{t("dealers:statement.linkWorksUntil", { until })}</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "The statement could not be shown.";
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 p-6 text-center" role="alert">
      <meta name="robots" content="noindex, nofollow" />
      <title>Statement</title>
      <h1 className="text-2xl font-bold">Statement unavailable</h1>
      <p className="text-gray-11">{message}</p>
    </main>
  );
}
