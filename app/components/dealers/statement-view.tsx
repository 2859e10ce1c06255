import { Link } from "react-router";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { useT } from "~/browser/i18n";
import { LEDGER_KIND_KEYS } from "~/models/ledger-labels";
import { formatCalendarDate, formatLocalDate } from "~/lib/date-format";
import { formatMoney } from "~/lib/money";
import type { StatementShown } from "~/lib/statement";
import { statementPostText } from "~/models/statement-words";

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
  const t = useT();
  const language = useLanguage();
  const { APP_TIME_ZONE: timeZone, CURRENCY_SYMBOL: symbol } = usePublicEnv();
  // A balance may be below 0: its minus sign stays before the amount in a right-to-left page (<bdi dir="ltr">).
  const money = (cents: bigint) => formatMoney(cents, symbol);
  return (
    <section
      className="card space-y-3 px-3 sm:px-4 print:border-0 print:p-0 print:text-black print:shadow-none"
      aria-labelledby="statement-heading"
    >
      <header className="space-y-1">
        <Heading id="statement-heading" className="text-lg font-semibold">
          {t("dealers:statement.of", { name: statement.dealer.businessName })}
        </Heading>
        <p className="text-sm text-gray-11 print:text-black">{statement.dealer.address}</p>
        <p className="text-sm">
          {t("dealers:statement.period", {
            from: formatCalendarDate(statement.period.from, language),
            to: formatCalendarDate(statement.period.to, language),
          })}
        </p>
        <p className="text-sm text-gray-11 print:text-black" data-testid="statement-as-of">
          {t("dealers:statement.asOf", {
            time: formatLocalDate(statement.asOf.toISOString(), timeZone, { withTime: true, language }),
          })}
        </p>
      </header>
      {/* On a phone four columns of a big dealer's figures need more than 360 px in a wide font (DejaVu
          Sans: 370 px), so there each row is two lines: the entry across, then its three amounts. */}
      <div className="-mx-3 overflow-x-auto px-1.5 sm:mx-0 sm:px-0 print:mx-0 print:overflow-visible print:px-0">
        <table
          className="w-full text-xs tabular-nums max-sm:block max-sm:[&_tr]:grid max-sm:[&_tr]:grid-cols-3 max-sm:[&_tr>:first-child]:col-span-3 max-sm:[&>*]:block sm:text-sm"
          data-testid="statement-table"
        >
          <thead>
            <tr className="border-b border-gray-6 text-start">
              <th scope="col" className="py-1 pe-1.5 text-start font-medium max-sm:sr-only">
                {t("dealers:statement.entry")}
              </th>
              <th scope="col" className="py-1 pe-1.5 text-end font-medium">
                {t("dealers:statement.debit")}
              </th>
              <th scope="col" className="py-1 pe-1.5 text-end font-medium">
                {t("dealers:statement.credit")}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {t("dealers:statement.balance")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-gray-4">
              <th scope="row" className="py-1 pe-1.5 text-start font-medium">
                <span className="block text-xs font-normal text-gray-11 print:text-black">
                  {formatCalendarDate(statement.period.from, language)}
                </span>
                {t("dealers:account.openingBalance")}
              </th>
              <td />
              <td />
              <td className="py-1 text-end whitespace-nowrap" data-testid="opening-balance">
                <bdi dir="ltr">{money(statement.openingBalanceCents)}</bdi>
              </td>
            </tr>
            {statement.entries.map((entry) => (
              <tr key={entry.id} className="border-b border-gray-4 align-top" data-testid="statement-entry">
                <td className="py-1 pe-1.5">
                  <span className="block text-xs text-gray-11 print:text-black">
                    {formatLocalDate(entry.at.toISOString(), timeZone, { language })}
                  </span>
                  <span className="font-medium">{t(LEDGER_KIND_KEYS[entry.kind])}</span>
                  {entry.post ? (
                    <span className="block text-gray-11 print:text-black">
                      {linkPosts && entry.post.type !== null ? (
                        <Link to={`/posts/${entry.post.id}`} className="link">
                          {statementPostText(t, entry.post, symbol)}
                        </Link>
                      ) : (
                        statementPostText(t, entry.post, symbol)
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
                <td className="py-1 text-end whitespace-nowrap">
                  <bdi dir="ltr">{money(entry.balanceAfterCents)}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-gray-7 font-semibold">
              <th scope="row" className="py-1 pe-1.5 text-start">
                <span className="block text-xs font-normal text-gray-11 print:text-black">
                  {formatCalendarDate(statement.period.to, language)}
                </span>
                {t("dealers:statement.closingBalance")}
              </th>
              <td className="py-1 pe-1.5 text-end whitespace-nowrap" data-testid="total-debits">
                {money(statement.debitsCents)}
              </td>
              <td className="py-1 pe-1.5 text-end whitespace-nowrap" data-testid="total-credits">
                {money(statement.creditsCents)}
              </td>
              <td className="py-1 text-end whitespace-nowrap" data-testid="closing-balance">
                <bdi dir="ltr">{money(statement.closingBalanceCents)}</bdi>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      {statement.entries.length === 0 ? (
        <p className="text-sm text-gray-11">{t("dealers:statement.noEntries")}</p>
      ) : null}
    </section>
  );
}
