import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/webhooks";
import { AdminErrorView } from "~/components/access-denied";
import { guardRequest } from "~/browser/request-guard";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { requireAllowed } from "~/http/auth.server";
import { formCall, parseForm, readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { WEBHOOK_EVENTS } from "~/lib/change-events";
import { formatLocalDate } from "~/lib/date-format";
import { isFailedRequest } from "~/lib/failed-request";
import { idSchema } from "~/lib/ids";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { WEBHOOK_NOT_FOUND, type WebhookDeliveryView, webhookSchema } from "~/models/webhook.schema";
import { createWebhook, deleteWebhook, listWebhooks } from "~/models/webhook.server";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";
import type { Language } from "~/lib/languages";
import type { MessageKey } from "~/locales/namespaces";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "admin:webhooks.pageTitle") }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, "webhooks.manage");
  return { webhooks: await listWebhooks(), messages: pageMessages(args.context, "admin") };
}

type Values = { url: string; events: string[] };

/** `intent=create` (answers the secret to this page only, once) or `intent=delete` with the webhook's id. */
export async function action(args: Route.ActionArgs) {
  const admin = await requireAllowed(args, "webhooks.manage");
  const form = await readForm(args.request);
  switch (String(form.get("intent") ?? "")) {
    case "create": {
      const values: Values = {
        url: String(form.get("url") ?? ""),
        events: form.getAll("events").map(String),
      };
      const submission = parseForm(form, webhookSchema);
      if (submission.status !== "success") {
        const errors = Object.fromEntries(
          Object.entries(submission.error ?? {}).map(([field, messages]) => [field.split("[")[0], messages?.[0]]),
        );
        return data({ errors, values }, { status: 400 });
      }
      return formCall(
        async () => ({ created: await createWebhook(admin.id, submission.value) }),
        (error) =>
          data(
            { errors: { [error.field ?? "form"]: said(error.message, error.values) }, values },
            { status: error.status },
          ),
      );
    }
    case "delete": {
      const id = idSchema(WEBHOOK_NOT_FOUND).safeParse(form.get("id") ?? undefined);
      if (!id.success) return data({ errors: { form: said(WEBHOOK_NOT_FOUND) }, values: undefined }, { status: 404 });
      return formCall(
        async () => {
          await deleteWebhook(id.data);
          const t = requestTranslator(args.context, "admin");
          return redirectWithToast("/admin/webhooks", { title: t("admin:toast.webhookDeleted") });
        },
        (error) =>
          data({ errors: { form: said(error.message, error.values) }, values: undefined }, { status: error.status }),
      );
    }
    default:
      return data({ errors: { form: UNKNOWN_ACTION }, values: undefined }, { status: 400 });
  }
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: form.get("intent") === "delete" ? "common:failed.webhookDelete" : "common:failed.webhookAdd",
  }));

const STATUS_TEXT: Record<WebhookDeliveryView["status"], MessageKey> = {
  PENDING: "admin:webhooks.status.pending",
  DELIVERED: "admin:webhooks.status.delivered",
  FAILED: "admin:webhooks.status.failed",
};

function LastDelivery({
  delivery,
  timeZone,
  language,
}: {
  delivery: WebhookDeliveryView | null;
  timeZone: string;
  language: Language;
}) {
  const t = useT();
  if (!delivery) return <p className="text-sm text-gray-11">{t("admin:webhooks.noDeliveries")}</p>;
  const when = (iso: string | null) => (iso ? formatLocalDate(iso, timeZone, { withTime: true, language }) : "");
  const answer = delivery.lastStatus === null ? delivery.lastError : `HTTP ${delivery.lastStatus}`;
  return (
    <p className="text-sm" data-testid="last-delivery">
      {t("admin:webhooks.lastDelivery")} <strong>{t(STATUS_TEXT[delivery.status])}</strong> ·{" "}
      <code dir="ltr">{delivery.event}</code> · {t("admin:webhooks.attempts", { count: delivery.attempts })} · {answer}{" "}
      · {when(delivery.lastAttemptAt)}
      {delivery.status === "PENDING" && delivery.nextAttemptAt
        ? ` · ${t("admin:webhooks.nextTry", { when: when(delivery.nextAttemptAt) })}`
        : ""}
    </p>
  );
}

