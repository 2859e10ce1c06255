import type { SubmissionResult } from "@conform-to/react";
import { Link, useSearchParams } from "react-router";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { RichMessage, useT } from "~/browser/i18n";
import { LEDGER_KIND_KEYS } from "~/models/ledger-labels";
import { TextField } from "~/components/forms";
import { AccountForm } from "~/components/dealers/account-form";
import { formatLocalDate } from "~/lib/date-format";
import { parseId } from "~/lib/ids";
import { formatMoney } from "~/lib/money";
import { reversalSchema } from "~/models/ledger.schema";
import type { LedgerEntryView } from "~/lib/ledger";

/** The reply to a reversal, and the entry it was for. */
export type ReversalReply = { entryId: number; result: SubmissionResult<string[]> };

/**
 * The account's newest entries, newest first: what, how much, the balance after it, when, who,
 * its post and why; for its managers, a Reverse link on each entry that can still be reversed,
 * which opens that entry's reversal form (`?reverse=<id>`): one form on the page, not one per entry.
 */
export function LedgerEntryList({
  entries,
  mayReverse,
  submissionKey,
  reply,
}: {
  entries: LedgerEntryView[];
  mayReverse: boolean;
  submissionKey: string;
  reply: ReversalReply | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const { CURRENCY_SYMBOL: currency, APP_TIME_ZONE: timeZone } = usePublicEnv();
  const [searchParams] = useSearchParams();
  const openId = reply?.entryId ?? parseId(searchParams.get("reverse"));
  if (entries.length === 0) return <p className="text-sm text-gray-11">{t("dealers:account.noEntries")}</p>;
  return (
    <ol className="divide-y divide-gray-4" aria-label={t("dealers:account.recentEntries")}>
      {entries.map((entry) => (
        <li key={entry.id} className="space-y-1 py-2 text-sm">
          <p className="flex items-baseline justify-between gap-2">
            <span className="font-medium">{t(LEDGER_KIND_KEYS[entry.kind])}</span>
            <span className="font-semibold tabular-nums" dir="ltr">
              {formatMoney(entry.amountCents, currency)}
            </span>
          </p>
          <p className="flex items-baseline justify-between gap-2 text-gray-11">
            <span>
              {formatLocalDate(entry.at.toISOString(), timeZone, { language })}
              {entry.createdBy ? ` · ${entry.createdBy.name}` : null}
            </span>
            <span className="tabular-nums">
              <RichMessage
                id="dealers:account.balanceAfter"
                values={{ amount: formatMoney(entry.balanceAfterCents, currency) }}
                components={{ 0: <bdi dir="ltr" /> }}
              />
            </span>
          </p>
          {entry.reason ? <p className="text-gray-11">{entry.reason}</p> : null}
          {entry.postId === null ? null : (
            <Link to={`/posts/${entry.postId}`} className="inline-flex min-h-11 items-center text-accent-11 underline">
              {t("dealers:account.viewPost")}
            </Link>
          )}
          {entry.reversedById === null ? null : (
            <p className="font-medium text-warning-11">{t("dealers:account.reversedLabel")}</p>
          )}
          {mayReverse && entry.kind !== "REVERSAL" && entry.reversedById === null ? (
            openId === entry.id ? (
              <AccountForm
                id={`reverse-${entry.id}`}
                intent="account-reverse"
                schema={reversalSchema}
                result={reply?.entryId === entry.id ? reply.result : undefined}
                button={t("dealers:account.reverseEntry")}
                busyButton={t("dealers:account.reversing")}
                submissionKey={`${submissionKey}-reverse-${entry.id}`}
                hidden={{ entry: String(entry.id) }}
              >
                {(fields) => (
                  <TextField label={t("dealers:account.reverseReason")} field={fields.reason} maxLength={200} />
                )}
              </AccountForm>
            ) : (
              <Link
                to={`?reverse=${entry.id}#reverse-${entry.id}`}
                preventScrollReset
                className="inline-flex min-h-11 items-center text-accent-11 underline"
              >
                {t("dealers:account.reverse")}
              </Link>
            )
          ) : null}
        </li>
      ))}
    </ol>
  );
}
