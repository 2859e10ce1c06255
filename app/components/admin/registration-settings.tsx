import { Form, useNavigation } from "react-router";
import { REGISTRATION_MODES, type RegistrationMode } from "~/lib/registration-modes";
import type { RegistrationSettings } from "~/models/registration.schema";
import { useT } from "~/browser/i18n";
import type { MessageKey } from "~/locales/namespaces";

const MODE_LABELS: Record<RegistrationMode, MessageKey> = {
  open: "admin:registration.open",
  approval: "admin:registration.approval",
  domains: "admin:registration.domains",
  invite: "admin:registration.invite",
};

/** Who may join: the admin's choice of registration mode, and the company's email domains. */
export function RegistrationSettingsForm({
  settings,
  error,
}: {
  settings: RegistrationSettings;
  error: string | undefined;
}) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-registration";
  return (
    <section id="registration" className="card scroll-mt-16 space-y-3" aria-labelledby="registration-title">
      <h2 id="registration-title" className="font-semibold">
        {t("admin:registration.title")}
      </h2>
      <Form method="post" className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="sr-only">{t("admin:registration.legend")}</legend>
          {REGISTRATION_MODES.map((mode) => (
            <label key={mode} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="mode"
                value={mode}
                defaultChecked={settings.mode === mode}
                className="size-5 shrink-0"
              />
              <span>{t(MODE_LABELS[mode])}</span>
            </label>
          ))}
        </fieldset>
        <div>
          <label htmlFor="registration-domains" className="text-sm font-medium">
            {t("admin:registration.domainsLabel")}
          </label>
          <textarea
            id="registration-domains"
            name="domains"
            rows={2}
            maxLength={2000}
            defaultValue={settings.domains.join("\n")}
            dir="ltr"
            placeholder="example.com.pk"
            className="field-input mt-1 w-full text-sm"
            aria-describedby={error ? "registration-error" : undefined}
          />
        </div>
        {error ? (
          <p id="registration-error" role="alert" className="text-sm text-danger-11">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="save-registration"
          className="btn-secondary px-3 text-sm"
          disabled={busy}
        >
          {busy ? t("admin:form.saving") : t("admin:form.save")}
        </button>
      </Form>
    </section>
  );
}
