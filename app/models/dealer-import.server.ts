import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { LRUCache } from "lru-cache";
import { unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod/v4";
import { prisma } from "~/db.server";
import { AppError } from "~/lib/app-error";
import { Prisma } from "~/generated/prisma/client";
import { FILE_TOO_LARGE, hasExcelName, IMPORT_MAX_BYTES, NOT_EXCEL } from "~/lib/dealer-import";
import { PROVINCES } from "~/lib/provinces";
import type { MessageKey, Translate } from "~/locales/namespaces";
import {
  ALREADY_IN_DIRECTORY_BY_CITY,
  ALREADY_IN_DIRECTORY_BY_PHONE,
  type ImportRowError,
  type KeptRowError,
  keptRowErrorLine,
  type RowProblem,
} from "~/models/import-row-error";
import { type DealerInput, dealerSchema, matchProvince, UPLOAD_NOT_FOUND } from "~/models/dealer.schema";
import { type FoundPlace, locateAddress } from "~/models/geocode.server";
import { duplicateKey } from "~/models/dealer.server";
import { readStoredFile } from "~/infra/storage.server";
import { keepUpload, releaseUploads } from "~/models/media.server";
import { loadTerritories } from "~/models/team.server";
import { type Audience, audienceHas, EVERYONE, homeAudience } from "~/models/team-scope.server";
import { placeKey, type Territory, territoryTeam } from "~/models/team.rules";
import {
  checkXlsxZip,
  parseSpreadsheet,
  type SpreadsheetType,
  spreadsheetTypeOf,
  UNPACKS_TOO_LARGE,
  UNREADABLE,
} from "~/infra/spreadsheet-file.server";
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_ROWS,
  normalizeHeader,
  TOO_MANY_ROWS,
} from "~/models/spreadsheet-import.server";

// Dealer import from .xlsx / .xls: every row goes through the dealer form's own schema.

// The file's name, size and their messages are checked in the browser's dialog too.
export { FILE_TOO_LARGE, hasExcelName, IMPORT_MAX_BYTES, NOT_EXCEL };
export { UNPACKS_TOO_LARGE, UNREADABLE };
export const IMPORT_BATCH_SIZE = 10;

const NO_ROWS: MessageKey = "dealers:errors.noDealerRows";

/** The sample of 76 dealers that ships with the app: the only server file an import may name. */
export const SAMPLE_IMPORT_FILE = "samples/dealers-sample.xlsx";
const SAMPLE_FILE_PATH = path.resolve("prisma/seed-data/dealers-sample.xlsx");

export type ImportResult = { total: number; successful: number; failed: number; errors: KeptRowError[] };

type Field = keyof DealerInput;
/**
 * The spreadsheet's columns, the form fields they fill, whether each is required, and its plain
 * name (the template's header, also accepted). Latitude and Longitude left empty: the dealer is
 * placed from its address (placeRow).
 */
const IMPORT_COLUMNS = [
  ["business_name", "businessName", true, "Business Name"],
  ["owner_first_name", "ownerFirstName", false, "Owner First Name"],
  ["owner_last_name", "ownerLastName", false, "Owner Last Name"],
  ["phone", "phone", false, "Phone"],
  ["email", "email", false, "Email"],
  ["street", "street", true, "Street"],
  ["City", "city", true, "City"],
  ["State", "state", true, "State"],
  ["postal_code", "postalCode", false, "Postal Code"],
  ["lat", "lat", false, "Latitude"],
  ["lng", "lng", false, "Longitude"],
  ["formatted_address", "formattedAddress", false, "Formatted Address"],
] as const satisfies ReadonlyArray<readonly [string, Field, boolean, string]>;

const LABEL_OF = new Map<Field, string>(IMPORT_COLUMNS.map(([, field, , label]) => [field, label]));

let template: Uint8Array<ArrayBuffer> | undefined;

/**
 * The import template: a header row of the columns' plain names, nothing to import by mistake
 * (made once, kept). SheetJS loads on the first request, not with the server.
 */
