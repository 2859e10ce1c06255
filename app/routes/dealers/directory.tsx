import { DealerDetailsLink, ShowMoreDealers } from "~/components/dealers/dealer-list-links";
import { memo, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/directory";
import { DirectionsLink } from "~/components/dealers/directions-link";
import { maskPhone } from "~/lib/phone";
import { requireUser } from "~/http/auth.server";
import { dealerSearchSchema } from "~/models/dealer.schema";
import { countDealers, listDealerCards } from "~/models/dealer.server";
import { territoryTeamsOf } from "~/models/team.server";
import { Icon } from "~/components/icon";
import { useCodeOnTap } from "~/browser/code-on-tap";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages } from "~/http/language.server";

const loadImportDialog = () => import("~/components/dealers/import-dialog").then((module) => module.ImportDialog);

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "dealers:directory.pageTitle") }];

/** Cards a page: the low-tier phone hydrates and lays out each of them (decision 56). */
const PAGE_SIZE = 20;

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const url = new URL(args.request.url);
  const parsed = dealerSearchSchema.safeParse({ query: url.searchParams.get("query") ?? undefined });
  const query = parsed.success ? (parsed.data.query ?? "") : "";
  // Without a search, an officer whose team has a territory starts with its dealers ("All dealers"
  // shows everyone); a search looks through every dealer.
  const territory = await territoryTeamsOf(user);
  const wholeCompany = url.searchParams.get("scope") === "company";
  const teamIds = territory.length > 0 && !query && !wholeCompany ? territory : undefined;
  // Cards come in pages of 20 ("Show more" asks for 20 more), so a big directory stays light on a phone.
  const limitText = new URL(args.request.url).searchParams.get("limit") ?? "";
  const limit = /^\d{1,5}$/.test(limitText) ? Math.min(Math.max(Number(limitText), PAGE_SIZE), 10_000) : PAGE_SIZE;
  const [dealers, total, matching] = await Promise.all([
    listDealerCards(query, limit, teamIds),
    countDealers(),
    query || teamIds ? countDealers(query, undefined, teamIds) : null,
  ]);
  return {
    messages: pageMessages(args.context, "dealers"),
    query,
    /** "territory": the viewer's territory's dealers; "company": all, with a way back; null: no territory. */
    scope: territory.length === 0 || query ? null : teamIds ? ("territory" as const) : ("company" as const),
    total,
    matching: matching ?? total,
    limit,
    dealers: dealers.map((dealer) => ({
      id: dealer.id,
      businessName: dealer.businessName,
      owner: [dealer.ownerFirstName, dealer.ownerLastName].filter(Boolean).join(" "),
      maskedPhone: maskPhone(dealer.phone),
      city: dealer.city,
      lat: dealer.lat,
      lng: dealer.lng,
      thumbUrl: dealer.profilePictureThumbUrl,
    })),
  };
}

