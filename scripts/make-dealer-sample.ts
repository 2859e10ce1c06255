/**
 * Writes prisma/seed-data/dealers-sample.xlsx: the 76 dealers the admin import page imports
 * (/admin/import), in the import's spreadsheet columns (IMPORT_COLUMNS in
 * app/models/dealer-import.server.ts). Deterministic: running it again writes
 * the same rows. They are other shops than the demo seed's (their own random stream), in real
 * towns of all seven provinces with coordinates near the town centres.
 *
 *   npx tsx scripts/make-dealer-sample.ts
 */
import fs from "node:fs";
import path from "node:path";
import * as XLSX from "@e965/xlsx";
import { EMAIL_DOMAINS, NAME_PREFIXES_BY_PROVINCE, NAME_SUFFIXES } from "../prisma/seed-data/dealers";
import { MOBILE_PREFIXES, NAMES_BY_PROVINCE } from "../prisma/seed-data/people";
import { Random } from "../prisma/seed-data/random";
import { GENERIC_MARKETS, TOWNS } from "../prisma/seed-data/towns";

const COUNT = 76;
const target = path.resolve("prisma/seed-data/dealers-sample.xlsx");
const rng = Random.stream("dealer-import-sample");
const round6 = (value: number) => Number(value.toFixed(6));
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");

const header = [
  "business_name",
  "owner_first_name",
  "owner_last_name",
  "phone",
  "email",
  "street",
  "City",
  "State",
  "postal_code",
  "lat",
  "lng",
  "formatted_address",
];
const rows: Array<Array<string | number>> = [header];
const taken = new Set<string>();
for (let index = 0; index < COUNT; index++) {
  // Round-robin over the towns, so every province is in the file.
  const town = TOWNS[(index * 7) % TOWNS.length]!;
  let name: string;
  let prefix: string;
  do {
    prefix = rng.pick(NAME_PREFIXES_BY_PROVINCE[town.province]);
    name = `${prefix} ${rng.pick(NAME_SUFFIXES)} ${town.name}`;
  } while (taken.has(name));
  taken.add(name);
  const owner = {
    first: rng.pick(NAMES_BY_PROVINCE[town.province].first),
    last: rng.pick(NAMES_BY_PROVINCE[town.province].last),
  };
  const street = `Shop ${rng.int(1, 140)}, ${rng.pick([...town.markets, ...GENERIC_MARKETS])}`;
  rows.push([
    name,
    owner.first,
    owner.last,
    `+92 ${rng.pick(MOBILE_PREFIXES)} ${String(rng.int(0, 9_999_999)).padStart(7, "0")}`,
    rng.chance(0.5) ? `${slug(prefix)}.${slug(town.name)}@${rng.pick(EMAIL_DOMAINS)}` : "",
    street,
    town.name,
    town.province,
    town.postalCode ?? "",
    round6(rng.jitter(town.lat, 0.02)),
    round6(rng.jitter(town.lng, 0.02)),
    `${street}, ${town.name}, ${town.province}, Pakistan`,
  ]);
}

const workbook = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), "Dealers");
fs.writeFileSync(target, XLSX.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }));
console.log(`Wrote ${COUNT} dealers to ${path.relative(process.cwd(), target)}`);
