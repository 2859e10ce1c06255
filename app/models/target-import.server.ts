import { prisma } from "~/db.server";
import { currentTime } from "~/infra/clock.server";
import { MEASURE_LABELS, TARGET_MEASURES, type TargetMeasure } from "~/lib/target-measures";
import { OFFICER_COLUMN, PERIOD_COLUMN, TARGET_COLUMNS_HELP, TARGET_IMPORT_HEADER } from "~/lib/target-import";
import { authorize, refusalOf } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { importTemplate, type ImportRow, normalizeHeader, readImportRows } from "~/models/spreadsheet-import.server";
import { targetPeriodSchema, targetValuesAnswer, targetValuesSchema } from "~/models/targets.schema";
import { setImportedTargets, targetsToSet, type ImportedTargets } from "~/models/targets.server";
import type { Viewer } from "~/models/team-scope.server";

// Targets from a spreadsheet (issue 49, decision 90): a manager's file for the officers of the
// teams they lead, an admin's for anyone. Every row goes through the targets' one schema and the
// policy; one row in error refuses the whole file, and the rows are then written together.

const NO_ROWS = "The spreadsheet has no target rows.";

type Column = "officer" | "period" | TargetMeasure;

/** Each column by the headers it goes by: the template's label, and for a measure also its /api name (sspBags). */
const COLUMN_OF_HEADER = new Map<string, Column>([
  [normalizeHeader(OFFICER_COLUMN), "officer"],
  [normalizeHeader(PERIOD_COLUMN), "period"],
  ...TARGET_MEASURES.flatMap((measure): Array<[string, Column]> => [
    [normalizeHeader(MEASURE_LABELS[measure]), measure],
    [normalizeHeader(measure), measure],
  ]),
]);

/**
 * The file to fill in: the template's header, then a row for each officer the viewer sets targets
 * for (of one team, if named) with their targets of `period` as they stand, so that the file sent
 * back unchanged changes nothing; a second sheet says how to fill it (only the first is read).
 */
export async function targetTemplate(viewer: Viewer, { period, team }: { period: string; team?: number }) {
  const { people } = await targetsToSet(viewer, { period, team });
  const emails = new Map(
    (
      await prisma.user.findMany({
        where: { id: { in: people.map((person) => person.id) } },
        select: { id: true, email: true },
      })
    ).map((user) => [user.id, user.email]),
  );
  const rows = people.map((person) => {
    const targets = targetValuesAnswer(person.targets);
    return [emails.get(person.id) ?? "", period, ...TARGET_MEASURES.map((measure) => targets[measure])];
  });
  return importTemplate("Targets", [TARGET_IMPORT_HEADER, ...rows], TARGET_COLUMNS_HELP);
}

type SheetRow = ImportRow<Column>;

/**
 * The file's rows by column (readImportRows), refused whole when it lacks the officer, the period
 * or every measure (a measure there is no target for is an unknown column).
 */
function readTargetRows(bytes: Uint8Array): Promise<SheetRow[]> {
  return readImportRows(bytes, {
    columnOf: COLUMN_OF_HEADER,
    headers: TARGET_IMPORT_HEADER,
    missing: (found) => [
      ...(found.has("officer") ? [] : [OFFICER_COLUMN]),
      ...(found.has("period") ? [] : [PERIOD_COLUMN]),
      ...(TARGET_MEASURES.some((measure) => found.has(measure)) ? [] : ["at least one measure"]),
    ],
    noRows: NO_ROWS,
  });
}

/** Emails a read looks up at most, well within SQLite's bound on a statement's variables. */
const EMAILS_A_READ = 500;

/** The active officers with these (lower-cased) emails, by email. */
async function officersByEmail(emails: string[]) {
  const unique = [...new Set(emails)];
  const found = new Map<string, { id: number; email: string; teamId: number | null }>();
  for (let start = 0; start < unique.length; start += EMAILS_A_READ) {
    const officers = await prisma.user.findMany({
      where: {
        email: { in: unique.slice(start, start + EMAILS_A_READ) },
        role: "OFFICER",
        isActive: true,
        approval: "APPROVED",
      },
      select: { id: true, email: true, teamId: true },
    });
    for (const officer of officers) found.set(officer.email, officer);
  }
  return found;
}

export type TargetImportResult = {
  /** Rows read. */
  total: number;
  /** Rows written: an officer's targets in a period. */
  officers: number;
  /** Targets set. */
  targets: number;
  failed: number;
  /** A row names an officer the importer may not set targets for: the refusal is a 403. */
  forbidden: boolean;
  errors: string[];
};

/**
 * A file of targets: every row checked ("Row 7: …"): the officer by email, active, and one whose
 * targets the viewer sets; the period and each measure through the targets' schema; an officer and
 * period once. Then all rows written in one transaction, or none. An empty cell leaves its target
 * as it stands.
 */
export async function importTargets(
  viewer: Viewer,
  bytes: Uint8Array,
  now = currentTime(),
): Promise<TargetImportResult> {
  const rules = await policyViewer(viewer);
  authorize(rules, "targets.set");
  const rows = await readTargetRows(bytes);
  const officers = await officersByEmail(
    rows.flatMap(({ cells }) => (cells.officer ? [cells.officer.toLowerCase()] : [])),
  );
  const checked: ImportedTargets[] = [];
  const errors: string[] = [];
  const rowOf = new Map<string, number>();
  let forbidden = false;
  for (const { rowNumber, cells } of rows) {
    const messages: string[] = [];
    const officer = cells.officer === undefined ? undefined : officers.get(cells.officer.toLowerCase());
    if (cells.officer === undefined) messages.push(`${OFFICER_COLUMN} is required`);
    else if (!officer) messages.push(`No active officer has the email ${cells.officer}`);
    else {
      const refusal = refusalOf(rules, "targets.set", { teamId: officer.teamId });
      if (refusal !== null) {
        forbidden = true;
        messages.push(refusal);
      }
    }
    const period = targetPeriodSchema.safeParse(cells.period ?? "");
    if (cells.period === undefined) messages.push(`${PERIOD_COLUMN} is required`);
    else if (!period.success) messages.push(...new Set(period.error.issues.map((issue) => issue.message)));
    const measures = Object.fromEntries(
      TARGET_MEASURES.flatMap((measure) => (cells[measure] ? [[measure, cells[measure]]] : [])),
    );
    const values = targetValuesSchema.safeParse(measures);
    if (!values.success) messages.push(...values.error.issues.map((issue) => issue.message));
    if (officer && period.success) {
      const key = `${officer.id} ${period.data}`;
      const earlier = rowOf.get(key);
      if (earlier !== undefined) messages.push(`${cells.officer} and ${period.data} are also in row ${earlier}`);
      else rowOf.set(key, rowNumber);
    }
    if (messages.length > 0 || !officer || !period.success || !values.success) {
      errors.push(`Row ${rowNumber}: ${messages.join("; ")}`);
      continue;
    }
    const given = Object.fromEntries(
      TARGET_MEASURES.flatMap((measure) => {
        const value = values.data[measure];
        return value === null ? [] : [[measure, value]];
      }),
    );
    if (Object.keys(given).length > 0) checked.push({ userId: officer.id, period: period.data, values: given });
  }
  if (errors.length > 0)
    return { total: rows.length, officers: 0, targets: 0, failed: errors.length, forbidden, errors };
  await setImportedTargets(viewer, checked, now);
  const targets = checked.reduce((sum, row) => sum + Object.keys(row.values).length, 0);
  return { total: rows.length, officers: checked.length, targets, failed: 0, forbidden: false, errors: [] };
}
