import { z } from "zod";
import { operation } from "~/http/api/operation.server";
import { LEDGER_KINDS } from "~/lib/ledger";
import { POST_TYPES, SALE_PRODUCTS } from "~/lib/post-types";
import { DEALER_NOT_FOUND } from "~/models/dealer.server";
import { statementQuerySchema } from "~/models/ledger.schema";
import { createStatementLink, dealerStatement, toStatementAnswer } from "~/models/ledger-statement.server";

// A dealer's statement through /api (issue 48, item 4): the period's entries between its opening
// and closing balances, and a share link for the dealer. Whoever may read the dealer's account
// (the model asks the policy's dealerAccount.read of the dealer).

const dealerId = { description: "Dealer id", example: 1, notFound: DEALER_NOT_FOUND };
const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("Decimal amount with 2 places, as text");
const timestamp = z.iso.datetime().describe("ISO 8601 time, UTC");
const calendarDate = z.string().describe("yyyy-MM-dd, Asia/Karachi");

const statementEntryAnswer = z
  .looseObject({
    id: z.number().int(),
    dealerId: z.number().int(),
    kind: z.enum(LEDGER_KINDS),
    amount: money.describe("Signed: more than 0 a debit (the dealer owes more), less than 0 a credit"),
    balanceAfter: money,
    at: timestamp,
    postId: z.number().int().nullable(),
    reversesId: z.number().int().nullable(),
    reversedById: z.number().int().nullable(),
    reason: z.string().nullable(),
    createdBy: z.looseObject({ id: z.number().int(), name: z.string() }).nullable(),
    post: z
      .looseObject({
        id: z.number().int(),
        type: z.enum(POST_TYPES).nullable().describe("null: the post was deleted (its entries are reversed)"),
        product: z.enum(SALE_PRODUCTS).nullable(),
        bags: z.number().int().nullable(),
        price: money.nullable(),
      })
      .nullable(),
  })
  .meta({ id: "StatementEntry" });

const statementAnswer = z
  .looseObject({
    dealer: z.looseObject({ id: z.number().int(), businessName: z.string(), address: z.string() }),
    period: z.looseObject({ from: calendarDate, to: calendarDate }),
    asOf: timestamp.describe("The ledger only grows: the entries written before this moment"),
    openingBalance: money,
    entries: z.array(statementEntryAnswer),
    closingBalance: money,
    totals: z.looseObject({ debits: money, credits: money }),
  })
  .meta({ id: "Statement" });

const statementLinkAnswer = z
  .looseObject({
    url: z.url().describe("Opens this one statement without an account, until it expires"),
    expiresAt: timestamp,
  })
  .meta({ id: "StatementLink" });

export const statementOperations = [
  operation({
    method: "get",
    path: "/api/dealers/{id}/statement",
    summary:
      "A dealer's statement of a period (from and to, both included; by default this month to today): opening balance, every entry with its post, closing balance and totals",
    tag: "Dealer accounts",
    access: "dealerAccount.read",
    pathParams: { id: dealerId },
    query: statementQuerySchema,
    queryExample: { from: "2026-11-01", to: "2026-11-30" },
    answer: { status: 200, description: "The statement", schema: statementAnswer },
    errors: [400, 404],
    handler: async ({ user, params, query }) =>
      Response.json(toStatementAnswer(await dealerStatement(user, params.id, query))),
  }),
  operation({
    method: "post",
    path: "/api/dealers/{id}/statement-links",
    summary:
      "A link to a dealer's statement of a period that anyone holding it may open without an account, for 7 days (to send to the dealer)",
    tag: "Dealer accounts",
    access: "dealerAccount.read",
    pathParams: { id: dealerId },
    body: { kind: "json", schema: statementQuerySchema, example: { from: "2026-11-01", to: "2026-11-30" } },
    answer: { status: 201, description: "The link", schema: statementLinkAnswer },
    errors: [400, 404],
    handler: async ({ user, params, body }) => {
      const link = await createStatementLink(user, params.id, await body());
      return Response.json({ url: link.url, expiresAt: link.expiresAt.toISOString() }, { status: 201 });
    },
  }),
];
