// Spreadsheets for tests, made on the fly with SheetJS (and a tiny zip writer for the hostile
// ones), so the repository holds no big binary fixtures.
import zlib from "node:zlib";
import * as XLSX from "@e965/xlsx";

export const DEALER_HEADER = [
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
] as const;

export type DealerRowValues = Partial<Record<(typeof DEALER_HEADER)[number], string | number | null>>;

/** A valid row; `n` makes the business name and phone unique. */
export function dealerRow(n: number, tag = "Test", overrides: DealerRowValues = {}): DealerRowValues {
  return {
    business_name: `${tag} Kissan Agro Centre ${n}`,
    owner_first_name: "Muhammad",
    owner_last_name: "Aslam",
    phone: `+92 300 ${String(n).padStart(7, "0")}`,
    email: `dealer${n}@example.pk`,
    street: `Shop ${n}, Ghalla Mandi`,
    City: "Okara",
    State: "Punjab",
    postal_code: "56300",
    lat: 30.8138 + (n % 100) / 10_000,
    lng: 73.4534,
    formatted_address: `Shop ${n}, Ghalla Mandi, Okara, Punjab, Pakistan`,
    ...overrides,
  };
}

/** A workbook (.xlsx by default) with the dealer header and these rows. */
export function dealerWorkbook(
  rows: DealerRowValues[],
  { bookType = "xlsx" as "xlsx" | "biff8", header = [...DEALER_HEADER] as string[] } = {},
): Buffer {
  const grid: Array<Array<string | number | null>> = [
    header,
    ...rows.map((row) => header.map((column) => row[column as keyof DealerRowValues] ?? null)),
  ];
  return gridWorkbook(grid, { bookType });
}

/** A workbook (.xlsx by default) whose first sheet is these rows of cells, the first row its header. */
export function gridWorkbook(
  grid: Array<Array<string | number | null>>,
  { bookType = "xlsx" as "xlsx" | "biff8" } = {},
): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(grid), "Dealers");
  return XLSX.write(workbook, { type: "buffer", bookType, compression: true }) as Buffer;
}

/** A sheet built cell by cell (e.g. with formulas): `cells` maps "A2" to a SheetJS cell. */
export function workbookFromCells(cells: Record<string, XLSX.CellObject>, ref: string): Buffer {
  const sheet: XLSX.WorkSheet = { "!ref": ref };
  DEALER_HEADER.forEach((column, index) => (sheet[XLSX.utils.encode_cell({ r: 0, c: index })] = { t: "s", v: column }));
  Object.assign(sheet, cells);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, "Dealers");
  return XLSX.write(workbook, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

// ---- Hostile files, zipped by hand ----

type ZipEntry = { name: string; data: Buffer; declaredSize?: number };

/** A minimal zip (deflate), optionally lying about an entry's unpacked size. */
function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = zlib.deflateRawSync(entry.data, { level: 9 });
    const crc = zlib.crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Dealers" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** The header row of DEALER_HEADER as sheet XML (inline strings). */
export function headerRowXml(): string {
  const cells = DEALER_HEADER.map(
    (column, index) => `<c r="${XLSX.utils.encode_col(index)}1" t="inlineStr"><is><t>${column}</t></is></c>`,
  ).join("");
  return `<row r="1">${cells}</row>`;
}

/** An .xlsx whose sheet has `rows` rows under the header (one small number per row). */
export function manyRowsXlsx(rows: number): Buffer {
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`,
    headerRowXml(),
  ];
  for (let r = 2; r <= rows + 1; r++) parts.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`);
  parts.push(`</sheetData></worksheet>`);
  return xlsxWithSheet(Buffer.from(parts.join("")));
}

function xlsxWithSheet(sheetXml: Buffer, declaredSheetSize?: number): Buffer {
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "_rels/.rels", data: Buffer.from(ROOT_RELS) },
    { name: "xl/workbook.xml", data: Buffer.from(WORKBOOK) },
    { name: "xl/_rels/workbook.xml.rels", data: Buffer.from(WORKBOOK_RELS) },
    { name: "xl/worksheets/sheet1.xml", data: sheetXml, declaredSize: declaredSheetSize },
  ]);
}

/** A zip bomb dressed as .xlsx: a sheet that unpacks to `megabytes` MB of blanks. */
export function zipBombXlsx(megabytes: number, { lie = false } = {}): Buffer {
  const xml = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
  return xlsxWithSheet(xml, lie ? 1000 : undefined);
}
