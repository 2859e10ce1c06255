import { useT } from "~/browser/i18n";

/** The manager's day's accounts block, every figure written by the server. */
export type TeamAccountsView = {
  outstanding: string;
  overdue: string;
  /** The query of the accounts report's link (its team, if one is chosen). */
  report: string;
  mostOverdue: Array<{ id: number; businessName: string; city: string; overdue: string }>;
};

/**
 * What the manager's dealers owe today, what of it is overdue, and the five most overdue dealers,
 * each linking to its page; the whole list is the accounts report. Plain links: nothing needs JavaScript.
 */
export function TeamAccounts({ accounts }: { accounts: TeamAccountsView }) {
  const t = useT();
  return (
    <section className="card space-y-2 py-3" aria-labelledby="team-accounts-title" data-testid="team-accounts">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="team-accounts-title" className="font-semibold">
          {t("feed:teamAccounts.title")}
        </h2>
        <a href={`/reports?${accounts.report}`} className="link tap text-sm">
          {t("feed:teamAccounts.all")}
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-11">{t("feed:teamAccounts.outstanding")}</dt>
          <dd className="text-base font-semibold tabular-nums" data-testid="team-outstanding">
            {accounts.outstanding}
          </dd>
        </div>
        <div>
          <dt className="text-gray-11">{t("feed:teamAccounts.overdue")}</dt>
          <dd className="text-base font-semibold text-warning-11 tabular-nums" data-testid="team-overdue">
            {accounts.overdue}
          </dd>
        </div>
      </dl>
      {accounts.mostOverdue.length === 0 ? (
        <p className="text-sm text-gray-11">{t("feed:teamAccounts.noneOverdue")}</p>
      ) : (
        <>
          <h3 className="text-sm font-semibold">{t("feed:teamAccounts.mostOverdue")}</h3>
          <ol className="divide-y divide-gray-4" aria-label={t("feed:teamAccounts.mostOverdueList")}>
            {accounts.mostOverdue.map((dealer) => (
              <li key={dealer.id} className="flex items-center gap-2 py-1">
                <a href={`/dealer-details/${dealer.id}`} className="link tap min-w-0 flex-1 truncate">
                  {dealer.businessName}, {dealer.city}
                </a>
                <span className="text-sm font-medium tabular-nums">{dealer.overdue}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
