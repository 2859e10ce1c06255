import { FieldErrors } from "~/components/forms";
import { CONFIRM_CREDIT_FIELD } from "~/lib/ledger";
import { useT } from "~/browser/i18n";

// A sale past the dealer's credit limit, or to a dealer with overdue money: the warning with what
// they owe, and "Post anyway", which sends the same form again confirmed (decision 82). Without
// JavaScript the server's answer shows it; with it, it shows as the sale is typed.

export function CreditWarning({
  warning,
  confirmable,
  errors,
}: {
  warning: string;
  /** False when the company's setting makes the limit refuse the sale: nothing to confirm. */
  confirmable: boolean;
  errors?: string[];
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-warning-11 bg-warning-3 p-3 text-sm text-warning-11"
    >
      <p className="font-semibold">{warning}</p>
      {confirmable ? (
        <label className="tap flex items-center gap-2 font-semibold">
          <input type="checkbox" id={CONFIRM_CREDIT_FIELD} name={CONFIRM_CREDIT_FIELD} value="yes" className="size-5" />
          {t("posts:credit.postAnyway")}
        </label>
      ) : null}
      <FieldErrors errors={errors} />
    </div>
  );
}
