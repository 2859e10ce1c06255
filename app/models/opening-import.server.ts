import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { AppError } from "~/lib/app-error";
import { openAccounts, type OpeningRow } from "~/models/ledger.server";
import { openingBalanceSchema } from "~/models/ledger.schema";
import { authorize } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { normalizeHeader, readImportGrid } from "~/models/spreadsheet-import.server";
import type { Viewer } from "~/models/team-scope.server";
import type { ImportRowError, RowProblem } from "~/models/import-row-error";
import type { MessageKey } from "~/locales/namespaces";

// Opening balances from a spreadsheet (issue 48, decision 87): an admin's file of what each dealer
// owed before Fieldline. Every row is checked first; one row in error refuses the whole file, and
// the rows are then written together or not at all.

const NO_ROWS: MessageKey = "dealers:errors.noOpeningRows";

/** The file's columns: its format, which the template, the page and the messages name as they are. */
const COLUMNS = {
  dealerId: "Dealer ID",
  businessName: "Business Name",
  city: "City",
  amount: "Opening Balance",
  reason: "Reason",
} as const;
type Column = keyof typeof COLUMNS;

let template: Uint8Array<ArrayBuffer> | undefined;

/** The file to fill in: the columns' header and nothing to import by mistake (made once, kept). */
export async function openingTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  if (!template) {
    const XLSX = await import("@e965/xlsx");
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([Object.values(COLUMNS)]), "Opening balances");
    template = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
  }
  return template;
}

type SheetRow = { rowNumber: number; cells: Partial<Record<Column, string>> };

/** The file's rows by column, refused whole when it is no Excel file, too big, unreadable or lacks a column. */
async function readRows(bytes: Uint8Array): Promise<SheetRow[]> {
  const { firstRow, rows: grid } = await readImportGrid(bytes, NO_ROWS);
  const header = (grid[0] ?? []).map(normalizeHeader);
  const index = Object.fromEntries(
    Object.entries(COLUMNS).map(([column, label]) => [column, header.indexOf(normalizeHeader(label))]),
  ) as Record<Column, number>;
  const noAmount = index.amount < 0;
  const noDealer = index.dealerId < 0 && (index.businessName < 0 || index.city < 0);
  if (noAmount || noDealer) {
    const missing = noAmount && noDealer ? "both" : noAmount ? "amount" : "dealer";
    throw new AppError(400, "dealers:errors.missingOpeningColumns", { values: { missing } });
  }
  const rows = grid.slice(1).flatMap((cells, offset): SheetRow[] => {
    const values: Partial<Record<Column, string>> = {};
    for (const column of Object.keys(COLUMNS) as Column[]) {
      const text = index[column] >= 0 ? (cells[index[column]] ?? "").trim() : "";
      if (text !== "") values[column] = text;
    }
    return Object.keys(values).length > 0 ? [{ rowNumber: firstRow + offset + 2, cells: values }] : [];
  });
  if (rows.length === 0) throw new AppError(400, NO_ROWS);
  return rows;
}

type DealerName = { id: number; businessName: string; city: string };

/** The dealers the rows name, by id and by exact business name and city, in two reads. */
async function dealersNamed(rows: SheetRow[]) {
  const ids = rows.flatMap(({ cells }) =>
    cells.dealerId && /^\d{1,9}$/.test(cells.dealerId) ? [Number(cells.dealerId)] : [],
  );
  const names = rows.flatMap(({ cells }) => (cells.dealerId || !cells.businessName ? [] : [cells.businessName]));
  const select = { id: true, businessName: true, city: true } as const;
  const [byId, byName] = await Promise.all([
    prisma.dealer.findMany({ where: { id: { in: ids } }, select }),
    prisma.dealer.findMany({ where: { businessName: { in: names } }, select }),
  ]);
  return {
    withId: new Map(byId.map((dealer) => [dealer.id, dealer])),
    named: (businessName: string, city: string): DealerName[] =>
      byName.filter((dealer) => dealer.businessName === businessName && dealer.city === city),
  };
}

/** A row's dealer, or why it has none. */
function dealerOfRow({ cells }: SheetRow, dealers: Awaited<ReturnType<typeof dealersNamed>>): DealerName | RowProblem {
  if (cells.dealerId) {
    const dealer = /^\d{1,9}$/.test(cells.dealerId) ? dealers.withId.get(Number(cells.dealerId)) : undefined;
    return dealer ?? { message: "dealers:importErrors.dealerIdNotFound", values: { id: cells.dealerId } };
  }
  if (!cells.businessName || !cells.city) return { message: "dealers:importErrors.dealerRequired" };
  const found = dealers.named(cells.businessName, cells.city);
  if (found.length === 1) return found[0]!;
  const values = { name: cells.businessName, city: cells.city };
  return found.length === 0
    ? { message: "dealers:importErrors.noDealerNamed", values }
    : { message: "dealers:importErrors.manyDealersNamed", values: { ...values, count: found.length } };
}

export type OpeningImportResult = {
  total: number;
  opened: number;
  failed: number;
  replayed: boolean;
  errors: ImportRowError[];
};

/**
 * An admin's file of opening balances: every row checked ("Row 7: …"), then all written in one
 * transaction or none. The same file again writes nothing and answers what the first opened.
 */
export async function importOpeningBalances(viewer: Viewer, bytes: Uint8Array): Promise<OpeningImportResult> {
  authorize(await policyViewer(viewer), "dealerAccount.open");
  const rows = await readRows(bytes);
  const dealers = await dealersNamed(rows);
  const checked: OpeningRow[] = [];
  const errors: ImportRowError[] = [];
  const rowOfDealer = new Map<number, number>();
  for (const row of rows) {
    const problems: RowProblem[] = [];
    const dealer = dealerOfRow(row, dealers);
    const dealerRow = "id" in dealer ? rowOfDealer.get(dealer.id) : undefined;
    if (!("id" in dealer)) problems.push(dealer);
    else if (dealerRow !== undefined)
      problems.push({
        message: "dealers:importErrors.dealerTwice",
        values: { name: dealer.businessName, row: dealerRow },
      });
    else rowOfDealer.set(dealer.id, row.rowNumber);
    const input = openingBalanceSchema.safeParse({ amount: row.cells.amount ?? "", reason: row.cells.reason });
    if (row.cells.amount === undefined) problems.push({ message: "dealers:importErrors.openingRequired" });
    // The schema's messages are the catalogs' keys.
    else if (!input.success)
      problems.push(
        ...[...new Set(input.error.issues.map((issue) => issue.message as MessageKey))].map((message) => ({ message })),
      );
    if (problems.length > 0 || !("id" in dealer) || !input.success) errors.push({ row: row.rowNumber, problems });
    else
      checked.push({
        rowNumber: row.rowNumber,
        dealerId: dealer.id,
        dealerName: dealer.businessName,
        amount: input.data.amount,
        reason: input.data.reason ?? null,
      });
  }
  const refused = (lines: ImportRowError[]) => ({
    total: rows.length,
    opened: 0,
    failed: lines.length,
    replayed: false,
    errors: lines,
  });
  if (errors.length > 0) return refused(errors);
  const fileKey = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const answer = await openAccounts(viewer, checked, fileKey);
  if ("refusedRows" in answer) return refused(answer.refusedRows);
  return { total: rows.length, opened: answer.opened, failed: 0, replayed: answer.replayed, errors: [] };
}
