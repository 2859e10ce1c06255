import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { appDate, appDayRange, currentTime } from "~/infra/clock.server";
import { hasUrlSignature, urlSignature } from "~/infra/url-signature.server";
import { AppError } from "~/lib/app-error";
import { DAY_MS, isCalendarDate } from "~/lib/calendar";
import { parseId } from "~/lib/ids";
import { centsToDecimal } from "~/lib/money";
import type { PostType, SaleProduct } from "~/lib/post-types";
import { STATEMENT_LINK_DAYS, type StatementPost } from "~/lib/statement";
import { formatLocalDate } from "~/lib/date-format";
import type { Dealer } from "~/models/dealer.schema";
import { requireDealer } from "~/models/dealer.server";
import type { LedgerEntryView } from "~/lib/ledger";
import { STATEMENT_PERIOD_INVALID, statementPeriodSchema, type StatementQuery } from "~/models/ledger.schema";
import type { MessageKey, Translate } from "~/locales/namespaces";
import type { Language } from "~/lib/languages";
import { LEDGER_KIND_KEYS } from "~/models/ledger-labels";
import { statementPostText } from "~/models/statement-words";
import { balanceBefore, ledgerEntries, requireAccountToRead, toLedgerEntryAnswer } from "~/models/ledger.server";
import type { Cell, ReportTable } from "~/models/report-view.server";
import type { Viewer } from "~/models/team-scope.server";

// A dealer's statement (issue 48, item 4): the entries of a period between its opening and closing
// balances, as a page, an /api answer and an .xlsx, and a share link for the dealer that needs no
// account. The link is signed, not stored (decision 83): it names the dealer, the period and when
// it expires, and nothing else; what it shows is the ledger as of the moment it is opened.

export const STATEMENT_LINK_NOT_FOUND: MessageKey = "dealers:errors.statementLinkNotFound";
/** Said with `{ days: STATEMENT_LINK_DAYS }`. */
export const STATEMENT_LINK_EXPIRED: MessageKey = "dealers:errors.statementLinkExpired";

/** Both days included, in the app's time zone. */
type StatementPeriod = { from: string; to: string };

type StatementLine = LedgerEntryView & { post: StatementPost | null };

export type Statement = {
  dealer: { id: number; businessName: string; address: string };
  period: StatementPeriod;
  /** The ledger only grows: the statement is the entries written before this moment. */
  asOf: Date;
  openingBalanceCents: bigint;
  entries: StatementLine[];
  debitsCents: bigint;
  creditsCents: bigint;
  closingBalanceCents: bigint;
};

/** The period asked for; a date left out is this month's first day or today (400 for a wrong period). */
function statementPeriod(query: StatementQuery, at = currentTime()): StatementPeriod {
  const today = appDate(at);
  const parsed = statementPeriodSchema.safeParse({
    from: query.from ?? `${today.slice(0, 8)}01`,
    to: query.to ?? today,
  });
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new AppError(400, issue?.message ?? STATEMENT_PERIOD_INVALID, { field: String(issue?.path[0] ?? "to") });
}

function addressOf(dealer: Dealer): string {
  return dealer.formattedAddress ?? [dealer.street, dealer.city, dealer.state].filter(Boolean).join(", ");
}

async function postsOf(entries: readonly LedgerEntryView[]): Promise<Map<number, StatementPost>> {
  const ids = [...new Set(entries.flatMap((entry) => (entry.postId === null ? [] : [entry.postId])))];
  const posts = await prisma.post.findMany({
    where: { id: { in: ids } },
    select: { id: true, type: true, saleProduct: true, saleQty: true, salePriceCents: true },
  });
  return new Map(
    posts.map((post) => [
      post.id,
      {
        id: post.id,
        type: post.type as PostType,
        product: post.saleProduct as SaleProduct | null,
        bags: post.saleQty,
        priceCents: post.salePriceCents,
      },
    ]),
  );
}

