import { Link } from "react-router";
import type { Route } from "./+types/farmer";
import { requestViewer, requireUser } from "~/http/auth.server";
import { pageCall, requirePageId } from "~/http/form.server";
import { useT } from "~/browser/i18n";
import { CROP_KEYS } from "~/components/farmers/farmer-words";
import { pageMessages, requestTranslator } from "~/http/language.server";
import { formatPhone, telHref } from "~/lib/phone";
import { FARMER_NOT_FOUND, farmerNameShown } from "~/models/farmer.schema";
import { getFarmer } from "~/models/farmers.server";
import { farmerMeetingsQuerySchema } from "~/models/meeting.schema";
import { farmerMeetings } from "~/models/meetings.server";
import { can } from "~/models/policy";
import { FarmerPlots } from "~/components/plots/farmer-plots";
import { listPlots } from "~/models/demo-plots.server";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { formatLocalDate } from "~/lib/date-format";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.name ?? "Farmer"} · Fieldline` }];

/**
 * The farmer's details, for those who work with them (403 for another team's): their phone whole,
 * and the meetings they were named at, 20 a page (`?page=`).
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = requirePageId(args.params.id, FARMER_NOT_FOUND);
  const farmer = await pageCall(() => getFarmer(user, id));
  const query = farmerMeetingsQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  const meetings = await pageCall(() => farmerMeetings(user, id, query.success ? query.data.page : 1));
  const viewer = await requestViewer(args, user);
  const subject = { teamId: farmer.team?.id ?? null };
  const live = farmer.erasedAt === null;
  return {
    farmer,
    name: farmerNameShown(farmer.name, requestTranslator(args.context, "farmers")),
    meetings,
    mayEdit: live && can(viewer, "farmer.manage", subject),
    mayErase: live && can(viewer, "farmer.erase", subject),
    // The first page of their plots, as the viewer reads them (the plots of the viewer's teams).
    plots: (await listPlots(user, { farmerId: id, page: 1 })).plots,
    messages: pageMessages(args.context, "farmers"),
  };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1">
      <dt className="text-gray-11">{label}</dt>
      <dd className="text-end">{children}</dd>
    </div>
  );
}

export default function Farmer({ loaderData }: Route.ComponentProps) {
  const { farmer, name, meetings, mayEdit, mayErase, plots } = loaderData;
  const t = useT();
  return (
    <div className="space-y-4">
      <Link to="/farmers" className="btn-ghost px-2">
        {t("farmers:farmer.back")}
      </Link>
      <h1 className="text-xl font-bold">{name}</h1>
      {farmer.erasedAt ? <p className="card">{t("farmers:farmer.erased")}</p> : null}
      <dl className="card divide-y divide-gray-5">
        {farmer.phone ? (
          <Row label={t("farmers:farmer.phone")}>
            <a href={telHref(farmer.phone)} dir="ltr">
              {formatPhone(farmer.phone)}
            </a>
          </Row>
        ) : null}
        {farmer.village ? <Row label={t("farmers:farmer.village")}>{farmer.village}</Row> : null}
        <Row label={t("farmers:farmer.tehsil")}>{farmer.tehsil}</Row>
        <Row label={t("farmers:farmer.district")}>{farmer.district}</Row>
        <Row label={t("farmers:farmer.land")}>{t("farmers:acres", { acres: farmer.landAcres })}</Row>
        {farmer.mainCrops.length > 0 ? (
          <Row label={t("farmers:farmer.mainCrops")}>
            {farmer.mainCrops.map((crop) => t(CROP_KEYS[crop])).join(t("farmers:listSeparator"))}
          </Row>
        ) : null}
        {farmer.dealer ? (
          <Row label={t("farmers:farmer.buysFrom")}>
            <Link to={`/dealer-details/${farmer.dealer.id}`}>{farmer.dealer.businessName}</Link>
          </Row>
        ) : null}
        {farmer.team ? <Row label={t("farmers:farmer.team")}>{farmer.team.name}</Row> : null}
      </dl>
      <FarmerPlots plots={plots} />
      <div className="flex gap-3">
        {mayEdit ? (
          <Link to={`/farmers/${farmer.id}/edit`} className="btn-secondary flex-1">
            {t("farmers:farmer.edit")}
          </Link>
        ) : null}
        {mayErase ? (
          <Link to={`/farmers/${farmer.id}/erase`} className="btn-secondary flex-1">
            {t("farmers:farmer.erase")}
          </Link>
        ) : null}
      </div>
      <Meetings farmerId={farmer.id} {...meetings} />
    </div>
  );
}

/** The meetings the farmer was named at, newest first: when, who held it, how many came. */
function Meetings({
  farmerId,
  meetings,
  page,
  hasMore,
}: { farmerId: number } & Route.ComponentProps["loaderData"]["meetings"]) {
  const timeZone = usePublicEnv().APP_TIME_ZONE;
  const language = useLanguage();
  const t = useT();
  const pageHref = (to: number) => `/farmers/${farmerId}?page=${to}`;
  return (
    <section aria-labelledby="farmer-meetings" className="space-y-2">
      <h2 id="farmer-meetings" className="text-lg font-semibold">
        {t("farmers:farmer.meetings")}
      </h2>
      {meetings.length === 0 ? (
        <p className="text-sm text-gray-11">{t("farmers:farmer.noMeetings")}</p>
      ) : (
        <ul className="card divide-y divide-gray-5">
          {meetings.map((meeting) => (
            <li key={meeting.postId} className="py-2">
              <Link to={`/posts/${meeting.postId}`} className="font-semibold">
                {formatLocalDate(meeting.createdAt, timeZone, { language })}
              </Link>
              <p className="text-sm text-gray-11">
                {meeting.officer.name}
                {meeting.headCount !== null ? ` · ${t("farmers:farmer.headCount", { count: meeting.headCount })}` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
      {page > 1 || hasMore ? (
        <nav className="flex justify-between" aria-label={t("farmers:farmer.meetingPages")}>
          {page > 1 ? <Link to={pageHref(page - 1)}>{t("farmers:farmer.newerMeetings")}</Link> : <span />}
          {hasMore ? <Link to={pageHref(page + 1)}>{t("farmers:farmer.olderMeetings")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
