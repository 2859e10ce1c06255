// A corpus of hostile spreadsheets, made on the fly (the repository holds no binary fixtures):
// zips whose headers lie, inflaters that never end, bombs, and workbooks that are valid but
// costly. Every one must be refused with a 4xx, quickly, without hurting the server
// (issue 14; docs/decisions/0021-untrusted-spreadsheets.md). Each case says what the app answers.
import crypto from "node:crypto";
import zlib from "node:zlib";
import * as XLSX from "@e965/xlsx";
import { DEALER_HEADER, headerRowXml } from "./spreadsheets";

const MB = 1024 * 1024;

type Header = {
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  name: string;
  extra: Buffer;
};

/** One zip entry written by hand: `data` is what it unpacks to; anything in `local`/`central` overrides that header's field. */
type RawEntry = {
  name: string;
  data: Buffer;
  /** Method of both headers (default deflate, 8). */
  method?: number;
  /** The bytes after the local header (default: `data` packed by `method`). */
  packed?: Buffer;
  local?: Partial<Header>;
  central?: Partial<Header>;
  /** Bytes written right after the packed data (a data descriptor). */
  descriptor?: Buffer;
};

function pack(data: Buffer, method: number): Buffer {
  return method === 8 ? zlib.deflateRawSync(data, { level: 9 }) : data;
}

/** A zip with full control over both headers of every entry, for the lies a hostile file tells. */
function rawZip(entries: RawEntry[], { zip64Locator = false } = {}): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const packed = entry.packed ?? pack(entry.data, method);
    const honest: Header = {
      method,
      flags: 0,
      crc: zlib.crc32(entry.data),
      compressedSize: packed.length,
      size: entry.data.length,
      name: entry.name,
      extra: Buffer.alloc(0),
    };
    const local = { ...honest, ...entry.local };
    const central = { ...honest, ...entry.central };
    const localName = Buffer.from(local.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(local.flags, 6);
    head.writeUInt16LE(local.method, 8);
    head.writeUInt32LE(local.crc >>> 0, 14);
    head.writeUInt32LE(local.compressedSize, 18);
    head.writeUInt32LE(local.size, 22);
    head.writeUInt16LE(localName.length, 26);
    head.writeUInt16LE(local.extra.length, 28);
    const centralName = Buffer.from(central.name);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(central.flags, 8);
    record.writeUInt16LE(central.method, 10);
    record.writeUInt32LE(central.crc >>> 0, 16);
    record.writeUInt32LE(central.compressedSize, 20);
    record.writeUInt32LE(central.size, 24);
    record.writeUInt16LE(centralName.length, 28);
    record.writeUInt16LE(central.extra.length, 30);
    record.writeUInt32LE(offset, 42);
    const descriptor = entry.descriptor ?? Buffer.alloc(0);
    parts.push(head, localName, local.extra, packed, descriptor);
    centrals.push(record, centralName, central.extra);
    offset += head.length + localName.length + local.extra.length + packed.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const tail: Buffer[] = [];
  if (zip64Locator) {
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(offset + directory.length, 8);
    tail.push(locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, ...tail, end]);
}

// ---- The parts of a minimal workbook ----

const NS = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`;
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

function workbookXml(sheets: number): string {
  const list = Array.from(
    { length: sheets },
    (_, index) => `<sheet name="S${index + 1}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
  ).join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook ${NS}><sheets>${list}</sheets></workbook>`;
}

function workbookRels(sheets: number, sharedStrings = false): string {
  const list = Array.from(
    { length: sheets },
    (_, index) =>
      `<Relationship Id="rId${index + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
  ).join("");
  const strings = sharedStrings
    ? `<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`
    : "";
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${list}${strings}</Relationships>`;
}

function sheetXml(rows: string, dimension = ""): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet ${NS}>${dimension}<sheetData>${headerRowXml()}${rows}</sheetData></worksheet>`,
  );
}

/** The entries of a one-sheet workbook; `sheet` replaces the sheet part's entry. */
function workbookEntries(sheet: Partial<RawEntry> & { data: Buffer }, extra: RawEntry[] = []): RawEntry[] {
  return [
    { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
    { name: "_rels/.rels", data: Buffer.from(ROOT_RELS) },
    { name: "xl/workbook.xml", data: Buffer.from(workbookXml(1)) },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: Buffer.from(
        workbookRels(
          1,
          extra.some((entry) => entry.name === "xl/sharedStrings.xml"),
        ),
      ),
    },
    { name: "xl/worksheets/sheet1.xml", ...sheet },
    ...extra,
  ];
}

