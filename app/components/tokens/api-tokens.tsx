import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FieldErrors, FormErrors, TextField } from "~/components/forms";
import { Timestamp } from "~/components/timestamp";
import { CopyButton } from "~/components/copy-button";
import {
  type ApiTokenView,
  type CreatedToken,
  newTokenSchema,
  TOKEN_LIFETIMES_DAYS,
  type TokenScope,
} from "~/models/api-token.schema";
import { RichMessage, useT } from "~/browser/i18n";
import type { MessageKey } from "~/locales/namespaces";

// The API token forms of the profile (your own tokens) and of the admin page (a service
// account's): make one (shown once), list them with their last use, revoke one.

/** What each scope lets a token do, as the form offers it. */
const SCOPE_LABELS: Record<TokenScope, MessageKey> = {
  read: "people:tokens.scopeRead",
  write: "people:tokens.scopeWrite",
  admin: "people:tokens.scopeAdmin",
};

/** Hidden fields a form carries besides its own (the admin page's service account). */
type Hidden = Record<string, string>;

function HiddenFields({ hidden }: { hidden: Hidden }) {
  return Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

export function NewTokenForm({
  id,
  scopes,
  result,
  hidden = {},
}: {
  id: string;
  /** The scopes the owner may give (admin for an admin's tokens only). */
  scopes: readonly TokenScope[];
  result: SubmissionResult<string[]> | undefined;
  hidden?: Hidden;
}) {
  const navigation = useNavigation();
  const t = useT();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-token";
  const [form, fields] = useForm({
    id,
    lastResult: result,
    defaultValue: { scope: "read", expiresInDays: "" },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newTokenSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <FormErrors errors={form.errors} />
      <HiddenFields hidden={hidden} />
      <TextField
        label={t("people:tokens.name")}
        field={fields.name}
        maxLength={60}
        placeholder={t("people:tokens.namePlaceholder")}
      />
      <fieldset>
        <legend className="field-label">{t("people:tokens.scope")}</legend>
        <div className="space-y-1">
          {scopes.map((scope) => (
            <label key={scope} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.scope.name}
                value={scope}
                defaultChecked={(fields.scope.initialValue ?? "read") === scope}
              />
              {t(SCOPE_LABELS[scope])}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.scope.errorId} errors={fields.scope.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.expiresInDays.id} className="field-label">
          {t("people:tokens.expires")}
        </label>
        <select {...getSelectProps(fields.expiresInDays)} className="field-input">
          <option value="">{t("people:tokens.never")}</option>
          {TOKEN_LIFETIMES_DAYS.map((days) => (
            <option key={days} value={days}>
              {t("people:tokens.inDays", { days })}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.expiresInDays.errorId} errors={fields.expiresInDays.errors} />
      </div>
      <button type="submit" name="intent" value="create-token" className="btn-primary w-full" disabled={busy}>
        {busy ? t("people:tokens.creating") : t("people:tokens.create")}
      </button>
    </Form>
  );
}

/** The new token, shown this once: only its hash is kept. */
export function CreatedTokenNotice({ created }: { created: CreatedToken }) {
  const t = useT();
  return (
    <div className="space-y-2 rounded-lg border border-accent-7 bg-accent-2 p-3 text-sm" role="status">
      <p className="font-semibold">{t("people:tokens.created", { name: created.name })}</p>
      <p>
        <RichMessage id="people:tokens.copyNow" components={{ 0: <bdi dir="ltr" /> }} />
      </p>
      <label htmlFor="new-token" className="sr-only">
        {t("people:tokens.newToken")}
      </label>
      <div className="flex items-center gap-2">
        <input
          id="new-token"
          readOnly
          value={created.token}
          className="field-input w-full font-mono text-xs"
          dir="ltr"
        />
        <CopyButton text={created.token} label={t("people:tokens.copy")} />
      </div>
    </div>
  );
}

export function TokenList({
  tokens,
  hidden = {},
  now,
}: {
  tokens: ApiTokenView[];
  hidden?: Hidden;
  /** The server's time, so that expired shows the same on both sides. */
  now: string;
}) {
  const t = useT();
  if (tokens.length === 0) return <p className="text-sm text-gray-11">{t("people:tokens.empty")}</p>;
  return (
    <ul className="divide-y divide-gray-4" aria-label={t("people:tokens.listLabel")}>
      {tokens.map((token) => {
        const expired = token.expiresAt !== null && token.expiresAt <= now;
        return (
          <li key={token.id} className="flex items-start gap-3 py-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-words">{token.name}</p>
              <p className="text-xs text-gray-11">
                <bdi dir="ltr" className="font-mono">
                  {token.hint}…
                </bdi>{" "}
                · {token.scope}
                {expired ? <span className="text-danger-11"> · {t("people:tokens.expired")}</span> : null}
              </p>
              <p className="text-xs text-gray-11">
                {t("people:tokens.lastUsed")}{" "}
                {token.lastUsedAt ? <Timestamp at={token.lastUsedAt} /> : t("people:tokens.neverUsed")}
              </p>
              {token.expiresAt && !expired ? (
                <p className="text-xs text-gray-11">
                  {t("people:tokens.expiresOn")} <Timestamp at={token.expiresAt} withDate />
                </p>
              ) : null}
            </div>
            <Form method="post">
              <HiddenFields hidden={hidden} />
              <input type="hidden" name="tokenId" value={token.id} />
              <button
                type="submit"
                name="intent"
                value="revoke-token"
                className="btn-secondary px-3 text-sm text-danger-11"
                aria-label={t("people:tokens.revokeNamed", { name: token.name })}
              >
                {t("people:tokens.revoke")}
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
