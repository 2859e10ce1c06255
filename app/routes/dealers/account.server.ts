import { data } from "react-router";
import type { z } from "zod";
import { formCall, parseForm, replyWithError } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { submissionKeyFromForm } from "~/infra/idempotency.server";
import {
  adjustmentSchema,
  creditTermsSchema,
  entryIdSchema,
  openingBalanceSchema,
  reversalSchema,
} from "~/models/ledger.schema";
import { adjustAccount, ENTRY_NOT_FOUND, openAccount, reverseEntry, setCreditTerms } from "~/models/ledger.server";
import type { Viewer } from "~/models/team-scope.server";
import type { Translate } from "~/locales/namespaces";

// The dealer page's account forms (issue 48): adjust, reverse an entry, credit terms, opening balance.

type AccountIntent = "account-adjust" | "account-reverse" | "account-terms" | "account-open";

/**
 * One account form of the dealer's page: a success goes back to the account with the spec's kind of
 * toast; a refusal (bad input 400, or the model's 403/404/409/422) comes back to the form that sent
 * it, with its message and what was typed, and nothing written.
 */
export async function accountAction(
  viewer: Viewer,
  dealerId: number,
  intent: AccountIntent,
  form: FormData,
  t: Translate,
) {
  const key = submissionKeyFromForm(form);
  switch (intent) {
    case "account-adjust":
      return save(dealerId, form, { intent }, adjustmentSchema, async (input) => {
        await adjustAccount(viewer, dealerId, input, key);
        return t("dealers:account.adjusted");
      });
    case "account-terms":
      return save(dealerId, form, { intent }, creditTermsSchema, async (input) => {
        await setCreditTerms(viewer, dealerId, input);
        return t("dealers:account.termsUpdated");
      });
    case "account-open":
      return save(dealerId, form, { intent }, openingBalanceSchema, async (input) => {
        await openAccount(viewer, dealerId, input, key);
        return t("dealers:account.opened");
      });
    case "account-reverse": {
      const entry = entryIdSchema.safeParse(form.get("entry"));
      // A malformed entry names no entry: refused above the page, as no form of it sent that.
      if (!entry.success) return data({ intent, result: null, error: ENTRY_NOT_FOUND }, { status: 404 });
      const entryId = entry.data;
      return save(dealerId, form, { intent, entryId }, reversalSchema, async (input) => {
        await reverseEntry(viewer, entryId, input, key);
        return t("dealers:account.reversed");
      });
    }
  }
}

async function save<Schema extends z.ZodType>(
  dealerId: number,
  form: FormData,
  reply: { intent: AccountIntent; entryId?: number },
  schema: Schema,
  write: (input: z.output<Schema>) => Promise<string>,
) {
  const submission = parseForm(form, schema);
  if (submission.status !== "success")
    return data({ ...reply, result: submission.reply(), error: null }, { status: 400 });
  return formCall(
    async () => redirectWithToast(`/dealer-details/${dealerId}#account`, { title: await write(submission.value) }),
    (error) => data({ ...reply, result: replyWithError(submission, error), error: null }, { status: error.status }),
  );
}
