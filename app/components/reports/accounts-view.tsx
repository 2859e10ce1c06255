import { Form } from "react-router";
import { ChartCard, type ChartView } from "~/components/reports/report-figures";
import {
  choicesOf,
  provinceChoices,
  ReportFormEnd,
  ReportSelect,
  ReportTableCard,
} from "~/components/reports/report-form";
import { TeamSelect } from "~/components/team-select";
import {
  ACCOUNT_CHART_MEASURES,
  ACCOUNT_GROUPINGS,
  type AccountChartMeasure,
  type AccountGrouping,
} from "~/lib/report-options";
import { ACCOUNT_CHART_KEYS, GROUPING_KEYS, VIEW_KEYS } from "~/components/reports/report-words";
import { RichMessage, useT } from "~/browser/i18n";
import type { MessageKey } from "~/locales/namespaces";
import type { TeamView } from "~/models/team.schema";

/** What the accounts view shows, every figure written for the page (GET /reports?view=accounts). */
export type AccountsViewData = {
  /** The team select, for those who see two teams or more. */
  teams: TeamView[];
  form: { groupBy: AccountGrouping; team: number | null; province: string; measure: AccountChartMeasure };
  errors: string[];
  /** Today and the month's first day, as US dates. */
  date: string;
  monthStart: string;
  columns: string[];
  rows: string[][];
  totals: string[];
  chart: ChartView;
  mostOverdue: Array<{
    id: number;
    businessName: string;
    city: string;
    overdue: string;
    outstanding: string;
    oldestUnpaidDays: number | null;
  }>;
  /** The query of the files' links. */
  files: string;
};

/**
 * The reports page's accounts view: what the dealers owe today, grouped, with its chart, the
 * most overdue dealers and the files. A plain GET form, plain links: nothing needs JavaScript.
 */
/** The table's heading by its grouping. */
const ACCOUNTS_BY_KEYS: Record<AccountGrouping, MessageKey> = {
  dealer: "reports:accounts.by.dealer",
  officer: "reports:accounts.by.officer",
  team: "reports:accounts.by.team",
  province: "reports:accounts.by.province",
};

export function AccountsView({ data }: { data: AccountsViewData }) {
  const t = useT();
  const { form, errors, teams, date, monthStart, columns, rows, totals, chart, mostOverdue, files } = data;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-bold">{t("reports:page.title")}</h1>
      <p className="text-sm text-gray-11">
        <RichMessage id="reports:accounts.intro" values={{ date, monthStart }} components={{ 0: <strong /> }} />{" "}
        <a href="/reports" className="link">
          {t(VIEW_KEYS.activity)}
        </a>
      </p>

      <Form method="get" className="card grid grid-cols-2 gap-3" aria-label={t("reports:form.settings")}>
        <input type="hidden" name="view" value="accounts" />
        <ReportSelect
          id="accounts-group"
          label={t("reports:form.groupBy")}
          name="groupBy"
          value={form.groupBy}
          choices={choicesOf(ACCOUNT_GROUPINGS, GROUPING_KEYS, t)}
        />
        {teams.length > 0 ? (
          <TeamSelect id="accounts-team" teams={teams} team={form.team} className="col-span-2" />
        ) : null}
        <ReportSelect
          id="accounts-province"
          label={t("reports:form.province")}
          name="province"
          value={form.province}
          choices={provinceChoices(t)}
          half
        />
        <ReportSelect
          id="accounts-measure"
          label={t("reports:form.chart")}
          name="measure"
          value={form.measure}
          choices={choicesOf(ACCOUNT_CHART_MEASURES, ACCOUNT_CHART_KEYS, t)}
          half
        />
        <ReportFormEnd errors={errors} showing={t("reports:accounts.showing")} />
      </Form>

      <section className="card space-y-2" aria-labelledby="most-overdue-title">
        <h2 id="most-overdue-title" className="font-semibold">
          {t("reports:accounts.mostOverdue")}
        </h2>
        {mostOverdue.length === 0 ? (
          <p className="text-sm text-gray-11">{t("reports:accounts.noneOverdue")}</p>
        ) : (
          <ol className="divide-y divide-gray-4">
            {mostOverdue.map((dealer) => (
              <li key={dealer.id} className="flex items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <a href={`/dealer-details/${dealer.id}`} className="link tap font-medium">
                    {dealer.businessName}
                  </a>
                  <p className="text-sm text-gray-11">
                    {dealer.city} · {t("reports:accounts.owes", { amount: dealer.outstanding })}
                    {dealer.oldestUnpaidDays === null
                      ? ""
                      : ` · ${t("reports:accounts.oldestUnpaid", { days: dealer.oldestUnpaidDays })}`}
                  </p>
                </div>
                <span className="font-semibold tabular-nums">
                  {t("reports:accounts.overdue", { amount: dealer.overdue })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <ChartCard chart={chart} groups={rows.length} empty={t("reports:accounts.empty")} />

      <ReportTableCard
        heading={t(ACCOUNTS_BY_KEYS[form.groupBy])}
        api="/api/accounts"
        query={files}
        columns={columns}
        rows={rows}
        totals={totals}
        empty={t("reports:accounts.empty")}
      />
    </div>
  );
}
