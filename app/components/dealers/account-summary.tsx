import { usePublicEnv } from "~/browser/root-data";
import { formatLocalDate } from "~/lib/date-format";
import { AGEING_BUCKETS, AGEING_LABELS, type AccountSummary } from "~/lib/ledger";
import { formatMoney } from "~/lib/money";

/**
 * A dealer's account at a glance: outstanding, overdue, the credit limit and what is left of it,
 * the payment terms, the unpaid sales by age, and when these figures were read. The time is the
 * server's, written into the page, so the phone's saved copy says how old its figures are.
 */
export function AccountSummaryView({ account, updatedAt }: { account: AccountSummary; updatedAt: string }) {
  const { CURRENCY_SYMBOL: currency, APP_TIME_ZONE: timeZone } = usePublicEnv();
  const money = (cents: bigint) => formatMoney(cents, currency);
  const limit = account.creditLimitCents;
  const left = limit === null ? null : limit - account.balanceCents;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-2" aria-label="Account">
        <Figure label="Outstanding" value={money(account.outstandingCents)} />
        <Figure
          label="Overdue"
          value={money(account.overdueCents)}
          tone={account.overdueCents > 0n ? "text-danger-11" : undefined}
        />
        <Figure label="Credit limit" value={limit === null ? "No limit" : money(limit)} />
        {left === null ? null : (
          <Figure
            label={left < 0n ? "Over the limit by" : "Left of the limit"}
            value={money(left < 0n ? -left : left)}
            tone={left < 0n ? "text-danger-11" : undefined}
          />
        )}
        <Figure label="Payment terms" value={`${account.paymentTermsDays} days`} />
        {account.balanceCents < 0n ? <Figure label="Paid ahead" value={money(-account.balanceCents)} /> : null}
      </dl>
      <table className="w-full text-sm">
        <caption className="text-left font-medium">Unpaid sales by age</caption>
        <tbody>
          {AGEING_BUCKETS.map((bucket) => (
            <tr key={bucket} className="border-t border-gray-4">
              <th scope="row" className="py-1 text-left font-normal text-gray-11">
                {AGEING_LABELS[bucket]}
              </th>
              <td className="py-1 text-right tabular-nums">{money(account.ageing[bucket])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-gray-11" data-testid="account-updated">
        Updated <time dateTime={updatedAt}>{formatLocalDate(updatedAt, timeZone, { withTime: true })}</time>
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