export async function importTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  if (!template) {
    const XLSX = await import("@e965/xlsx");
    const sheet = XLSX.utils.aoa_to_sheet([IMPORT_COLUMNS.map(([, , , label]) => label)]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "Dealers");
    template = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer);
  }
  return template;
}

/** The file's own header of each column it has (errors name columns as the file does). */
type ColumnNames = Partial<Record<Field, string>>;

/** `team`: the optional Team (or Territory) column's text, a team's name. */
export type SheetRow = {
  rowNumber: number;
  values: Partial<Record<Field, string>>;
  team?: string;
  columns: ColumnNames;
};

/** A column as errors name it: the file's header, else the template's. */
const columnName = (field: Field, columns: ColumnNames) => columns[field] ?? LABEL_OF.get(field) ?? field;

/** The optional column naming the dealer's team by hand (headers "Team" or "Territory"). */
const TEAM_HEADERS = new Set(["team", "territory"]);

/**
 * The dealer rows of the first sheet, each with its spreadsheet row number. Refuses files that
 * are not Excel by their bytes, unpack too large, cannot be parsed, lack columns or hold more
 * than IMPORT_MAX_ROWS rows. Formulas are never evaluated: a cell counts by its cached value.
 */
export async function readDealerRows(bytes: Uint8Array): Promise<SheetRow[]> {
  if (bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError(413, FILE_TOO_LARGE);
  const type = spreadsheetTypeOf(bytes);
  if (!type) throw new AppError(415, NOT_EXCEL);
  const hash = crypto.createHash("sha256").update(bytes).digest("hex");
  const known = failedFiles.get(hash);
  if (known) throw new AppError(known.status, known.message, { values: known.values });
  try {
    return await parseDealerRows(bytes, type);
  } catch (error) {
    if (error instanceof AppError && error.status !== 429) rememberFailure(hash, error);
    throw error;
  }
}

/**
 * The answer to every file that failed to read, by the SHA-256 of its bytes, so the same file is
 * refused again without parsing, whichever door it comes through (the page form posts bytes that
 * have no Upload row; a re-upload gets a new uploadId). In memory, the 1,000 most recently seen:
 * after a restart a file costs one more bounded parse.
 */
const failedFiles = new LRUCache<string, { status: AppError["status"]; message: string; values?: AppError["values"] }>({
  max: 1000,
});

function rememberFailure(hash: string, error: AppError): void {
  failedFiles.set(hash, { status: error.status, message: error.message, values: error.values });
}

async function parseDealerRows(bytes: Uint8Array, type: SpreadsheetType): Promise<SheetRow[]> {
  // An .xlsx is a zip: refused before SheetJS sees it unless it is honest and small when unpacked.
  // An .xls (an OLE compound file) has no such check: the worker's limits are its guard.
  if (type === "xlsx") await checkXlsxZip(bytes);
  const { firstRow, rows: grid } = await parseSpreadsheet(bytes, {
    maxRows: IMPORT_MAX_ROWS,
    maxCellChars: IMPORT_MAX_CELL_CHARS,
    noRows: NO_ROWS,
  });
  const header = (grid[0] ?? []).map((cell) => normalizeHeader(cell));
  const columnIndex = new Map<Field, number>();
  const columns: ColumnNames = {};
  for (const [column, field, , label] of IMPORT_COLUMNS) {
    const index = header.findIndex((name) => name === normalizeHeader(column) || name === normalizeHeader(label));
    if (index < 0) continue;
    columnIndex.set(field, index);
    columns[field] = grid[0]?.[index]?.trim() || label;
  }
  const teamColumn = header.findIndex((name) => TEAM_HEADERS.has(name));
  if (grid.length - 1 > IMPORT_MAX_ROWS) throw new AppError(413, TOO_MANY_ROWS);
  const missing = IMPORT_COLUMNS.filter(([, field, required]) => required && !columnIndex.has(field)).map(
    ([, , , label]) => label,
  );
  if (missing.length > 0)
    throw new AppError(400, "dealers:errors.missingColumns", { values: { columns: missing.join(", ") } });

  const rows: SheetRow[] = [];
  for (let index = 1; index < grid.length; index++) {
    const cells = grid[index] ?? [];
    const values: Partial<Record<Field, string>> = {};
    let empty = true;
    for (const [field, column] of columnIndex) {
      const text = cells[column] ?? "";
      if (text !== "") {
        values[field] = text;
        empty = false;
      }
    }
    const team = teamColumn >= 0 ? (cells[teamColumn] ?? "").trim() : "";
    if (!empty) rows.push({ rowNumber: firstRow + index + 1, values, columns, ...(team ? { team } : {}) });
  }
  if (rows.length === 0) throw new AppError(400, NO_ROWS);
  return rows;
}

const rowSchema = coerceFormValue(dealerSchema);

type CheckedRow =
  | {
      ok: true;
      rowNumber: number;
      dealer: DealerInput;
      team: { teamId: number | null; teamSetByHand: boolean };
      /** Placed from its address (placeRow), not from coordinates in the file. */
      approximate: boolean;
    }
  | { ok: false; rowNumber: number; error: ImportRowError };

/**
 * The company's teams as the import reads them: territories, ids by name (case ignored), and the
 * teams the importer may put a dealer in (as the dealer form: their own and those they lead, any
 * for an admin or for the app itself).
 */
type ImportTeams = { territories: Territory[]; byName: Map<string, number>; choosable: Audience };

async function loadImportTeams(userId: number | null): Promise<ImportTeams> {
  const [territories, names, importer] = await Promise.all([
    loadTerritories(),
    prisma.team.findMany({ select: { id: true, name: true } }),
    userId === null
      ? null
      : prisma.user.findUnique({ where: { id: userId }, select: { id: true, role: true, teamId: true } }),
  ]);
  return {
    territories,
    byName: new Map(names.map((team) => [placeKey(team.name), team.id])),
    choosable: importer ? await homeAudience(importer) : EVERYONE,
  };
}

/**
 * One row through the form's schema; its problems read "<column> is required" or the form's message.
 * A Team cell names the dealer's team by hand (`Team "X" not found` when no team has that name,
 * a row error too when the importer may not choose it); without one, the dealer's address chooses
 * (territoryTeam).
 */
function checkRow({ rowNumber, values, team, columns }: SheetRow, teams: ImportTeams): CheckedRow {
  const input: Record<string, string | undefined> = { ...values };
  if (values.state) input.state = matchProvince(values.state) ?? values.state;
  const messages: RowProblem[] = [];
  const namedTeam = team === undefined ? undefined : teams.byName.get(placeKey(team));
  if (team !== undefined && namedTeam === undefined)
    messages.push({ message: "dealers:importErrors.teamNotFound", values: { team } });
  else if (team !== undefined && namedTeam !== undefined && !audienceHas(teams.choosable, namedTeam))
    messages.push({ message: "dealers:importErrors.teamNotYours", values: { team } });
  const parsed = rowSchema.safeParse(input);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "") as Field;
      if (seen.has(field)) continue;
      seen.add(field);
      const column = columnName(field, columns);
      const given = values[field];
      if (given === undefined) messages.push({ message: "dealers:importErrors.required", values: { column } });
      else if (field === "lat") messages.push({ message: "dealers:importErrors.latitudeInvalid", values: { column } });
      else if (field === "lng") messages.push({ message: "dealers:importErrors.longitudeInvalid", values: { column } });
      else if (field === "state")
        messages.push({ message: "dealers:importErrors.stateInvalid", values: { provinces: PROVINCES.join(", ") } });
      // The dealer form's own messages are the catalogs' keys.
      else messages.push({ message: issue.message as MessageKey });
    }
  }
  if (messages.length > 0 || !parsed.success) {
    return { ok: false, rowNumber, error: { row: rowNumber, problems: messages } };
  }
  const dealer = parsed.data as DealerInput;
  return {
    ok: true,
    rowNumber,
    dealer,
    approximate: false,
    team:
      namedTeam === undefined
        ? { teamId: territoryTeam(teams.territories, dealer), teamSetByHand: false }
        : { teamId: namedTeam, teamSetByHand: true },
  };
}

