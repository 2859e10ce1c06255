import { Link } from "react-router";
import { usePublicEnv } from "~/browser/root-data";
import { formatCalendarDate, formatLocalDate } from "~/lib/date-format";
import { LEDGER_KIND_LABELS } from "~/lib/ledger";
import { formatMoney } from "~/lib/money";
import { postDetails, type StatementShown } from "~/lib/statement";

/**
 * A dealer's statement: who, the period, the opening balance, every entry (its date, kind, post,
 * debit or credit, the balance after it and why), the totals and the closing balance. The same
 * on the officer's page and on the page a share link opens (`linkPosts` off: the posts need an
 * account; its title is the page's heading, `h1`).
 */
export function StatementView({
  statement,
  linkPosts,
  Heading = "h2",
}: {
  statement: StatementShown;
  linkPosts: boolean;
  Heading?: "h1" | "h2";
}) {
  const { APP_TIME_ZONE: timeZone, CURRENCY_SYMBOL: symbol } = usePublicEnv();
  const money = (cents: bigint) => formatMoney(cents, symbol);
  return (
    <section
      className="card space-y-3 px-3 sm:px-4 print:border-0 print:p-0 print:text-black print:shadow-none"
      aria-labelledby="statement-heading"
    >
      <header className="space-y-1">
        <Heading id="statement-heading" className="text-lg font-semibold">
          Statement of {statement.dealer.businessName}
        </Heading>
        <p className="text-sm text-gray-11 print:text-black">{statement.dealer.address}</p>
        <p className="text-sm">
          {formatCalendarDate(statement.period.from)} – {formatCalendarDate(statement.period.to)}
        </p>
        <p className="text-sm text-gray-11 print:text-black" data-testid="statement-as-of">
          As of {formatLocalDate(statement.asOf.toISOString(), timeZone, { withTime: true })}
        </p>
      </header>
      <div className="overflow-x-auto print:overflow-visible">
        <table className="w-full text-xs tabular-nums sm:text-sm" data-testid="statement-table">
          <thead>
            <tr className="border-b border-gray-6 text-start">
              <th scope="col" className="py-1 pe-1.5 text-start font-medium">
                Entry
              </th>
              <th scope="col" className="py-1 pe-1.5 text-end font-medium">
                Debit
              </th>
              <th scope="col" className="py-1 pe-1.5 text-end font-medium">
                Credit
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-gray-4">
              <th scope="row" className="py-1 pe-1.5 text-start font-medium">
                <span className="block text-xs font-normal text-gray-11 print:text-black">
                  {formatCalendarDate(statement.period.from)}
                </span>
                Opening balance
              </th>
              <td />
              <td />
              <td className="py-1 text-end whitespace-nowrap" data-testid="opening-balance">
                {money(statement.openingBalanceCents)}
              </td>
            </tr>
            {statement.entries.map((entry) => (
              <tr key={entry.id} className="border-b border-gray-4 align-top" data-testid="statement-entry">
                <td className="py-1 pe-1.5">
                  <span className="block text-xs text-gray-11 print:text-black">
                    {formatLocalDate(entry.at.toISOString(), timeZone)}
                  </span>
                  <span className="font-medium">{LEDGER_KIND_LABELS[entry.kind]}</span>
                  {entry.post ? (
                    <span className="block text-gray-11 print:text-black">
                      {linkPosts && entry.post.type !== null ? (
                        <Link to={`/posts/${entry.post.id}`} className="link">
                          {postDetails(entry.post, symbol)}
                        </Link>
                      ) : (
                        postDetails(entry.post, symbol)
                      )}
                    </span>
                  ) : null}
                  {entry.reason ? (
                    <span className="block text-gray-11 italic print:text-black">{entry.reason}</span>
                  ) : null}
                </td>
                <td className="py-1 pe-1.5 text-end whitespace-nowrap">
                  {entry.amountCents > 0n ? money(entry.amountCents) : ""}
                </td>
                <td className="py-1 pe-1.5 text-end whitespace-nowrap">
                  {entry.amountCents < 0n ? money(-entry.amountCents) : ""}
                </td>
                <td className="py-1 text-end whitespace-nowrap">{money(entry.balanceAfterCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-gray-7 font-semibold">
              <th scope="row" className="py-1 pe-1.5 text-start">
                <span className="block text-xs font-normal text-gray-11 print:text-black">
                  {formatCalendarDate(statement.period.to)}
                </span>
                Closing balance
              </th>
              <td className="py-1 pe-1.5 text-end whitespace-nowrap" data-testid="total-debits">
                {money(statement.debitsCents)}
              </td>
              <td className="py-1 pe-1.5 text-end whitespace-nowrap" data-testid="total-credits">
                {money(statement.creditsCents)}
              </td>
              <td className="py-1 text-end whitespace-nowrap" data-testid="closing-balance">
                {money(statement.closingBalanceCents)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {statement.entries.length === 0 ? <p className="text-sm text-gray-11">No entries in this period.</p> : null}
    </section>
  );
}
