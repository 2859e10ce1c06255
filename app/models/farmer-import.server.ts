import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import { CROP_LABELS, CROPS } from "~/lib/crops";
import { FARMER_IMPORT_HEADER } from "~/lib/farmer-import";
import { parseId } from "~/lib/ids";
import { FARMER_COLUMN_NAMES, FARMER_COLUMNS_HELP, farmerSchema, type FarmerInput } from "~/models/farmer.schema";
import { DEALER_UNKNOWN } from "~/models/farmers.server";
import { authorize, can, ownTeamIds, seesEveryone, type PolicyViewer } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { importTemplate, type ImportRow, normalizeHeader, readImportRows } from "~/models/spreadsheet-import.server";
import type { Viewer } from "~/models/team-scope.server";
import type { MessageKey, Translate } from "~/locales/namespaces";

// Farmers from a spreadsheet (issue 50, decision 99): a manager's file for a team they lead, an
// admin's for any team. Every row goes through the farmer's one schema and the register's rules
// (a phone names one farmer); one row in error refuses the whole file, and the rows are then
// written together, all belonging to the team chosen. Its messages are the farmers catalog's keys
// (decision 101); a row's errors are said by the caller's `say`, in the reader's language on the
// page and in English on /api.

const NO_ROWS = "farmers:errors.noRows";
export const CHOOSE_TEAM = "farmers:errors.chooseTeam";
export const IMPORT_TEAM_UNKNOWN = "farmers:errors.teamNotFound";
const PHONE_TAKEN_MEANWHILE = "farmers:errors.phoneTakenMeanwhile";

type Column = keyof typeof INPUT_OF;

/** Each column's field of the farmer's schema, in the template's order (FARMER_IMPORT_HEADER). */
const INPUT_OF = {
  name: "name",
  phone: "phone",
  village: "village",
  tehsil: "tehsil",
  district: "district",
  land: "landAcres",
  crops: "mainCrops",
  dealer: "dealerId",
} as const;

/** Each column by the headers it goes by: the template's label, and its /api field name. */
const COLUMN_OF_HEADER = new Map<string, Column>(
  (Object.keys(INPUT_OF) as Column[]).flatMap((column, at): Array<[string, Column]> => [
    [normalizeHeader(FARMER_IMPORT_HEADER[at]!), column],
    [normalizeHeader(INPUT_OF[column]), column],
  ]),
);
const REQUIRED: Column[] = ["name", "tehsil", "district", "land"];

/** A crop by its label ("Wheat") or its /api name ("wheat"), as the imports compare headers. */
const CROP_OF_NAME = new Map(
  CROPS.flatMap((crop) => [
    [normalizeHeader(CROP_LABELS[crop]), crop],
    [normalizeHeader(crop), crop],
  ]),
);

/**
 * The file to fill in: the header and an example row; a second sheet says how to fill it, in the
 * reader's language (only the first is read, its header always as the import reads it).
 */
export async function farmerTemplate(say: Translate) {
  const example = ["Ghulam Rasool", "0300 1234567", "Chak 45", "Sahiwal", "Sahiwal", 12.5, "Wheat, Cotton", ""];
  // The page marks the columns' names as code (<0>…</0>); a sheet's cell is plain text.
  const help = FARMER_COLUMNS_HELP.map((line) => say(line, FARMER_COLUMN_NAMES).replace(/<\/?\d+>/g, ""));
  return importTemplate("Farmers", [[...FARMER_IMPORT_HEADER], example], help);
}

type SheetRow = ImportRow<Column>;

/**
 * The file's rows by column (readImportRows), refused whole when it lacks the name, tehsil,
 * district or land.
 */
function readFarmerRows(bytes: Uint8Array): Promise<SheetRow[]> {
  return readImportRows(bytes, {
    columnOf: COLUMN_OF_HEADER,
    headers: FARMER_IMPORT_HEADER,
    missing: (found) =>
      REQUIRED.filter((column) => !found.has(column)).map(
        (column) => FARMER_IMPORT_HEADER[Object.keys(INPUT_OF).indexOf(column)]!,
      ),
    noRows: NO_ROWS,
  });
}

