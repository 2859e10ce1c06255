import { prisma } from "~/db.server";
import { currentTime } from "~/infra/clock.server";
import { MEASURE_LABELS, TARGET_MEASURES, type TargetMeasure } from "~/lib/target-measures";
import { OFFICER_COLUMN, PERIOD_COLUMN, TARGET_IMPORT_HEADER } from "~/lib/target-import";
import { authorize, refusalOf } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import { importTemplate, type ImportRow, normalizeHeader, readImportRows } from "~/models/spreadsheet-import.server";
import { targetPeriodSchema, targetValuesAnswer, targetValuesSchema } from "~/models/targets.schema";
import { setImportedTargets, targetsToSet, type ImportedTargets } from "~/models/targets.server";
import type { Viewer } from "~/models/team-scope.server";
import { nothingImportedNotice } from "~/lib/dealer-import";
import type { MessageKey, Translate } from "~/locales/namespaces";

// Targets from a spreadsheet (issue 49, decision 90): a manager's file for the officers of the
// teams they lead, an admin's for anyone. Every row goes through the targets' one schema and the
// policy; one row in error refuses the whole file, and the rows are then written together.

const NO_ROWS: MessageKey = "targets:errors.noRows";

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
 * back unchanged changes nothing; a second sheet says how to fill it (`help`, in the reader's
 * language; only the first sheet is read).
 */
export async function targetTemplate(
  viewer: Viewer,
  { period, team }: { period: string; team?: number },
  help: readonly string[],
) {
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
  return importTemplate("Targets", [TARGET_IMPORT_HEADER, ...rows], help);
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

/** One thing wrong in a row: a catalog's key (or a policy's refusal) and its values. */
type RowProblem = { message: string; values?: Record<string, string | number> };

/** A row's problems (decision 101: keys, said in the reader's language at the edge). */
export type TargetRowError = { row: number; problems: RowProblem[] };

/** A row's error as the reader reads it: "Row 9: Officer Email is required; Sales must be …". */
export function rowErrorText(
  { row, problems }: TargetRowError,
  say: (text: string, values?: Record<string, string | number>) => string,
): string {
  return say("targets:errors.row.problems", {
    row,
    problems: problems.map(({ message, values }) => say(message, values)).join("; "),
  });
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
  errors: TargetRowError[];
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
  const errors: TargetRowError[] = [];
  const rowOf = new Map<string, number>();
  let forbidden = false;
  for (const { rowNumber, cells } of rows) {
    const problems: RowProblem[] = [];
    const officer = cells.officer === undefined ? undefined : officers.get(cells.officer.toLowerCase());
    if (cells.officer === undefined)
      problems.push({ message: "targets:errors.row.required", values: { column: OFFICER_COLUMN } });
    else if (!officer) problems.push({ message: "targets:errors.row.noOfficer", values: { email: cells.officer } });
    else {
      const refusal = refusalOf(rules, "targets.set", { teamId: officer.teamId });
      if (refusal !== null) {
        forbidden = true;
        problems.push({ message: refusal });
      }
    }
    const period = targetPeriodSchema.safeParse(cells.period ?? "");
    if (cells.period === undefined)
      problems.push({ message: "targets:errors.row.required", values: { column: PERIOD_COLUMN } });
    else if (!period.success)
      problems.push(...[...new Set(period.error.issues.map((issue) => issue.message))].map((message) => ({ message })));
    const measures = Object.fromEntries(
      TARGET_MEASURES.flatMap((measure) => (cells[measure] ? [[measure, cells[measure]]] : [])),
    );
    const values = targetValuesSchema.safeParse(measures);
    if (!values.success) problems.push(...values.error.issues.map((issue) => ({ message: issue.message })));
    if (officer && period.success) {
      const key = `${officer.id} ${period.data}`;
      const earlier = rowOf.get(key);
      if (earlier !== undefined)
        problems.push({
          message: "targets:errors.row.twice",
          values: { officer: cells.officer ?? "", period: period.data, row: earlier },
        });
      else rowOf.set(key, rowNumber);
    }
    if (problems.length > 0 || !officer || !period.success || !values.success) {
      errors.push({ row: rowNumber, problems });
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

/**
 * The notice after an import, in `t`'s words (the page's reader's, /api's English): every row
 * written, or nothing written and why (the imports' shared notice, still English).
 */
export function targetImportNotice(
  result: { total: number; officers: number; targets: number; failed: number },
  t: Translate,
) {
  if (result.failed > 0) return nothingImportedNotice(result);
  return {
    title: t("targets:import.succeeded"),
    description: t("targets:import.succeededDescription", { targets: result.targets, officers: result.officers }),
    type: "success" as const,
  };
}
