import { calendarDateSchema, dayNumber } from "~/lib/calendar";
import { idSchema } from "~/lib/ids";
import { MAX_LEDGER_CENTS, MAX_TERMS_DAYS } from "~/lib/ledger";
import { parseMoneyToCents } from "~/lib/money";
import { z } from "~/lib/zod";
import type { MessageKey } from "~/locales/namespaces";

// A dealer account's inputs (decision 80), one schema each, shared by the pages' forms and /api.
// Amounts are decimal strings with two places ("1250.00", "-300.50" for a credit) read into cents.
// The messages are the catalogs' keys; the amount's and the terms' bounds are written in their
// words (MAX_LEDGER_CENTS, MAX_TERMS_DAYS; ledger.schema.test.ts holds them together).

export const AMOUNT_INVALID: MessageKey = "dealers:errors.amountInvalid";
export const AMOUNT_TOO_LARGE: MessageKey = "dealers:errors.amountTooLarge";
export const AMOUNT_ZERO: MessageKey = "dealers:errors.amountZero";
export const REASON_REQUIRED: MessageKey = "dealers:errors.reasonRequired";
export const TERMS_INVALID: MessageKey = "dealers:errors.termsInvalid";
export const ENTRY_ID_INVALID: MessageKey = "dealers:errors.entryIdInvalid";
export const DEALER_ID_INVALID: MessageKey = "dealers:errors.dealerIdInvalid";

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

/** An amount written plainly but with more whole digits than money is read with ("1000000000000000"). */
const TOO_MANY_DIGITS = /^\d{13,}(\.\d{1,2})?$/;

/** The cents of a non-negative amount, or the message saying why it is none. */
function readCents(text: string): number | MessageKey {
  const cents = parseMoneyToCents(text);
  if (cents === null) return TOO_MANY_DIGITS.test(text.replaceAll(",", "")) ? AMOUNT_TOO_LARGE : AMOUNT_INVALID;
  return cents > MAX_LEDGER_CENTS ? AMOUNT_TOO_LARGE : cents;
}

/** A signed amount ("-300.50" is a credit) in cents, neither zero nor past the bound. */
const signedCents = z
  .union([z.string(), z.number()], { error: AMOUNT_INVALID })
  .transform((value, ctx) => {
    const text = String(value).trim();
    const negative = text.startsWith("-");
    const cents = readCents(negative ? text.slice(1) : text);
    if (typeof cents === "string") {
      ctx.addIssue({ code: "custom", message: cents });
      return z.NEVER;
    }
    if (cents === 0) {
      ctx.addIssue({ code: "custom", message: AMOUNT_ZERO });
      return z.NEVER;
    }
    return BigInt(negative ? -cents : cents);
  })
  .meta({
    type: ["string", "number"],
    description: 'A signed amount with at most 2 decimals, like "-300.50" (a credit), as text or a number',
    example: "-300.50",
  });

/** A limit or an amount that is never negative, or nothing. */
const optionalCents = z.preprocess(
  blank,
  z
    .union([z.string(), z.number()], { error: AMOUNT_INVALID })
    .transform((value, ctx) => {
      const cents = readCents(String(value).trim());
      if (typeof cents === "string") {
        ctx.addIssue({ code: "custom", message: cents });
        return z.NEVER;
      }
      return BigInt(cents);
    })
    .optional(),
);