/**
 * The most geocoder searches one import makes, and the time after which it starts no more: the
 * geocoder answers one request a second, so an import of many rows without coordinates would
 * otherwise hold its request for minutes. Past either, rows are placed from the town table alone
 * (the town's centre; a town not in it fails its row). Decision 46.
 */
type GeocoderBounds = { searches: number; budgetMs: number };
const IMPORT_GEOCODER_BOUNDS: GeocoderBounds = { searches: 15, budgetMs: 15_000 };

type Placer = (values: SheetRow["values"]) => Promise<FoundPlace | null>;

/** One import's way of placing addresses: each address asked once (identical ones share the answer), within `bounds`. */
function importPlacer(bounds: GeocoderBounds): Placer {
  const started = Date.now();
  let searches = 0;
  const known = new Map<string, Promise<FoundPlace | null>>();
  return (values) => {
    const text = [values.street, values.city, values.state]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(", ");
    const key = text.toLowerCase().replace(/\s+/g, " ");
    let found = known.get(key);
    if (!found) {
      const provider = searches < bounds.searches && Date.now() - started < bounds.budgetMs;
      if (provider) searches += 1;
      const hints = values.city ? { town: values.city, province: matchProvince(values.state ?? "") } : {};
      found = locateAddress(text, hints, { provider });
      known.set(key, found);
    }
    return found;
  };
}