export default function Webhooks({ loaderData, actionData }: Route.ComponentProps) {
  const { webhooks } = loaderData;
  const timeZone = usePublicEnv().APP_TIME_ZONE;
  const language = useLanguage();
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const created = answer && "created" in answer ? answer.created : undefined;
  const errors: Record<string, string | undefined> = answer && "errors" in answer ? answer.errors : {};
  const values = answer && "values" in answer ? answer.values : undefined;
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-bold">{t("admin:webhooks.title")}</h1>
        <p className="text-sm text-gray-11">
          {t("admin:webhooks.about")}{" "}
          <Link to="/admin" className="link tap-line">
            {t("admin:back.dashboard")}
          </Link>
        </p>
      </header>

      {created ? (
        <div className="card space-y-2 border border-accent-7 bg-accent-2 text-sm" role="status">
          <p>{t("admin:webhooks.created")}</p>
          <label htmlFor="webhook-secret" className="sr-only">
            {t("admin:webhooks.secret")}
          </label>
          <input id="webhook-secret" dir="ltr" readOnly value={created.secret} className="field-input w-full text-xs" />
        </div>
      ) : null}
      {errors.form ? (
        <p role="alert" className="rounded-lg border border-danger-9 bg-danger-3 p-3 text-sm text-danger-11">
          {errors.form}
        </p>
      ) : null}

      {webhooks.length === 0 ? (
        <p className="card text-center text-gray-11">{t("admin:webhooks.none")}</p>
      ) : (
        <ul className="space-y-2" aria-label={t("admin:webhooks.title")}>
          {webhooks.map((webhook) => (
            <li key={webhook.id} className="card space-y-1 p-3" data-testid="webhook-card">
              <h2 dir="ltr" className="text-start font-semibold break-all">
                {webhook.url}
              </h2>
              <p className="text-sm text-gray-11">
                <code dir="ltr">{webhook.events.join(", ")}</code>
              </p>
              <LastDelivery delivery={webhook.lastDelivery} timeZone={timeZone} language={language} />
              <p className="text-sm text-gray-11">{t("admin:webhooks.waiting", { count: webhook.pending })}</p>
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={webhook.id} />
                <button
                  type="submit"
                  className="btn-secondary text-sm"
                  aria-label={t("admin:webhooks.deleteOne", { url: webhook.url })}
                >
                  {t("admin:webhooks.delete")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <section className="card space-y-3" aria-labelledby="new-webhook-title">
        <h2 id="new-webhook-title" className="font-semibold">
          {t("admin:webhooks.new")}
        </h2>
        {/* A new key after each webhook added: with JavaScript, the form is emptied as a new page would be. */}
        <Form key={created?.webhook.id ?? "new"} method="post" className="space-y-3">
          <input type="hidden" name="intent" value="create" />
          <div>
            <label htmlFor="webhook-url" className="field-label">
              {t("admin:webhooks.url")}
            </label>
            <input
              id="webhook-url"
              dir="ltr"
              name="url"
              type="url"
              required
              maxLength={2000}
              placeholder="https://"
              defaultValue={created ? "" : (values?.url ?? "")}
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? "webhook-url-error" : undefined}
              className="field-input"
            />
            {errors.url ? (
              <p id="webhook-url-error" className="mt-1 text-sm text-danger-11">
                {errors.url}
              </p>
            ) : null}
          </div>
          <fieldset>
            <legend className="field-label">{t("admin:webhooks.events")}</legend>
            <div className="grid grid-cols-2 gap-x-2">
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    className="size-5 shrink-0"
                    type="checkbox"
                    name="events"
                    value={event}
                    defaultChecked={!created && (values?.events.includes(event) ?? false)}
                  />
                  <code dir="ltr">{event}</code>
                </label>
              ))}
            </div>
            {errors.events ? <p className="mt-1 text-sm text-danger-11">{errors.events}</p> : null}
          </fieldset>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? t("admin:addUser.adding") : t("admin:webhooks.add")}
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="common:failed.loadWebhooks" />;
}