/** The dealer's statement of the period: no viewer is asked (the callers below decide who may see it). */
async function statementOf(dealer: Dealer, period: StatementPeriod): Promise<Statement> {
  const asOf = currentTime();
  const from = appDayRange(period.from).from;
  const to = appDayRange(period.to).to;
  const openingBalanceCents = balanceBefore(dealer.id, from);
  const entries = ledgerEntries(dealer.id, { from, to });
  const posts = await postsOf(entries);
  let debitsCents = 0n;
  let creditsCents = 0n;
  for (const entry of entries) {
    if (entry.amountCents > 0n) debitsCents += entry.amountCents;
    else creditsCents -= entry.amountCents;
  }
  return {
    dealer: { id: dealer.id, businessName: dealer.businessName, address: addressOf(dealer) },
    period,
    asOf,
    openingBalanceCents,
    entries: entries.map((entry) => ({
      ...entry,
      post:
        entry.postId === null
          ? null
          : (posts.get(entry.postId) ?? { id: entry.postId, type: null, product: null, bags: null, priceCents: null }),
    })),
    debitsCents,
    creditsCents,
    closingBalanceCents: openingBalanceCents + debitsCents - creditsCents,
  };
}

/** The statement of a dealer whose account the viewer may read (404, 403, 400 for a wrong period). */
export async function dealerStatement(viewer: Viewer, dealerId: number, query: StatementQuery): Promise<Statement> {
  const dealer = await requireAccountToRead(viewer, dealerId);
  return statementOf(dealer, statementPeriod(query));
}

// ---- Share links ----------------------------------------------------------------------------------