/** The row with a place's coordinates (and its address, when the row has none). */
function withPlace(row: SheetRow, place: Pick<FoundPlace, "lat" | "lng" | "address">): SheetRow {
  return {
    ...row,
    values: {
      ...row.values,
      lat: place.lat.toFixed(6),
      lng: place.lng.toFixed(6),
      formattedAddress: row.values.formattedAddress ?? place.address,
    },
  };
}

/** Stands in for the place while the rest of a row without coordinates is checked (no search for a row that fails anyway). */
const NO_PLACE_YET = { lat: 0, lng: 0, address: "" };

/**
 * A row checked as checkRow does; one without coordinates is placed from its street, city and
 * province (the geocoder, else the town table) once the rest of it passes, and marked approximate,
 * as Add Dealer does without a map.
 */
async function placeRow(row: SheetRow, teams: ImportTeams, place: Placer): Promise<CheckedRow> {
  if (row.values.lat !== undefined || row.values.lng !== undefined) return checkRow(row, teams);
  const rest = checkRow(withPlace(row, NO_PLACE_YET), teams);
  if (!rest.ok) return rest;
  const found = await place(row.values);
  if (!found) {
    const name = (field: Field) => columnName(field, row.columns);
    const values = { street: name("street"), city: name("city"), lat: name("lat"), lng: name("lng") };
    return {
      ok: false,
      rowNumber: row.rowNumber,
      error: { row: row.rowNumber, problems: [{ message: "dealers:importErrors.addressNotFound", values }] },
    };
  }
  const checked = checkRow(withPlace(row, found), teams);
  return checked.ok ? { ...checked, approximate: true } : checked;
}

type ExistingDealer = { businessName: string; phone: string | null; city: string };

/**
 * Checks (and places) every row before anything is written, so an import never waits on the
 * geocoder halfway through its writes; then writes the good ones in batches of IMPORT_BATCH_SIZE,
 * each batch one transaction that looks for duplicates among the dealers already saved (and
 * earlier rows of the file) before it creates the rest. Importing the same file twice creates
 * nothing the second time.
 */