/** The teams `viewer` may import farmers for: every team for an admin, the teams a manager leads. */
export async function farmerImportTeams(viewer: Viewer): Promise<Array<{ id: number; name: string }>> {
  const rules = await policyViewer(viewer);
  const teams = await prisma.team.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
  return teams.filter((team) => can(rules, "farmers.import", { teamId: team.id }));
}

/** The team named (one the viewer may import for), or the only one they may: otherwise 400, choose. */
async function importTeamOf(viewer: Viewer, rules: PolicyViewer, team: number | undefined): Promise<number> {
  if (team === undefined) {
    const teams = await farmerImportTeams(viewer);
    if (teams.length === 1) return teams[0]!.id;
    throw new AppError(400, CHOOSE_TEAM, { field: "team" });
  }
  authorize(rules, "farmers.import", { teamId: team });
  const found = await prisma.team.findUnique({ where: { id: team }, select: { id: true } });
  if (!found) throw new AppError(400, IMPORT_TEAM_UNKNOWN, { field: "team" });
  return team;
}

/** Values a read looks up at most, well within SQLite's bound on a statement's variables. */
const VALUES_A_READ = 500;

async function inChunks<T>(values: T[], read: (chunk: T[]) => Promise<void>): Promise<void> {
  const unique = [...new Set(values)];
  for (let start = 0; start < unique.length; start += VALUES_A_READ)
    await read(unique.slice(start, start + VALUES_A_READ));
}

/**
 * The dealers the file names, by the cell's text: a dealer's id, or its exact business name when
 * one dealer alone has it. A name several dealers share is `"ambiguous"` (the row asks for the id).
 */
async function dealersByCell(cells: string[]): Promise<Map<string, number | "ambiguous">> {
  const found = new Map<string, number | "ambiguous">();
  const ids = cells.flatMap((cell) => {
    const id = parseId(cell);
    return id === null ? [] : [id];
  });
  await inChunks(ids, async (chunk) => {
    const dealers = await prisma.dealer.findMany({ where: { id: { in: chunk } }, select: { id: true } });
    for (const { id } of dealers) found.set(String(id), id);
  });
  await inChunks(
    cells.filter((cell) => parseId(cell) === null),
    async (chunk) => {
      const dealers = await prisma.dealer.findMany({
        where: { businessName: { in: chunk } },
        select: { id: true, businessName: true },
      });
      for (const { id, businessName } of dealers) found.set(businessName, found.has(businessName) ? "ambiguous" : id);
    },
  );
  return found;
}

/** The farmers who have these phones: their name when the viewer works with them, null otherwise. */
async function phoneHolders(viewer: Viewer, rules: PolicyViewer, phones: string[]) {
  const holders = new Map<string, string | null>();
  const own = new Set(ownTeamIds(rules));
  await inChunks(phones, async (chunk) => {
    const farmers = await prisma.farmer.findMany({
      where: { phone: { in: chunk } },
      select: { phone: true, name: true, teamId: true },
    });
    for (const farmer of farmers)
      if (farmer.phone)
        holders.set(
          farmer.phone,
          seesEveryone(viewer) || (farmer.teamId !== null && own.has(farmer.teamId)) ? farmer.name : null,
        );
  });
  return holders;
}

/**
 * The row's cells as the farmer's schema reads a form: crops by label or name, the dealer by id or
 * name; what is wrong with the dealer said by `say`.
 */
function inputOf(cells: SheetRow["cells"], dealers: Map<string, number | "ambiguous">, say: Translate) {
  const { crops, dealer, ...rest } = cells;
  const messages: string[] = [];
  let dealerId: string | undefined;
  if (dealer !== undefined) {
    const found = dealers.get(dealer);
    if (found === undefined)
      messages.push(
        parseId(dealer) === null ? say("farmers:errors.row.noDealerNamed", { dealer }) : say(DEALER_UNKNOWN),
      );
    else if (found === "ambiguous") messages.push(say("farmers:errors.row.dealerNameShared", { dealer }));
    else dealerId = String(found);
  }
  const mainCrops = (crops ?? "")
    .split(/[,;]/)
    .map((crop) => crop.trim())
    .filter((crop) => crop !== "")
    .map((crop) => CROP_OF_NAME.get(normalizeHeader(crop)) ?? crop);
  const input = Object.fromEntries(
    Object.entries({ ...rest, mainCrops, dealerId }).map(([column, value]) => [
      column in INPUT_OF ? INPUT_OF[column as Column] : column,
      value,
    ]),
  );
  return { input, messages };
}

