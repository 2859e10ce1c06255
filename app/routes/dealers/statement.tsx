import { data, Form, Link } from "react-router";
import type { Route } from "./+types/statement";
import { useHydrated } from "~/browser/hydrated";
import { FormErrors } from "~/components/forms";
import { Icon } from "~/components/icon";
import { StatementShare } from "~/components/dealers/statement-share";
import { StatementView } from "~/components/dealers/statement-view";
import { requireUser } from "~/http/auth.server";
import { formCall, readForm, requirePageId, pageRefusal } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { DEALER_NOT_FOUND } from "~/models/dealer.server";
import { requireAccountToRead } from "~/models/ledger.server";
import { createStatementLink, dealerStatement, madeStatementLink } from "~/models/ledger-statement.server";
import { env } from "~/env.server";
import { languageContext } from "~/http/context";
import { formatLocalDate } from "~/lib/date-format";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: loaderData?.pageTitle ?? metaTitle(matches, "dealers:statement.pageTitle") },
];

/** The period as the query names it: `from` and `to`, each left out when blank. */
function periodQuery(params: URLSearchParams | FormData) {
  const text = (name: string) => {
    const value = params.get(name);
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  return { from: text("from"), to: text("to") };
}

/**
 * GET /dealer-details/:id/statement?from=&to=: the dealer's statement of the period (this month by
 * default) for whoever may read its account; a wrong period answers 400 with its message and the
 * form as typed. `?link=` shows a share link just made for this dealer.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const dealerId = requirePageId(args.params.id, DEALER_NOT_FOUND);
  const url = new URL(args.request.url);
  const query = periodQuery(url.searchParams);
  const form = { from: query.from ?? "", to: query.to ?? "" };
  const messages = pageMessages(args.context, "dealers");
  const t = requestTranslator(args.context, "dealers");
  return formCall(
    async () => {
      const statement = await dealerStatement(user, dealerId, query);
      const token = url.searchParams.get("link");
      const link = token ? madeStatementLink(dealerId, token) : null;
      return {
        messages,
        pageTitle: t("dealers:statement.pageTitleOf", { name: statement.dealer.businessName }),
        dealerId,
        statement,
        // What the share sheet and WhatsApp send with the link, in the words of whoever shares it.
        title: t("dealers:statement.shareTitle", {
          name: statement.dealer.businessName,
          from: statement.period.from,
          to: statement.period.to,
          asOf: formatLocalDate(statement.asOf.toISOString(), env.APP_TIME_ZONE, {
            withTime: true,
            language: args.context.get(languageContext),
          }),
        }),
        form: statement.period,
        errors: [] as string[],
        link: link && { url: link.url, expiresAt: link.expiresAt },
      };
    },
    (error) => {
      if (error.status !== 400) throw pageRefusal(said(error.message, error.values), error.status);
      return data(
        {
          messages,
          pageTitle: null,
          dealerId,
          statement: null,
          title: "",
          form,
          errors: [said(error.message, error.values)],
          link: null,
        },
        { status: 400 },
      );
    },
  );
}

/** The page's one form, `intent=share`: a share link for the period, shown by the page it goes back to. */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const dealerId = requirePageId(args.params.id, DEALER_NOT_FOUND);
  const form = await readForm(args.request);
  return formCall(
    async () => {
      // Whose statement first: an unknown intent on another team's dealer is still a 403.
      await requireAccountToRead(user, dealerId);
      if (form.get("intent") !== "share") return data({ error: UNKNOWN_ACTION }, { status: 400 });
      const link = await createStatementLink(user, dealerId, periodQuery(form));
      const period = periodQuery(form);
      const page = new URLSearchParams({
        ...(period.from && { from: period.from }),
        ...(period.to && { to: period.to }),
      });
      page.set("link", link.token);
      return redirectWithToast(`/dealer-details/${dealerId}/statement?${page}`, {
        title: requestTranslator(args.context, "dealers")("dealers:statement.linkReady"),
      });
    },
    (error) => {
      if (error.status !== 400) throw pageRefusal(said(error.message, error.values), error.status);
      return data({ error: said(error.message, error.values) }, { status: 400 });
    },
  );
}

/** With JavaScript, the browser's print dialog; the page prints without its menus either way (its print style). */
function PrintButton() {
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="btn-secondary" onClick={() => window.print()}>
      {t("dealers:statement.print")}
    </button>
  );
}

export default function DealerStatement({ loaderData, actionData }: Route.ComponentProps) {
  const { dealerId, statement, title, form, errors, link } = loaderData;
  const t = useT();
  const files = new URLSearchParams({ from: form.from, to: form.to });
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2 print:hidden">
        <Link
          to={`/dealer-details/${dealerId}`}
          className="btn-ghost px-2"
          aria-label={t("dealers:statement.backToDealer")}
        >
          <Icon name="arrow-left" size={20} className="rtl:-scale-x-100" />
        </Link>
        <h1 className="flex-1 text-xl font-bold">{t("dealers:statement.title")}</h1>
      </div>
      <Form method="get" className="card space-y-3 print:hidden" aria-label={t("dealers:statement.periodLabel")}>
        <div className="flex flex-wrap gap-3">
          <label className="flex-1 text-sm font-medium">
            {t("dealers:statement.from")}
            <input type="date" name="from" defaultValue={form.from} className="field-input mt-1" />
          </label>
          <label className="flex-1 text-sm font-medium">
            {t("dealers:statement.to")}
            <input type="date" name="to" defaultValue={form.to} className="field-input mt-1" />
          </label>
        </div>
        <FormErrors errors={errors} />
        <button type="submit" className="btn-primary w-full">
          {t("dealers:statement.show")}
        </button>
      </Form>
      {actionData && "error" in actionData ? <FormErrors errors={[actionData.error]} /> : null}
      {link && statement ? <StatementShare url={link.url} title={title} expiresAt={link.expiresAt} /> : null}
      {statement ? (
        <>
          <StatementView statement={statement} linkPosts />
          <div className="flex flex-wrap gap-2 print:hidden">
            <a href={`/dealer-details/${dealerId}/statement.xlsx?${files}`} className="btn-secondary" download>
              {t("dealers:statement.downloadExcel")}
            </a>
            <PrintButton />
            <Form method="post">
              <input type="hidden" name="intent" value="share" />
              <input type="hidden" name="from" value={form.from} />
              <input type="hidden" name="to" value={form.to} />
              <button type="submit" className="btn-primary">
                {t("dealers:statement.shareStatement")}
              </button>
            </Form>
          </div>
        </>
      ) : null}
    </div>
  );
}
