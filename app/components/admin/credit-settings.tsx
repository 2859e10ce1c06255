import { Form, useNavigation } from "react-router";
import { useT } from "~/browser/i18n";

/** The company's credit terms: the default payment terms of a dealer, and whether a credit limit blocks a sale. */
export function CreditSettingsForm({
  settings,
  error,
}: {
  settings: { defaultTermsDays: number; limitBlocks: boolean };
  error: string | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-credit";
  return (
    <section id="credit" className="card scroll-mt-16 space-y-3" aria-labelledby="credit-title">
      <h2 id="credit-title" className="font-semibold">
        {t("admin:credit.title")}
      </h2>
      <Form method="post" className="space-y-3">
        <div>
          <label htmlFor="credit-terms" className="text-sm font-medium">
            {t("admin:credit.terms")}
          </label>
          <input
            id="credit-terms"
            name="defaultTermsDays"
            type="number"
            inputMode="numeric"
            min={0}
            max={365}
            defaultValue={settings.defaultTermsDays}
            className="field-input mt-1 w-full text-sm"
            aria-describedby={error ? "credit-error" : "credit-terms-hint"}
          />
          <p id="credit-terms-hint" className="mt-1 text-xs text-gray-11">
            {t("admin:credit.termsHint")}
          </p>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="limitBlocks"
            value="yes"
            defaultChecked={settings.limitBlocks}
            className="size-5 shrink-0"
          />
          <span>{t("admin:credit.limitBlocks")}</span>
        </label>
        {error ? (
          <p id="credit-error" role="alert" className="text-sm text-danger-11">
            {error}
          </p>
        ) : null}
        <button type="submit" name="intent" value="save-credit" className="btn-secondary px-3 text-sm" disabled={busy}>
          {busy ? t("admin:form.saving") : t("admin:form.save")}
        </button>
      </Form>
    </section>
  );
}