export type FarmerImportResult = {
  /** Rows read. */
  total: number;
  /** Farmers added. */
  farmers: number;
  failed: number;
  /** "Row 7: …", said by the import's `say`. */
  errors: string[];
};

/**
 * A file of farmers for `team` (the only team the viewer may import for, when none is named):
 * every row checked ("Row 7: …", said by `say`) through the farmer's schema; a dealer by id or
 * exact business name; a phone neither another farmer's nor twice in the file. Then all rows
 * written in one transaction, or none.
 */
export async function importFarmers(
  viewer: Viewer,
  bytes: Uint8Array,
  { team, say }: { team?: number; say: Translate },
): Promise<FarmerImportResult> {
  const rules = await policyViewer(viewer);
  authorize(rules, "farmers.import");
  const teamId = await importTeamOf(viewer, rules, team);
  const rows = await readFarmerRows(bytes);
  const dealers = await dealersByCell(rows.flatMap(({ cells }) => (cells.dealer ? [cells.dealer] : [])));
  const parsed = rows.map(({ rowNumber, cells }) => {
    const { input, messages } = inputOf(cells, dealers, say);
    const farmer = farmerSchema.safeParse(input);
    // The schema's messages are the catalog's keys.
    if (!farmer.success)
      messages.push(...new Set(farmer.error.issues.map((issue) => say(issue.message as MessageKey))));
    return { rowNumber, messages, farmer: farmer.success ? farmer.data : null };
  });
  const holders = await phoneHolders(
    viewer,
    rules,
    parsed.flatMap(({ farmer }) => (farmer?.phone ? [farmer.phone] : [])),
  );
  const rowOfPhone = new Map<string, number>();
  const checked: FarmerInput[] = [];
  const errors: string[] = [];
  for (const { rowNumber, messages, farmer } of parsed) {
    const phone = farmer?.phone;
    if (phone) {
      const earlier = rowOfPhone.get(phone);
      if (earlier !== undefined) messages.push(say("farmers:errors.row.phoneTwice", { phone, earlier }));
      else rowOfPhone.set(phone, rowNumber);
      if (holders.has(phone)) {
        const name = holders.get(phone);
        messages.push(
          name
            ? say("farmers:errors.row.phoneOfFarmer", { phone, name })
            : say("farmers:errors.row.phoneOfAnotherTeam", { phone }),
        );
      }
    }
    if (messages.length > 0 || !farmer)
      errors.push(
        say("farmers:errors.row.problems", {
          row: rowNumber,
          problems: messages.join(say("farmers:errors.row.separator")),
        }),
      );
    else checked.push(farmer);
  }
  if (errors.length > 0) return { total: rows.length, farmers: 0, failed: errors.length, errors };
  await writeFarmers(viewer, teamId, checked);
  return { total: rows.length, farmers: checked.length, failed: 0, errors: [] };
}

/** All the farmers in one transaction; a phone registered since the check refuses them all (409). */
async function writeFarmers(viewer: Viewer, teamId: number, farmers: FarmerInput[]): Promise<void> {
  const data = farmers.map((farmer) => ({
    name: farmer.name,
    phone: farmer.phone ?? null,
    village: farmer.village ?? null,
    tehsil: farmer.tehsil,
    district: farmer.district,
    // The schema reads the acres typed as hundredths of an acre.
    landHundredths: farmer.landAcres,
    mainCrops: JSON.stringify(farmer.mainCrops),
    dealerId: farmer.dealerId ?? null,
    teamId,
    createdById: viewer.id,
  }));
  try {
    // A file of 10,000 rows takes more than Prisma's 5 s default on a busy machine.
    await prisma.$transaction((tx) => tx.farmer.createMany({ data }), { timeout: 30_000 });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new AppError(409, PHONE_TAKEN_MEANWHILE);
    throw error;
  }
}