export default function Dealers({ loaderData }: Route.ComponentProps) {
  const { dealers, query, total, matching, limit, scope } = loaderData;
  const t = useT();
  const submit = useSubmit();
  const navigation = useNavigation();
  const openingDetails = navigation.state === "loading" && navigation.location.pathname.startsWith("/dealer-details");
  // The import dialog's code comes with the first tap on Import, not with the directory.
  const importDialog = useCodeOnTap(loadImportDialog);
  const [importOpen, setImportOpen] = useState(false);
  const ImportDialog = importOpen ? importDialog.code : null;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Link to="/new-post" className="btn-ghost px-2" aria-label={t("dealers:directory.back")}>
          <Icon name="arrow-left" size={20} className="rtl:-scale-x-100" />
        </Link>
        <h1 className="flex-1 text-xl font-bold">{t("dealers:directory.title")}</h1>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Link
          to="/dealers/import"
          className="btn-secondary"
          onClick={(event) => {
            event.preventDefault();
            importDialog.open(event.currentTarget.href, () => setImportOpen(true));
          }}
        >
          <Icon name="upload" size={18} />
          {t("dealers:directory.import")}
        </Link>
        <Link to="/add-dealer" className="btn-primary">
          <Icon name="plus" size={18} />
          {t("dealers:directory.addDealer")}
        </Link>
      </div>

      <Form method="get" role="search" className="flex gap-2">
        <label htmlFor="dealer-search" className="sr-only">
          {t("dealers:directory.searchLabel")}
        </label>
        <input
          id="dealer-search"
          type="search"
          name="query"
          defaultValue={query}
          placeholder={t("dealers:directory.searchPlaceholder")}
          className="field-input flex-1"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 250);
          }}
        />
        <button type="submit" className="btn-secondary px-3" aria-label={t("dealers:directory.search")}>
          <Icon name="search" size={18} />
        </button>
      </Form>

      {scope ? (
        <p className="flex items-center justify-between gap-2 text-sm text-gray-11" data-testid="dealer-scope">
          <span>{scope === "territory" ? t("dealers:directory.inTerritory") : t("dealers:directory.allDealers")}</span>
          {scope === "territory" ? (
            <Link to="/dealers?scope=company" className="link tap-line">
              {t("dealers:directory.allDealers")}
            </Link>
          ) : (
            <Link to="/dealers" className="link tap-line">
              {t("dealers:directory.myTerritory")}
            </Link>
          )}
        </p>
      ) : null}

      {openingDetails ? (
        <p role="status" className="text-center text-sm text-gray-11">
          {t("dealers:directory.loadingDetails")}
        </p>
      ) : null}

      {total === 0 ? (
        <div className="card space-y-3 text-center">
          <p className="text-gray-11">{t("dealers:directory.noneYet")}</p>
          <Link to="/add-dealer" className="btn-primary">
            {t("dealers:directory.addFirst")}
          </Link>
        </div>
      ) : dealers.length === 0 ? (
        <p className="card text-center text-gray-11">
          {scope === "territory" ? t("dealers:directory.noneInTerritory") : t("dealers:directory.noneFound")}
        </p>
      ) : (
        <ul className="space-y-2" aria-label={t("dealers:directory.title")}>
          {dealers.map((dealer) => (
            <DealerRow key={dealer.id} dealer={dealer} />
          ))}
        </ul>
      )}

      {matching > dealers.length ? (
        <ShowMoreDealers
          shown={dealers.length}
          matching={matching}
          to={`/dealers?${new URLSearchParams({
            ...(query ? { query } : {}),
            ...(scope === "company" ? { scope: "company" } : {}),
            limit: String(limit + PAGE_SIZE),
          })}`}
        />
      ) : null}

      {ImportDialog ? <ImportDialog onClose={() => setImportOpen(false)} /> : null}
    </div>
  );
}

type DealerCard = Route.ComponentProps["loaderData"]["dealers"][number];

/**
 * A dealer in the list. Memoized: the list renders again on every change of the router's state (a
 * tap on a link starts a navigation), and its rows stay as they are unless their dealer changes.
 */
const DealerRow = memo(function DealerRow({ dealer }: { dealer: DealerCard }) {
  // A row below the screen is not laid out until scrolled near (a low-tier phone lays out slowly);
  // until then it holds a one-line row's height (118 px at 360 px wide).
  const t = useT();
  return (
    <li
      className="card space-y-2 p-3 [content-visibility:auto] [contain-intrinsic-size:auto_5.75rem]"
      data-testid="dealer-card"
    >
      <div className="flex items-start gap-3">
        {dealer.thumbUrl ? (
          <img
            src={dealer.thumbUrl}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-3 text-accent-11"
            aria-hidden
          >
            <Icon name="store" size={20} />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="line-clamp-2 leading-5 font-semibold break-words">{dealer.businessName}</h2>
          <p className="flex gap-2 text-sm text-gray-11">
            {/* The city first: at 360 px it stays whole and the owner's name gives way. */}
            <span className="min-w-0 flex-1 truncate" data-testid="dealer-place">
              <span data-testid="dealer-city">{dealer.city}</span>
              {dealer.owner ? ` · ${dealer.owner}` : null}
            </span>
            {dealer.maskedPhone ? (
              <span className="shrink-0">
                <span className="sr-only">{t("dealers:directory.phoneEnding")} </span>
                <bdi dir="ltr">{dealer.maskedPhone}</bdi>
              </span>
            ) : null}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-3 gap-2">
        <Link to={`/new-post?dealer=${dealer.id}&type=DEALER_MEETING`} className="btn-secondary px-1 text-sm leading-4">
          {t("dealers:directory.createMeeting")}
        </Link>
        <DirectionsLink
          lat={dealer.lat}
          lng={dealer.lng}
          name={dealer.businessName}
          className="btn-secondary gap-1 px-1 text-sm leading-4"
        />
        <DealerDetailsLink dealer={dealer} className="btn-primary px-1 text-sm leading-4" />
      </div>
    </li>
  );
});
