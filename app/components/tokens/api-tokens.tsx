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
  SCOPE_LABELS,
  TOKEN_LIFETIMES_DAYS,
  type TokenScope,
} from "~/models/api-token.schema";

// The API token forms of the profile (your own tokens) and of the admin page (a service
// account's): make one (shown once), list them with their last use, revoke one.

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
      <TextField label="Token name" field={fields.name} maxLength={60} placeholder="e.g. Sales sheet sync" />
      <fieldset>
        <legend className="field-label">Scope</legend>
        <div className="space-y-1">
          {scopes.map((scope) => (
            <label key={scope} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.scope.name}
                value={scope}
                defaultChecked={(fields.scope.initialValue ?? "read") === scope}
              />
              {SCOPE_LABELS[scope]}
            </label>
          ))}
        </div>
        <FieldErrors id={fields.scope.errorId} errors={fields.scope.errors} />
      </fieldset>
      <div>
        <label htmlFor={fields.expiresInDays.id} className="field-label">
          Expires
        </label>
        <select {...getSelectProps(fields.expiresInDays)} className="field-input">
          <option value="">Never (until revoked)</option>
          {TOKEN_LIFETIMES_DAYS.map((days) => (
            <option key={days} value={days}>
              In {days} days
            </option>
          ))}
        </select>
        <FieldErrors id={fields.expiresInDays.errorId} errors={fields.expiresInDays.errors} />
      </div>
      <button type="submit" name="intent" value="create-token" className="btn-primary w-full" disabled={busy}>
        {busy ? "Creating..." : "Create token"}
      </button>
    </Form>
  );
}

/** The new token, shown this once: only its hash is kept. */
export function CreatedTokenNotice({ created }: { created: CreatedToken }) {
  return (
    <div className="space-y-2 rounded-lg border border-accent-7 bg-accent-2 p-3 text-sm" role="status">
      <p className="font-semibold">Token “{created.name}” created</p>
      <p>Copy it now: it is not shown again. Send it as Authorization: Bearer &lt;token&gt;.</p>
      <label htmlFor="new-token" className="sr-only">
        New API token
      </label>
      <div className="flex items-center gap-2">
        <input id="new-token" readOnly value={created.token} className="field-input w-full font-mono text-xs" />
        <CopyButton text={created.token} label="Copy token" />
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
  if (tokens.length === 0) return <p className="text-sm text-gray-11">No API tokens yet.</p>;
  return (
    <ul className="divide-y divide-gray-4" aria-label="API tokens">
      {tokens.map((token) => {
        const expired = token.expiresAt !== null && token.expiresAt <= now;
        return (
          <li key={token.id} className="flex items-start gap-3 py-3">
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium break-words">{token.name}</p>
              <p className="text-xs text-gray-11">
                <span className="font-mono">{token.hint}…</span> · {token.scope}
                {expired ? <span className="text-danger-11"> · expired</span> : null}
              </p>
              <p className="text-xs text-gray-11">
                Last used: {token.lastUsedAt ? <Timestamp at={token.lastUsedAt} /> : "never"}
              </p>
              {token.expiresAt && !expired ? (
                <p className="text-xs text-gray-11">
                  Expires <Timestamp at={token.expiresAt} withDate />
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
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