async function importDealerRows(
  rows: SheetRow[],
  userId: number | null,
  bounds: GeocoderBounds,
): Promise<ImportResult> {
  const errors: Array<{ rowNumber: number; error: ImportRowError }> = [];
  const valid: Array<Extract<CheckedRow, { ok: true }>> = [];
  const teams = await loadImportTeams(userId);
  const place = importPlacer(bounds);
  for (const row of rows) {
    // One at a time: the geocoder answers one search a second.
    const checked = await placeRow(row, teams, place);
    if (checked.ok) valid.push(checked);
    else errors.push(checked);
  }

  const seenInFile = new Set<string>();
  let successful = 0;
  for (let start = 0; start < valid.length; start += IMPORT_BATCH_SIZE) {
    const batch = valid.slice(start, start + IMPORT_BATCH_SIZE);
    const names = [...new Set(batch.map((row) => row.dealer.businessName.trim().toLowerCase()))];
    const created = await prisma.$transaction(async (tx) => {
      const existing = await tx.$queryRaw<ExistingDealer[]>`
        SELECT businessName, phone, city FROM Dealer WHERE lower(trim(businessName)) IN (${Prisma.join(names)})`;
      const taken = new Set(existing.map(duplicateKey));
      const fresh: typeof batch = [];
      for (const row of batch) {
        const key = duplicateKey(row.dealer);
        if (taken.has(key) || seenInFile.has(key)) {
          const problem: RowProblem = {
            message: row.dealer.phone ? ALREADY_IN_DIRECTORY_BY_PHONE : ALREADY_IN_DIRECTORY_BY_CITY,
          };
          errors.push({ rowNumber: row.rowNumber, error: { row: row.rowNumber, problems: [problem] } });
        } else {
          fresh.push(row);
        }
        seenInFile.add(key);
      }
      if (fresh.length > 0) {
        // One multi-row INSERT: Prisma's createMany costs several milliseconds per batch here (over
        // 5 s for 10,000 rows). Timestamps are epoch ms.
        const now = Date.now();
        const values = fresh.map(
          ({ dealer, team, approximate }) =>
            Prisma.sql`(${Prisma.join([
              dealer.businessName,
              dealer.ownerFirstName || null,
              dealer.ownerLastName || null,
              dealer.phone || null,
              dealer.email || null,
              dealer.street,
              dealer.city,
              dealer.state,
              dealer.postalCode || null,
              dealer.notes || null,
              dealer.lat,
              dealer.lng,
              dealer.formattedAddress || null,
              userId,
              now,
              now,
              team.teamId,
              team.teamSetByHand ? 1 : 0,
              approximate ? 1 : 0,
            ])})`,
        );
        await tx.$executeRaw`
          INSERT INTO Dealer (businessName, ownerFirstName, ownerLastName, phone, email, street, city, state, postalCode, notes,
                              lat, lng, formattedAddress, createdById, createdAt, updatedAt, teamId, teamSetByHand, locationApproximate)
          VALUES ${Prisma.join(values)}`;
      }
      return fresh.length;
    });
    successful += created;
  }

  errors.sort((a, b) => a.rowNumber - b.rowNumber);
  return {
    total: rows.length,
    successful,
    failed: rows.length - successful,
    errors: errors.map((entry) => entry.error),
  };
}

export type RecordedImport = ImportResult & { importId: number };

/** `geocoder`: the bounds on placing rows without coordinates (IMPORT_GEOCODER_BOUNDS unless a test says). */
type ImportSource = { fileName: string; userId: number | null; uploadId?: string; geocoder?: GeocoderBounds };

/** Reads, checks and imports a spreadsheet, and keeps a record of the result. */
export async function importDealerFile(
  bytes: Uint8Array,
  { fileName, userId, uploadId, geocoder = IMPORT_GEOCODER_BOUNDS }: ImportSource,
): Promise<RecordedImport> {
  const rows = await readDealerRows(bytes);
  const result = await importDealerRows(rows, userId, geocoder);
  const record = await prisma.dealerImport.create({
    select: { id: true },
    data: {
      userId,
      uploadId: uploadId ?? null,
      fileName: fileName.slice(0, 200),
      total: result.total,
      successful: result.successful,
      failed: result.failed,
      errors: JSON.stringify(result.errors.slice(0, 1000)),
    },
  });
  return { ...result, importId: record.id };
}