const blanks = (megabytes: number) => Buffer.alloc(megabytes * MB, 0x20);

/** A deflate stream that never ends: flushed with Z_SYNC_FLUSH, no final block. */
function endlessDeflate(text: string): Buffer {
  return zlib.deflateRawSync(Buffer.from(text), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

/** A ZIP64 extended-information extra field (0x0001) claiming these sizes. */
function zip64Extra(size: number, compressedSize: number): Buffer {
  const extra = Buffer.alloc(20);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(16, 2);
  extra.writeBigUInt64LE(BigInt(size), 4);
  extra.writeBigUInt64LE(BigInt(compressedSize), 12);
  return extra;
}

/** A data descriptor (with its optional signature) after an entry's data. */
function dataDescriptor(crc: number, compressedSize: number, size: number): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(compressedSize, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

/**
 * An honest workbook whose every entry uses a data descriptor (general-purpose bit 3, sizes and
 * CRC zero in the local header), as Java's ZipOutputStream (Apache POI) writes them: must import.
 */
export function dataDescriptorWorkbook(rows: string): Buffer {
  const entries = workbookEntries({ data: sheetXml(rows) });
  return rawZip(
    entries.map((entry) => {
      const packed = pack(entry.data, 8);
      const crc = zlib.crc32(entry.data);
      return {
        ...entry,
        packed,
        local: { flags: 8, crc: 0, compressedSize: 0, size: 0 },
        central: { flags: 8 },
        descriptor: dataDescriptor(crc, packed.length, entry.data.length),
      };
    }),
  );
}

/** A dealer row in sheet XML (inline strings), valid for the import. */
export function dealerRowXml(row: number, n = row): string {
  const values = [
    `Hostile Agro ${n}`,
    "Ali",
    "Khan",
    `+92 300 ${String(n).padStart(7, "0")}`,
    "",
    `Shop ${n}`,
    "Okara",
    "Punjab",
    "",
    "30.81",
    "73.45",
    `Shop ${n}, Okara`,
  ];
  return `<row r="${row}">${values
    .map((value, index) =>
      value ? `<c r="${XLSX.utils.encode_col(index)}${row}" t="inlineStr"><is><t>${value}</t></is></c>` : "",
    )
    .join("")}</row>`;
}

/** A workbook whose shared-strings part holds `count` tiny strings. */
function sharedStringsXlsx(count: number): Buffer {
  const strings = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst ${NS} count="${count}" uniqueCount="${count}">${"<si><t>ab</t></si>".repeat(count)}</sst>`,
  );
  const rows = `<row r="2"><c r="A2" t="s"><v>0</v></c></row>`;
  return rawZip(workbookEntries({ data: sheetXml(rows) }, [{ name: "xl/sharedStrings.xml", data: strings }]));
}

// ---- The corpus ----

export type HostileCase = {
  name: string;
  fileName: string;
  /** What the honest zip check alone answers, when it is what refuses the file. */
  precheck?: { status: number; message: "unreadable" | "unpacks-too-large" };
  /** The answer of the whole import (status; the message is checked by the unit tests). */
  status: number;
  bytes: () => Buffer;
};

// The endless inflaters come last: on a server without the defences they hang it for good.
export const HOSTILE_CASES: HostileCase[] = [
  {
    // Issue 14: a 212 KB file that inflates 200 MB inside the parser, the directory saying "stored".
    name: "method mismatch: a 200 MB deflate bomb the directory calls stored",
    fileName: "method-mismatch.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => {
      const packed = pack(blanks(200), 8);
      return rawZip(
        workbookEntries({
          data: packed,
          packed,
          method: 8,
          central: { method: 0, size: 0, compressedSize: packed.length, crc: zlib.crc32(packed) },
        }),
      );
    },
  },
  {
    name: "size lie: both headers declare 1,000 bytes, the part inflates to 200 MB",
    fileName: "size-lie.xlsx",
    precheck: { status: 413, message: "unpacks-too-large" },
    status: 413,
    bytes: () => rawZip(workbookEntries({ data: blanks(200), local: { size: 1000 }, central: { size: 1000 } })),
  },
  {
    name: "size lie under the budget: declares 1,000 bytes, inflates to 15 MB",
    fileName: "size-lie-small.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => rawZip(workbookEntries({ data: blanks(15), local: { size: 1000 }, central: { size: 1000 } })),
  },
  {
    name: "local header and directory disagree on the compressed size",
    fileName: "csize-mismatch.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => rawZip(workbookEntries({ data: sheetXml(dealerRowXml(2)), local: { compressedSize: 5 } })),
  },
  {
    name: "local header and directory name different parts",
    fileName: "name-mismatch.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () =>
      rawZip(workbookEntries({ data: sheetXml(dealerRowXml(2)), local: { name: "xl/worksheets/sheet9.xml" } })),
  },
  {
    // Bit 3 with zero sizes in the local header: SheetJS inflates until the stream ends, and the
    // descriptor after it claims 200 MB while the directory claims 1,000 bytes.
    name: "data descriptor that lies (200 MB behind a 1,000-byte directory entry)",
    fileName: "descriptor-lie.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => {
      const data = blanks(200);
      const packed = pack(data, 8);
      return rawZip(
        workbookEntries({
          data,
          packed,
          local: { flags: 8, crc: 0, compressedSize: 0, size: 0 },
          central: { flags: 8, size: 1000 },
          descriptor: dataDescriptor(zlib.crc32(data), packed.length, data.length),
        }),
      );
    },
  },
  {
    name: "data descriptor whose sizes disagree with the directory",
    fileName: "descriptor-mismatch.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => {
      const data = sheetXml(dealerRowXml(2));
      const packed = pack(data, 8);
      return rawZip(
        workbookEntries({
          data,
          packed,
          local: { flags: 8, crc: 0, compressedSize: 0, size: 0 },
          central: { flags: 8 },
          descriptor: dataDescriptor(zlib.crc32(data), packed.length, 3_000_000_000),
        }),
      );
    },
  },
  {
    // SheetJS takes ZIP64 sizes from the extra field whatever the header says: a 3 GB buffer.
    name: "ZIP64 extra field claiming a 3 GB part",
    fileName: "zip64.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () =>
      rawZip(workbookEntries({ data: sheetXml(dealerRowXml(2)), local: { extra: zip64Extra(3_000_000_000, 0) } })),
  },
  {
    name: "ZIP64 sizes (0xFFFFFFFF) and a ZIP64 end-of-directory locator",
    fileName: "zip64-sizes.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => {
      const data = sheetXml(dealerRowXml(2));
      const packed = pack(data, 8);
      const sizes = { size: 0xffffffff, compressedSize: 0xffffffff, extra: zip64Extra(data.length, packed.length) };
      return rawZip(workbookEntries({ data, packed, local: sizes, central: sizes }), { zip64Locator: true });
    },
  },
  {
    name: "encrypted entry",
    fileName: "encrypted.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () =>
      rawZip(workbookEntries({ data: sheetXml(dealerRowXml(2)), local: { flags: 1 }, central: { flags: 1 } })),
  },
  {
    name: "unknown compression method (LZMA, 14)",
    fileName: "lzma.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () =>
      rawZip(workbookEntries({ data: sheetXml(dealerRowXml(2)), method: 14, packed: crypto.randomBytes(200) })),
  },
  {
    name: "nested zips: the sheet part is itself a zip of zip bombs",
    fileName: "nested.xlsx",
    status: 400,
    bytes: () => {
      const inner = rawZip([{ name: "bomb.xml", data: blanks(15) }]);
      const middle = rawZip(Array.from({ length: 10 }, (_, index) => ({ name: `inner${index}.zip`, data: inner })));
      return rawZip(workbookEntries({ data: middle }));
    },
  },
  {
    name: "too many entries (5,000 parts)",
    fileName: "many-entries.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () =>
      rawZip(
        workbookEntries(
          { data: sheetXml("") },
          Array.from({ length: 5000 }, (_, index) => ({ name: `xl/media/x${index}.bin`, data: Buffer.from("x") })),
        ),
      ),
  },
  {
    name: "thousands of sheets (1,500)",
    fileName: "many-sheets.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => {
      const sheets = 1500;
      const entries: RawEntry[] = [
        { name: "[Content_Types].xml", data: Buffer.from(CONTENT_TYPES) },
        { name: "_rels/.rels", data: Buffer.from(ROOT_RELS) },
        { name: "xl/workbook.xml", data: Buffer.from(workbookXml(sheets)) },
        { name: "xl/_rels/workbook.xml.rels", data: Buffer.from(workbookRels(sheets)) },
      ];
      for (let index = 1; index <= sheets; index++)
        entries.push({ name: `xl/worksheets/sheet${index}.xml`, data: sheetXml("") });
      return rawZip(entries);
    },
  },
  {
    name: "thousands of sheets listed in the workbook (20,000), one part",
    fileName: "many-sheets-listed.xlsx",
    status: 400,
    bytes: () => {
      const entries = workbookEntries({ data: sheetXml("") });
      const listed = entries.map((entry) =>
        entry.name === "xl/workbook.xml"
          ? { ...entry, data: Buffer.from(workbookXml(20_000)) }
          : entry.name === "xl/_rels/workbook.xml.rels"
            ? { ...entry, data: Buffer.from(workbookRels(20_000)) }
            : entry,
      );
      return rawZip(listed);
    },
  },
  {
    // 2.5 million shared strings (45 MB unpacked): over the budget, refused before parsing.
    name: "huge shared strings (2.5 million entries, 45 MB)",
    fileName: "shared-strings.xlsx",
    precheck: { status: 413, message: "unpacks-too-large" },
    status: 413,
    bytes: () => sharedStringsXlsx(2_500_000),
  },
  {
    // A million shared strings (18 MB, under the budget): SheetJS keeps every one, past the worker's heap.
    name: "huge shared strings under the budget (1 million entries, 18 MB)",
    fileName: "shared-strings-18mb.xlsx",
    status: 413,
    bytes: () => sharedStringsXlsx(1_000_000),
  },
  {
    name: "formula cells only (no cached values): nothing is evaluated",
    fileName: "formulas.xlsx",
    status: 400,
    bytes: () => {
      const rows = Array.from(
        { length: 200 },
        (_, index) =>
          `<row r="${index + 2}">${DEALER_HEADER.map((_, column) => `<c r="${XLSX.utils.encode_col(column)}${index + 2}"><f>REPT("x",32767)&amp;INDIRECT("A"&amp;ROW())</f></c>`).join("")}</row>`,
      ).join("");
      return rawZip(workbookEntries({ data: sheetXml(rows) }));
    },
  },
  {
    name: "1,048,576-row sheet by its dimension (A1:L1048576, one cell at the last row)",
    fileName: "dimension.xlsx",
    status: 400,
    bytes: () =>
      rawZip(
        workbookEntries({
          data: sheetXml(`<row r="1048576"><c r="L1048576"><v>1</v></c></row>`, `<dimension ref="A1:L1048576"/>`),
        }),
      ),
  },
  {
    // 1,048,576 rows of one cell: 42 MB unpacked, over the budget.
    name: "1,048,576 real rows",
    fileName: "million-rows.xlsx",
    precheck: { status: 413, message: "unpacks-too-large" },
    status: 413,
    bytes: () => {
      const rows: string[] = [];
      for (let row = 2; row <= 1_048_576; row++) rows.push(`<row r="${row}"><c r="A${row}"><v>1</v></c></row>`);
      return rawZip(workbookEntries({ data: sheetXml(rows.join("")) }));
    },
  },
  {
    // 1,048,576 empty rows: 18 MB unpacked, under the budget: the worker reads them, no dealer rows.
    name: "1,048,576 empty rows",
    fileName: "million-empty-rows.xlsx",
    status: 400,
    bytes: () => {
      const rows: string[] = [];
      for (let row = 2; row <= 1_048_576; row++) rows.push(`<row r="${row}"/>`);
      return rawZip(workbookEntries({ data: sheetXml(rows.join("")) }));
    },
  },
  {
    name: "garbage .xls (an OLE signature, then random bytes)",
    fileName: "garbage.xls",
    status: 400,
    bytes: () =>
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), crypto.randomBytes(600_000)]),
  },
  {
    // Issue 14: the central directory says "stored", the local header "deflate", and the deflate
    // stream never ends: SheetJS's pure-JS inflater spins for good.
    name: "endless deflate (stored in the directory, deflate in the local header)",
    fileName: "endless.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => {
      const packed = endlessDeflate("hello");
      return rawZip(
        workbookEntries({
          data: packed,
          packed,
          method: 8,
          central: { method: 0, size: packed.length, crc: zlib.crc32(packed) },
        }),
      );
    },
  },
  {
    name: "endless deflate (deflate in both headers, no final block)",
    fileName: "endless-honest-method.xlsx",
    precheck: { status: 400, message: "unreadable" },
    status: 400,
    bytes: () => {
      const packed = endlessDeflate("<worksheet>");
      return rawZip(workbookEntries({ data: Buffer.from("<worksheet>"), packed }));
    },
  },
];
