import * as answers from "~/http/api-answers";
import { operation } from "~/http/api/operation.server";
import { currentTime } from "~/infra/clock.server";
import { replayHeaders, submissionKeyFromHeader } from "~/infra/idempotency.server";
import { DEALER_NOT_FOUND } from "~/models/dealer.server";
import {
  adjustmentSchema,
  creditTermsSchema,
  ledgerPageQuerySchema,
  openingBalanceSchema,
  reversalSchema,
} from "~/models/ledger.schema";
import {
  accountOfDealer,
  adjustAccount,
  ENTRY_NOT_FOUND,
  enteredAnswer,
  ledgerPage,
  openAccount,
  requireAccountToManage,
  requireAccountToRead,
  requireEntryToManage,
  reverseEntry,
  setCreditTerms,
  toAccountAnswer,
} from "~/models/ledger.server";

// A dealer's account through /api (decision 80): its figures, its ledger, and the entries a
// manager or an admin writes. Who may read or change an account is decided by the dealer's team
// (the model asks the policy), before the body is read.

const dealerId = { description: "Dealer id", example: 1, notFound: DEALER_NOT_FOUND };
const entryId = { description: "Ledger entry id", example: 1, notFound: ENTRY_NOT_FOUND };
const NO_STORE = { "Cache-Control": "no-store" };

/** 201 with the entry written (or, for a replayed Idempotency-Key, the first one's, saying so). */
function createdEntry({ value, replayed }: { value: { id: number }; replayed: boolean }): Response {
  return Response.json(enteredAnswer(value.id), {
    status: 201,
    headers: replayHeaders(replayed, NO_STORE),
  });
}

/** The dealer's account as of now. */
async function accountNow(id: number): Promise<Response> {
  const at = currentTime();
  return Response.json(toAccountAnswer(await accountOfDealer(id, at), at), { headers: NO_STORE });
}

const idempotencyNote =
  "With an `Idempotency-Key`, a repeat writes nothing and answers the first entry (201, `Idempotent-Replayed: true`); the key with another body answers 422.";

export const dealerAccountOperations = [
  operation({
    method: "get",
    path: "/api/dealers/{id}/account",
    summary:
      "The dealer's account now: balance, outstanding, overdue, ageing (0–30, 31–60, 61–90, over 90 days), credit limit and payment terms; the dealer's team's people, its managers and admins",
    tag: "Dealer accounts",
    access: "dealerAccount.read",
    pathParams: { id: dealerId },
    answer: { status: 200, description: "The account", schema: answers.dealerAccountAnswer },
    errors: [404],
    handler: async ({ user, params }) => {
      await requireAccountToRead(user, params.id);
      return accountNow(params.id);
    },
  }),
  operation({
    method: "get",
    path: "/api/dealers/{id}/ledger",
    summary:
      "The dealer's ledger entries, newest first, each with the balance after it; `before` (an answer's `next`) pages back",
    tag: "Dealer accounts",
    access: "dealerAccount.read",
    pathParams: { id: dealerId },
    query: ledgerPageQuerySchema,
    queryExample: { limit: "20" },
    answer: { status: 200, description: "A page of entries", schema: answers.ledgerPageAnswer },
    errors: [404],
    handler: async ({ user, params, query }) => {
      await requireAccountToRead(user, params.id);
      return Response.json(ledgerPage(params.id, query), { headers: NO_STORE });
    },
  }),
  operation({
    method: "post",
    path: "/api/dealers/{id}/adjustments",
    summary: `Adjust the dealer's account by a signed amount (a credit is negative), with why; the managers of its team and admins. ${idempotencyNote}`,
    tag: "Dealer accounts",
    access: "dealerAccount.manage",
    pathParams: { id: dealerId },
    body: { kind: "json", schema: adjustmentSchema, example: { amount: "-300.50", reason: "Damaged bags returned" } },
    answer: { status: 201, description: "The entry", schema: answers.ledgerEntryAnswer },
    errors: [404],
    idempotent: true,
    handler: async ({ request, user, params, body }) => {
      // A missing dealer (404) or one the caller does not manage (403) answers before the body is read.
      await requireAccountToManage(user, params.id);
      const key = submissionKeyFromHeader(request);
      return createdEntry(await adjustAccount(user, params.id, await body(), key));
    },
  }),
  operation({
    method: "post",
    path: "/api/dealers/{id}/opening-balance",
    summary: `Set the dealer's opening balance (what was owed before Fieldline); admins; 409 while another stands. ${idempotencyNote}`,
    tag: "Dealer accounts",
    access: "dealerAccount.open",
    pathParams: { id: dealerId },
    body: { kind: "json", schema: openingBalanceSchema, example: { amount: "125000.00", reason: "Ledger of 2026" } },
    answer: { status: 201, description: "The entry", schema: answers.ledgerEntryAnswer },
    errors: [404, 409],
    idempotent: true,
    handler: async ({ request, user, params, body }) => {
      const key = submissionKeyFromHeader(request);
      return createdEntry(await openAccount(user, params.id, await body(), key));
    },
  }),
  operation({
    method: "post",
    path: "/api/ledger/{id}/reversal",
    summary: `Reverse one entry exactly, with why (409 when already reversed, 422 for a reversal); the managers of the dealer's team and admins. ${idempotencyNote}`,
    tag: "Dealer accounts",
    access: "dealerAccount.manage",
    pathParams: { id: entryId },
    body: { kind: "json", schema: reversalSchema, example: { reason: "Entered twice" } },
    answer: { status: 201, description: "The reversal", schema: answers.ledgerEntryAnswer },
    errors: [404, 409],
    idempotent: true,
    handler: async ({ request, user, params, body }) => {
      // A missing entry (404) or one of a dealer the caller does not manage (403) answers before the body is read.
      await requireEntryToManage(user, params.id);
      const key = submissionKeyFromHeader(request);
      return createdEntry(await reverseEntry(user, params.id, await body(), key));
    },
  }),
  operation({
    method: "put",
    path: "/api/dealers/{id}/credit-terms",
    summary:
      "Set the dealer's credit limit and payment terms in days (omitted or null: no limit, the company's terms); the managers of its team and admins",
    tag: "Dealer accounts",
    access: "dealerAccount.manage",
    pathParams: { id: dealerId },
    body: { kind: "json", schema: creditTermsSchema, example: { creditLimit: "500000.00", paymentTermsDays: 45 } },
    answer: { status: 200, description: "The account with its new terms", schema: answers.dealerAccountAnswer },
    errors: [404],
    handler: async ({ user, params, body }) => {
      await requireAccountToManage(user, params.id);
      await setCreditTerms(user, params.id, await body());
      return accountNow(params.id);
    },
  }),
];
