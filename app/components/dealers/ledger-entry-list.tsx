import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { usePublicEnv } from "~/browser/root-data";
import { TextField } from "~/components/forms";
import { AccountForm } from "~/components/dealers/account-form";
import { formatLocalDate } from "~/lib/date-format";
import { formatMoney } from "~/lib/money";
import { reversalSchema } from "~/models/ledger.schema";
import { LEDGER_KIND_LABELS, type LedgerEntryView } from "~/lib/ledger";

/** The reply to a reversal, and the entry it was for. */
export type ReversalReply = { entryId: number; result: SubmissionResult<string[]> };

/**
 * The account's newest entries, newest first: what, how much, the balance after it, when, who,
 * its post and why; a reversal form on each entry that can still be reversed, for its managers.
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
  const { CURRENCY_SYMBOL: currency, APP_TIME_ZONE: timeZone } = usePublicEnv();
  if (entries.length === 0) return <p className="text-sm text-gray-11">No entries yet.</p>;
  return (
    <ol className="divide-y divide-gray-4" aria-label="Recent entries">
      {entries.map((entry) => (
        <li key={entry.id} className="space-y-1 py-2 text-sm">
          <p className="flex items-baseline justify-between gap-2">
            <span className="font-medium">{LEDGER_KIND_LABELS[entry.kind]}</span>
            <span className="font-semibold tabular-nums">{formatMoney(entry.amountCents, currency)}</span>
          </p>
          <p className="flex items-baseline justify-between gap-2 text-gray-11">
            <span>
              {formatLocalDate(entry.at.toISOString(), timeZone)}
              {entry.createdBy ? ` · ${entry.createdBy.name}` : null}
            </span>
            <span className="tabular-nums">Balance {formatMoney(entry.balanceAfterCents, currency)}</span>
          </p>
          {entry.reason ? <p className="text-gray-11">{entry.reason}</p> : null}
          {entry.postId === null ? null : (
            <Link to={`/posts/${entry.postId}`} className="inline-flex min-h-11 items-center text-accent-11 underline">
              View post
            </Link>
          )}
          {entry.reversedById === null ? null : <p className="font-medium text-warning-11">Reversed</p>}
          {mayReverse && entry.kind !== "REVERSAL" && entry.reversedById === null ? (
            <details open={reply?.entryId === entry.id}>
              <summary className="inline-flex min-h-11 cursor-pointer items-center text-accent-11">Reverse</summary>
              <AccountForm
                id={`reverse-${entry.id}`}
                intent="account-reverse"
                schema={reversalSchema}
                result={reply?.entryId === entry.id ? reply.result : undefined}
                button="Reverse entry"
                busyButton="Reversing..."
                submissionKey={`${submissionKey}-reverse-${entry.id}`}
                hidden={{ entry: String(entry.id) }}
              >
                {(fields) => <TextField label="Reason for the reversal" field={fields.reason} maxLength={200} />}
              </AccountForm>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
