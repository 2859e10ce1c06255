import { Form, Link } from "react-router";
import type { Route } from "./+types/farmers";
import { pageCall } from "~/http/form.server";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages } from "~/http/language.server";
import { requestViewer, requireAllowed } from "~/http/auth.server";
import { FARMER_IMPORT_PATH } from "~/lib/farmer-import";
import { maskPhone } from "~/lib/phone";
import { farmerSearchSchema } from "~/models/farmer.schema";
import { searchFarmers } from "~/models/farmers.server";
import { can } from "~/models/policy";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "farmers:list.pageTitle") }];

/** The farmers the viewer works with, 20 a page, their phones masked as the dealer directory's. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireAllowed(args, "app.use");
  const url = new URL(args.request.url);
  const parsed = farmerSearchSchema.safeParse(Object.fromEntries(url.searchParams));
  const search = parsed.success ? parsed.data : { query: undefined, page: 1 };
  const { farmers, page, hasMore } = await pageCall(() => searchFarmers(user, search));
  return {
    query: search.query ?? "",
    page,
    hasMore,
    canImport: can(await requestViewer(args, user), "farmers.import"),
    farmers: farmers.map(({ id, name, phone, village, district }) => ({
      id,
      name,
      maskedPhone: maskPhone(phone),
      place: [village, district].filter(Boolean).join(", "),
    })),
    messages: pageMessages(args.context, "farmers"),
  };
}

export default function Farmers({ loaderData }: Route.ComponentProps) {
  const { query, page, hasMore, canImport, farmers } = loaderData;
  const t = useT();
  const pageHref = (to: number) => `/farmers?${new URLSearchParams({ ...(query ? { query } : {}), page: String(to) })}`;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold">{t("farmers:list.title")}</h1>
        <Link to="/farmers/new" className="btn-primary">
          {t("farmers:list.add")}
        </Link>
      </div>
      {canImport ? (
        <p className="text-sm">
          <Link to={FARMER_IMPORT_PATH} className="link tap">
            {t("farmers:list.importLink")}
          </Link>
        </p>
      ) : null}
      <Form method="get" role="search" className="flex gap-2">
        <label htmlFor="farmer-search" className="sr-only">
          {t("farmers:list.searchLabel")}
        </label>
        <input
          id="farmer-search"
          name="query"
          type="search"
          defaultValue={query}
          placeholder={t("farmers:list.searchPlaceholder")}
          className="field-input"
        />
        <button type="submit" className="btn-secondary">
          {t("farmers:list.search")}
        </button>
      </Form>
      {farmers.length === 0 ? (
        <p className="card text-gray-11">{query ? t("farmers:list.noMatch") : t("farmers:list.none")}</p>
      ) : (
        <ul className="space-y-2">
          {farmers.map((farmer) => (
            <li key={farmer.id} className="card">
              <Link to={`/farmers/${farmer.id}`} className="font-semibold">
                {farmer.name}
              </Link>
              <p className="text-sm text-gray-11">
                {farmer.place}
                {farmer.place && farmer.maskedPhone ? " · " : ""}
                {farmer.maskedPhone ? <bdi dir="ltr">{farmer.maskedPhone}</bdi> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <nav className="flex justify-between" aria-label={t("farmers:pages.label")}>
        {page > 1 ? <Link to={pageHref(page - 1)}>{t("farmers:pages.previous")}</Link> : <span />}
        {hasMore ? <Link to={pageHref(page + 1)}>{t("farmers:pages.next")}</Link> : null}
      </nav>
    </div>
  );
}
