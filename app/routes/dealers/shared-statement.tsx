import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/shared-statement";
import { StatementView } from "~/components/dealers/statement-view";
import { AppError } from "~/lib/app-error";
import { formatLocalDate } from "~/lib/date-format";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import { sharedStatement } from "~/models/ledger-statement.server";

// GET /statement/:token: the one statement a share link names, for the dealer, without an account
// and without the app around it (no menus, no other page reachable from it); never indexed. Its
// language is the dealer's phone's (its browser's preferred one, or a choice made on it).

export const meta: Route.MetaFunction = ({ loaderData, error }) => [
  { title: loaderData ? loaderData.pageTitle : (refusalOf(error)?.title ?? "Statement") },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
});

/** What a refused link answers its error page: no catalog reaches that page, so its words come with it. */
type Refusal = { title: string; heading: string; message: string };

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "heading" in value && "message" in value;

const refusalOf = (error: unknown): Refusal | null =>
  isRouteErrorResponse(error) && isRefusal(error.data) ? error.data : null;

/** 404 for a link this server never made (or changed), 410 once it has expired, each with its message. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const t = requestTranslator(context, "dealers");
  const shared = await sharedStatement(params.token).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    const refusal: Refusal = {
      title: t("dealers:statement.title"),
      heading: t("dealers:statement.unavailable"),
      message: said(error.message, error.values),
    };
    throw data(refusal, { status: error.status });
  });
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
  // A server error brings no words: the page then says so in English.
  const refusal = refusalOf(error);
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 p-6 text-center" role="alert">
      <meta name="robots" content="noindex, nofollow" />
      <title>{refusal?.title ?? "Statement"}</title>
      <h1 className="text-2xl font-bold">{refusal?.heading ?? "Statement unavailable"}</h1>
      <p className="text-gray-11">{refusal?.message ?? "The statement could not be shown."}</p>
    </main>
  );
}
