import type { SubmissionResult } from "@conform-to/react";
import { Link } from "react-router";
import { FormErrors, TextField } from "~/components/forms";
import { AccountForm } from "~/components/dealers/account-form";
import { AccountSummaryView } from "~/components/dealers/account-summary";
import { LedgerEntryList } from "~/components/dealers/ledger-entry-list";
import type { AccountSummary, LedgerEntryView } from "~/lib/ledger";
import { centsToDecimal } from "~/lib/money";
import { adjustmentSchema, creditTermsSchema, openingBalanceSchema } from "~/models/ledger.schema";
import { useT } from "~/browser/i18n";

/** What the dealer's page shows of the account, and what its viewer may do to it. */
type AccountView = {
  account: AccountSummary;
  entries: LedgerEntryView[];
  updatedAt: string;
  mayManage: boolean;
  mayOpen: boolean;
  /** The dealer's own payment terms (null: the company's), for the credit terms form. */
  ownTermsDays: number | null;
};

/** The page action's answer that came back (a refusal): the account's forms read theirs by `intent`. */
type ActionReply = { intent: string | null; entryId?: number; result: SubmissionResult<string[]> | null };

/**
 * The dealer's account on their page: the figures, the forms of whoever manages it (adjust, credit
 * terms) or opens it (admins: the opening balance), the newest entries and the statement's link.
 * Every form is a plain POST, so all of it works without JavaScript.
 */
export function DealerAccount({
  view,
  dealerId,
  submissionKey,
  reply,
}: {
  view: AccountView;
  dealerId: number;
  submissionKey: string;
  reply: ActionReply | undefined;
}) {
  const t = useT();
  const amountHint = t("dealers:account.amountHint");
  const resultOf = (intent: string) => (reply?.intent === intent ? (reply.result ?? undefined) : undefined);
  const reversal =
    reply?.intent === "account-reverse" && reply.entryId !== undefined && reply.result
      ? { entryId: reply.entryId, result: reply.result }
      : undefined;
  return (
    <section id="account" className="card space-y-3" aria-labelledby="dealer-account">
      <h2 id="dealer-account" className="font-semibold">
        {t("dealers:account.title")}
      </h2>
      <AccountSummaryView account={view.account} updatedAt={view.updatedAt} />
      {view.mayManage ? (
        <>
          <details open={resultOf("account-adjust") !== undefined}>
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
              {t("dealers:account.adjust")}
            </summary>
            <AccountForm
              id="account-adjust"
              intent="account-adjust"
              schema={adjustmentSchema}
              result={resultOf("account-adjust")}
              button={t("dealers:account.adjust")}
              busyButton={t("dealers:account.adjusting")}
              submissionKey={`${submissionKey}-adjust`}
            >
              {(fields) => (
                <>
                  <TextField
                    label={t("dealers:account.amount")}
                    field={fields.amount}
                    inputMode="decimal"
                    dir="ltr"
                    hint={amountHint}
                  />
                  <TextField label={t("dealers:account.adjustReason")} field={fields.reason} maxLength={200} />
                </>
              )}
            </AccountForm>
          </details>
          <details open={resultOf("account-terms") !== undefined}>
            <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
              {t("dealers:account.terms")}
            </summary>
            <AccountForm
              id="account-terms"
              intent="account-terms"
              schema={creditTermsSchema}
              result={resultOf("account-terms")}
              button={t("dealers:account.saveTerms")}
              busyButton={t("dealers:account.saving")}
              defaultValue={{
                creditLimit:
                  view.account.creditLimitCents === null ? "" : centsToDecimal(view.account.creditLimitCents),
                paymentTermsDays: view.ownTermsDays === null ? "" : String(view.ownTermsDays),
              }}
            >
              {(fields) => (
                <>
                  <TextField
                    label={t("dealers:account.creditLimit")}
                    field={fields.creditLimit}
                    inputMode="decimal"
                    dir="ltr"
                    hint={t("dealers:account.creditLimitHint")}
                  />
                  <TextField
                    label={t("dealers:account.paymentTermsDays")}
                    field={fields.paymentTermsDays}
                    inputMode="numeric"
                    dir="ltr"
                    hint={t("dealers:account.paymentTermsHint")}
                  />
                </>
              )}
            </AccountForm>
          </details>
        </>
      ) : null}
      {view.mayOpen ? (
        <details open={resultOf("account-open") !== undefined}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">
            {t("dealers:account.openingBalance")}
          </summary>
          <AccountForm
            id="account-open"
            intent="account-open"
            schema={openingBalanceSchema}
            result={resultOf("account-open")}
            button={t("dealers:account.setOpening")}
            busyButton={t("dealers:account.saving")}
            submissionKey={`${submissionKey}-open`}
          >
            {(fields) => (
              <>
                <TextField
                  label={t("dealers:account.openingBalance")}
                  field={fields.amount}
                  inputMode="decimal"
                  dir="ltr"
                  hint={amountHint}
                />
                <TextField label={t("dealers:account.note")} field={fields.reason} maxLength={200} />
              </>
            )}
          </AccountForm>
        </details>
      ) : null}
      <h3 className="font-medium">{t("dealers:account.recentEntries")}</h3>
      {/* A reversal refused for an entry the list does not show (another dealer's, an older one). */}
      {reversal && !view.entries.some((entry) => entry.id === reversal.entryId) ? (
        <FormErrors errors={reversal.result.error?.[""] ?? undefined} />
      ) : null}
      <LedgerEntryList
        entries={view.entries}
        mayReverse={view.mayManage}
        submissionKey={submissionKey}
        reply={reversal}
      />
      <Link to={`/dealer-details/${dealerId}/statement`} className="btn-secondary w-full">
        {t("dealers:account.fullStatement")}
      </Link>
    </section>
  );
}
