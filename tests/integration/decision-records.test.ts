import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The decision records are read by newcomers through docs/decisions/README.md: every record must be
// in its table, keep the record's shape, and name only records that exist when it says it was
// superseded or amended.

const folder = path.join(import.meta.dirname, "../../docs/decisions");
const recordName = /^(\d{4})-[a-z0-9-]+\.md$/;
const statusRule = /^(?:Accepted|Superseded by \d{4}|Amended by \d{4}(?:, \d{4})*)$/;

const records = fs
  .readdirSync(folder)
  .filter((name) => recordName.test(name))
  .sort()
  .map((name) => ({ name, number: name.slice(0, 4), text: fs.readFileSync(path.join(folder, name), "utf8") }));
const index = fs.readFileSync(path.join(folder, "README.md"), "utf8");

function statusOf(text: string) {
  return /^Status: (.*)$/m.exec(text)?.[1];
}

/** The records a status names as the ones that replaced or amended it. */
function namedBy(status: string) {
  return status.match(/\d{4}/g) ?? [];
}

describe("the decision records", () => {
  it("each have a row in the index's table, and the index links only to records that exist", () => {
    const tableRows = index.split("\n").filter((line) => line.startsWith("|"));
    const linked = tableRows.flatMap((row) =>
      [...row.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1]),
    );
    const mentioned = [...index.matchAll(/\]\((\d{4}-[^)]*)\)/g)].map((match) => match[1]);
    expect(records.length).toBeGreaterThan(0);
    expect(records.map((record) => record.name).filter((name) => !linked.includes(name))).toEqual([]);
    expect(mentioned.filter((name) => !records.some((record) => record.name === name))).toEqual([]);
  });

  it("each have a numbered title, a date, a status, and Context, Decision and Consequences in that order", () => {
    const problems = records.flatMap(({ name, number, text }) => {
      const found: string[] = [];
      if (!new RegExp(`^# ${Number(number)}\\. \\S`).test(text))
        found.push(`${name}: no title "# ${Number(number)}. …"`);
      if (!/^Date: \d{4}-\d{2}-\d{2}$/m.test(text)) found.push(`${name}: no "Date: yyyy-mm-dd" line`);
      const status = statusOf(text);
      if (status === undefined || !statusRule.test(status))
        found.push(`${name}: status "${status}" is not one of the forms`);
      const headings = [...text.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? "");
      const required = headings.filter((heading) => ["Context", "Decision", "Consequences"].includes(heading));
      if (required.join(",") !== "Context,Decision,Consequences") {
        found.push(`${name}: headings ${JSON.stringify(headings)} lack Context, Decision, Consequences in order`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it("say superseded or amended only by a later record that exists and names them back", () => {
    const problems = records.flatMap(({ name, number, text }) =>
      namedBy(statusOf(text) ?? "").flatMap((later) => {
        const record = records.find((candidate) => candidate.number === later);
        if (!record) return [`${name}: its status names ${later}, which does not exist`];
        if (later <= number) return [`${name}: its status names ${later}, which is not a later record`];
        const namesBack =
          record.text.includes(number) || new RegExp(`decisions? [^.]*\\b${Number(number)}\\b`).test(record.text);
        return namesBack ? [] : [`${name}: ${record.name} does not say which of its decisions changes ${number}`];
      }),
    );
    expect(problems).toEqual([]);
  });

  it("show the same status in the index as in the record", () => {
    const rows = index
      .split("\n")
      .filter((line) => line.startsWith("|"))
      .map((line) => line.split("|").map((cell) => cell.trim()));
    const statusColumn = rows[0]?.indexOf("Status") ?? -1;
    const problems = records.flatMap(({ name, text }) => {
      const row = rows.find((cells) => cells.some((cell) => cell.includes(`](${name})`)));
      const status = statusOf(text);
      return row && row[statusColumn] !== status
        ? [`${name}: the index says "${row[statusColumn]}", not "${status}"`]
        : [];
    });
    expect(problems).toEqual([]);
  });
});