const LINK_PURPOSE = "statement";
const compactDate = (date: string) => date.replaceAll("-", "");
const calendarDate = (compact: string) => `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;

export type StatementLink = { token: string; url: string; expiresAt: Date };

/** A link to the statement of the period that anyone holding it may open for 7 days. */
export async function createStatementLink(
  viewer: Viewer,
  dealerId: number,
  query: StatementQuery,
): Promise<StatementLink> {
  await requireAccountToRead(viewer, dealerId);
  const period = statementPeriod(query);
  const expiresAt = new Date(Math.floor(currentTime().getTime() / 1000) * 1000 + STATEMENT_LINK_DAYS * DAY_MS);
  const payload = [dealerId, compactDate(period.from), compactDate(period.to), expiresAt.getTime() / 1000].join(".");
  const token = `${payload}.${urlSignature(LINK_PURPOSE, payload)}`;
  return { token, url: statementLinkUrl(token), expiresAt };
}

const statementLinkUrl = (token: string) => new URL(`/statement/${token}`, env.APP_URL).toString();

type LinkGrant = { dealerId: number; period: StatementPeriod; expiresAt: Date };

/** What a link grants: 404 when it is not one this server signed, 410 once it has expired. */
function statementLinkGrant(token: string): LinkGrant {
  const parts = token.split(".");
  const [dealerText, fromText, toText, expiresText, signature] = parts;
  const payload = parts.slice(0, 4).join(".");
  if (parts.length !== 5 || !hasUrlSignature(LINK_PURPOSE, payload, signature ?? ""))
    throw new AppError(404, STATEMENT_LINK_NOT_FOUND);
  const dealerId = parseId(dealerText);
  const period = { from: calendarDate(fromText ?? ""), to: calendarDate(toText ?? "") };
  const expires = Number(expiresText);
  if (dealerId === null || !isCalendarDate(period.from) || !isCalendarDate(period.to) || !Number.isSafeInteger(expires))
    throw new AppError(404, STATEMENT_LINK_NOT_FOUND);
  const expiresAt = new Date(expires * 1000);
  if (expiresAt.getTime() <= currentTime().getTime())
    throw new AppError(410, STATEMENT_LINK_EXPIRED, { values: { days: STATEMENT_LINK_DAYS } });
  return { dealerId, period, expiresAt };
}

/** A link just made for the dealer, shown again by the page it was made on (null: not a live link of this dealer's). */
export function madeStatementLink(dealerId: number, token: string): StatementLink | null {
  try {
    const grant = statementLinkGrant(token);
    return grant.dealerId === dealerId ? { token, url: statementLinkUrl(token), expiresAt: grant.expiresAt } : null;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/** The one statement a link shows, to anybody holding it, and when the link expires. */
export async function sharedStatement(token: string): Promise<{ statement: Statement; expiresAt: Date }> {
  const grant = statementLinkGrant(token);
  const dealer = await requireDealer(grant.dealerId).catch((error: unknown) => {
    // A link whose dealer is gone names nothing: the same answer as a link never made.
    throw error instanceof AppError ? new AppError(404, STATEMENT_LINK_NOT_FOUND) : error;
  });
  return { statement: await statementOf(dealer, grant.period), expiresAt: grant.expiresAt };
}

// ---- The statement as /api answers it and as an .xlsx ---------------------------------------------

export function toStatementAnswer(statement: Statement) {
  return {
    dealer: statement.dealer,
    period: statement.period,
    asOf: statement.asOf.toISOString(),
    openingBalance: centsToDecimal(statement.openingBalanceCents),
    entries: statement.entries.map((entry) => ({
      ...toLedgerEntryAnswer(entry),
      post: entry.post && {
        id: entry.post.id,
        type: entry.post.type,
        product: entry.post.product,
        bags: entry.post.bags,
        price: entry.post.priceCents === null ? null : centsToDecimal(entry.post.priceCents),
      },
    })),
    closingBalance: centsToDecimal(statement.closingBalanceCents),
    totals: { debits: centsToDecimal(statement.debitsCents), credits: centsToDecimal(statement.creditsCents) },
  };
}

const STATEMENT_COLUMNS: MessageKey[] = [
  "dealers:statement.date",
  "dealers:statement.entry",
  "dealers:statement.post",
  "dealers:statement.debit",
  "dealers:statement.credit",
  "dealers:statement.balance",
  "dealers:statement.reason",
];

const money = (cents: bigint): Cell => ({ kind: "money", value: Number(cents) / 100 });
const text = (value: string): Cell => ({ kind: "text", value });
const blankCell: Cell = { kind: "number", value: null, decimals: 0 };

/**
 * The statement as the report's files hold a table, in the words of `t` (the reader's language):
 * the opening row, one row an entry, the closing row.
 */
export function statementTable(statement: Statement, t: Translate): ReportTable {
  return {
    columns: STATEMENT_COLUMNS.map((column) => t(column)),
    rows: [
      [
        { kind: "date", value: statement.period.from },
        text(t("dealers:ledger.kind.opening")),
        text(""),
        blankCell,
        blankCell,
        money(statement.openingBalanceCents),
        text(""),
      ],
      ...statement.entries.map((entry): Cell[] => [
        { kind: "date", value: appDate(entry.at) },
        text(t(LEDGER_KIND_KEYS[entry.kind])),
        text(entry.post ? statementPostText(t, entry.post, env.CURRENCY_SYMBOL) : ""),
        entry.amountCents > 0n ? money(entry.amountCents) : blankCell,
        entry.amountCents < 0n ? money(-entry.amountCents) : blankCell,
        money(entry.balanceAfterCents),
        text(entry.reason ?? ""),
      ]),
    ],
    totals: [
      { kind: "date", value: statement.period.to },
      text(t("dealers:statement.closingBalance")),
      text(t("dealers:statement.totals")),
      money(statement.debitsCents),
      money(statement.creditsCents),
      money(statement.closingBalanceCents),
      text(""),
    ],
  };
}

/** "Statement of Ali Traders, 2026-11-01 to 2026-11-28, as of Nov 28, 2026, 2:05 PM", in `language` (`t`'s). */
export function statementTitle(statement: Statement, t: Translate, language: Language): string {
  const asOf = formatLocalDate(statement.asOf.toISOString(), env.APP_TIME_ZONE, { withTime: true, language });
  const { from, to } = statement.period;
  return t("dealers:statement.shareTitle", { name: statement.dealer.businessName, from, to, asOf });
}

export function statementFileName(statement: Statement): string {
  return `statement-dealer-${statement.dealer.id}-${statement.period.from}-to-${statement.period.to}.xlsx`;
}