/** A recorded import of this user, for the page that shows its result after the redirect. */
export async function getImportRecord(id: number, userId: number): Promise<ImportResult | null> {
  if (!Number.isSafeInteger(id)) return null;
  const row = await prisma.dealerImport.findFirst({ where: { id, userId }, select: importRecordSelect });
  return row ? importResultOf(row) : null;
}

const importRecordSelect = { id: true, total: true, successful: true, failed: true, errors: true } as const;

function importResultOf(row: {
  id: number;
  total: number;
  successful: number;
  failed: number;
  errors: string;
}): RecordedImport {
  let errors: KeptRowError[] = [];
  try {
    const parsed: unknown = JSON.parse(row.errors);
    if (Array.isArray(parsed)) errors = parsed.filter(isKeptRowError);
  } catch {
    errors = [];
  }
  return { total: row.total, successful: row.successful, failed: row.failed, errors, importId: row.id };
}

function isKeptRowError(value: unknown): value is KeptRowError {
  return (
    typeof value === "string" ||
    (typeof value === "object" &&
      value !== null &&
      "row" in value &&
      "problems" in value &&
      Array.isArray(value.problems))
  );
}

/** /api's answer: the counts, and the row errors' lines in English (`english`: the English translator). */
export function toImportAnswer({ total, successful, failed, errors }: ImportResult, english: Translate) {
  return { total, successful, failed, errors: errors.map((error) => keptRowErrorLine(english, error)) };
}

/** Keeps an uploaded spreadsheet for a later import; answers its uploadId. */
export async function saveImportUpload(file: { name: string; bytes: Uint8Array }, userId: number): Promise<string> {
  if (file.bytes.byteLength > IMPORT_MAX_BYTES) throw new AppError(413, FILE_TOO_LARGE);
  const type = spreadsheetTypeOf(file.bytes);
  if (!type || !hasExcelName(file.name)) throw new AppError(415, NOT_EXCEL);
  const id = crypto.randomUUID();
  await keepUpload(userId, id, file.bytes, {
    originalName: file.name.slice(0, 200),
    folder: "imports",
    extension: type,
    mimeType:
      type === "xlsx"
        ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        : "application/vnd.ms-excel",
  });
  return id;
}

const importsRunning = new Map<string, Promise<RecordedImport>>();

/**
 * Imports a file uploaded earlier by the same user; the file is deleted once the import is done or
 * failed (the import record stays). Imported again (a retry whose first answer never came), it
 * answers the first import's result, waiting for it if it is still running.
 */
export function importUpload(uploadId: string, userId: number): Promise<RecordedImport> {
  const running = `${userId}:${uploadId}`;
  let answer = importsRunning.get(running);
  if (!answer) {
    answer = recordedOrImported(uploadId, userId).finally(() => importsRunning.delete(running));
    importsRunning.set(running, answer);
  }
  return answer;
}

async function recordedOrImported(uploadId: string, userId: number): Promise<RecordedImport> {
  const done = await prisma.dealerImport.findUnique({
    where: { userId_uploadId: { userId, uploadId } },
    select: importRecordSelect,
  });
  if (done) return importResultOf(done);
  const upload = await prisma.upload.findFirst({
    where: { id: uploadId, userId },
    select: { storageKey: true, originalName: true },
  });
  if (!upload) throw new AppError(404, UPLOAD_NOT_FOUND);
  try {
    const bytes = await readStoredFile(upload.storageKey);
    return await importDealerFile(bytes, { fileName: upload.originalName, userId, uploadId });
  } finally {
    await releaseUploads([{ id: uploadId, key: upload.storageKey }]);
  }
}

/** Imports the sample of 76 dealers that ships with the app (ADMIN only; checked by the caller). */
export async function importSampleFile(userId: number): Promise<RecordedImport> {
  const bytes = await fs.readFile(SAMPLE_FILE_PATH);
  return importDealerFile(bytes, { fileName: path.basename(SAMPLE_FILE_PATH), userId });
}
