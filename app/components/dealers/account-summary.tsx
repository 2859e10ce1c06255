import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { RichMessage, useT } from "~/browser/i18n";
import { AGEING_KEYS } from "~/models/ledger-labels";
import { formatLocalDate } from "~/lib/date-format";
import { AGEING_BUCKETS, type AccountSummary } from "~/lib/ledger";
import { formatMoney } from "~/lib/money";

/**
 * A dealer's account at a glance: outstanding, overdue, the credit limit and what is left of it,
 * the payment terms, the unpaid sales by age, and when these figures were read. The time is the
 * server's, written into the page, so the phone's saved copy says how old its figures are.
 */
export function AccountSummaryView({ account, updatedAt }: { account: AccountSummary; updatedAt: string }) {
  const t = useT();
  const language = useLanguage();
  const { CURRENCY_SYMBOL: currency, APP_TIME_ZONE: timeZone } = usePublicEnv();
  const money = (cents: bigint) => formatMoney(cents, currency);
  const limit = account.creditLimitCents;
  const left = limit === null ? null : limit - account.balanceCents;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2" aria-label={t("dealers:account.title")}>
        <Figure label={t("dealers:account.outstanding")} value={money(account.outstandingCents)} />
        <Figure
          label={t("dealers:account.overdue")}
          value={money(account.overdueCents)}
          tone={account.overdueCents > 0n ? "text-danger-11" : undefined}
        />
        <Figure
          label={t("dealers:account.creditLimit")}
          value={limit === null ? t("dealers:account.noLimit") : money(limit)}
        />
        {left === null ? null : (
          <Figure
            label={left < 0n ? t("dealers:account.overLimit") : t("dealers:account.leftOfLimit")}
            value={money(left < 0n ? -left : left)}
            tone={left < 0n ? "text-danger-11" : undefined}
          />
        )}
        <Figure
          label={t("dealers:account.paymentTerms")}
          value={t("dealers:account.days", { count: account.paymentTermsDays })}
        />
        {account.balanceCents < 0n ? (
          <Figure label={t("dealers:account.paidAhead")} value={money(-account.balanceCents)} />
        ) : null}
      </dl>
      <table className="w-full text-sm">
        <caption className="text-start font-medium">{t("dealers:account.unpaidByAge")}</caption>
        <tbody>
          {AGEING_BUCKETS.map((bucket) => (
            <tr key={bucket} className="border-t border-gray-4">
              <th scope="row" className="py-1 text-start font-normal text-gray-11">
                {t(AGEING_KEYS[bucket])}
              </th>
              <td className="py-1 text-end tabular-nums">{money(account.ageing[bucket])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-gray-11" data-testid="account-updated">
        <RichMessage
          id="dealers:account.updated"
          values={{ time: formatLocalDate(updatedAt, timeZone, { withTime: true, language }) }}
          components={{ 0: <time dateTime={updatedAt} /> }}
        />
      </p>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className="rounded-md bg-gray-2 p-2">
      <dt className="text-xs text-gray-11">{label}</dt>
      <dd className={`font-semibold tabular-nums ${tone ?? ""}`}>{value}</dd>
    </div>
  );
}