const reason = z.string({ error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(200, REASON_REQUIRED);

/** A manager's or admin's adjustment: a signed amount and why. */
export const adjustmentSchema = z.object({ amount: signedCents, reason });
export type AdjustmentInput = z.infer<typeof adjustmentSchema>;

/** An admin's opening balance: what the dealer owed (or, negative, had paid ahead) before Fieldline. */
export const openingBalanceSchema = z.object({
  amount: signedCents,
  reason: z.preprocess(blank, reason.optional()),
});
export type OpeningBalanceInput = z.infer<typeof openingBalanceSchema>;

/** A reversal of one entry, and why. */
export const reversalSchema = z.object({ reason });
export type ReversalInput = z.infer<typeof reversalSchema>;

/** A dealer's credit terms: a limit (none: no limit) and payment terms in days (none: the company's). */
export const creditTermsSchema = z.object({
  creditLimit: optionalCents,
  paymentTermsDays: z.preprocess(
    (value) => {
      const given = blank(value);
      return typeof given === "string" && /^\d{1,4}$/.test(given.trim()) ? Number(given) : given;
    },
    z
      .number({ error: TERMS_INVALID })
      .int(TERMS_INVALID)
      .min(0, TERMS_INVALID)
      .max(MAX_TERMS_DAYS, TERMS_INVALID)
      .optional(),
  ),
});
export type CreditTermsInput = z.infer<typeof creditTermsSchema>;

export const STATEMENT_PERIOD_INVALID: MessageKey = "dealers:errors.statementPeriodInvalid";
export const STATEMENT_PERIOD_TOO_LONG: MessageKey = "dealers:errors.statementPeriodTooLong";

/** A statement's period: `from` and `to` are calendar dates, both days included. */
export const statementPeriodSchema = z
  .object({ from: calendarDateSchema("from"), to: calendarDateSchema("to") })
  .superRefine(({ from, to }, ctx) => {
    if (dayNumber(to) < dayNumber(from))
      ctx.addIssue({ code: "custom", path: ["to"], message: STATEMENT_PERIOD_INVALID });
    else if (dayNumber(to) - dayNumber(from) > 3 * 366)
      ctx.addIssue({ code: "custom", path: ["to"], message: STATEMENT_PERIOD_TOO_LONG });
  });

export const entryIdSchema = idSchema(ENTRY_ID_INVALID);
export const dealerIdSchema = idSchema(DEALER_ID_INVALID);

// ---- accounts-api: a page of the ledger through /api ----

/** A ledger page's keyset: the last entry's `at` (epoch ms) and id, newest first. */
export type LedgerCursor = { at: number; id: number };

const CURSOR_INVALID = "before must be the next value of an earlier answer";
const LIMIT_INVALID = "limit must be a whole number from 1 to 100";

/** A cursor as `?before=` carries it: "1732260000000.123". */
export function encodeLedgerCursor(cursor: LedgerCursor): string {
  return `${cursor.at}.${cursor.id}`;
}

/** `GET /api/dealers/{id}/ledger`: entries newest first, `limit` a page (default 50, at most 100), before `before`. */
export const ledgerPageQuerySchema = z.object({
  before: z
    .string()
    .max(40)
    .transform((value, ctx): LedgerCursor => {
      const match = /^(\d{1,15})\.(\d{1,12})$/.exec(value);
      if (!match) {
        ctx.addIssue({ code: "custom", message: CURSOR_INVALID });
        return z.NEVER;
      }
      return { at: Number(match[1]), id: Number(match[2]) };
    })
    .optional()
    .meta({ type: "string", example: "1732260000000.123" }),
  limit: z.coerce
    .number({ error: LIMIT_INVALID })
    .int(LIMIT_INVALID)
    .min(1, LIMIT_INVALID)
    .max(100, LIMIT_INVALID)
    .default(50),
});
export type LedgerPageQuery = z.infer<typeof ledgerPageQuerySchema>;

// ---- New Post: the company's credit settings (decision 82) ---------------------------------------

/** The admin's credit settings: the payment terms of dealers without their own, and whether a limit blocks a sale. */
export const creditSettingsSchema = z.object({
  defaultTermsDays: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : blank(value)),
    z.number({ error: TERMS_INVALID }).int(TERMS_INVALID).min(0, TERMS_INVALID).max(MAX_TERMS_DAYS, TERMS_INVALID),
  ),
  // A checkbox: sent ("yes") when ticked, absent when not.
  limitBlocks: z.preprocess((value) => value === "yes" || value === true, z.boolean()),
});
// ---- The statement (issue 48, item 4) -----------------------------------------------------------

/**
 * A statement's period as a page's query, an /api query or a share link's body names it: either
 * date may be left out (this month in the app's time zone, to today); the two together are then
 * checked with statementPeriodSchema.
 */
export const statementQuerySchema = z.object({
  from: calendarDateSchema("from").optional(),
  to: calendarDateSchema("to").optional(),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;
