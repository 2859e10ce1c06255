import path from "node:path";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import { AppError } from "~/lib/app-error";
import { boundedQueue } from "~/lib/bounded-queue";

// Untrusted spreadsheet bytes: an .xlsx (a zip) must pass checkXlsxZip before SheetJS sees it, and
// SheetJS parses it (or an .xls) in a worker thread with heap and wall-clock limits, terminated on overrun.

// Its refusals are catalogs' keys, said in the reader's language at the edge (English on /api).
export const UNREADABLE = "admin:errors.spreadsheet.unreadable";
export const UNPACKS_TOO_LARGE = "admin:errors.spreadsheet.unpacksTooLarge";
export const TOO_HEAVY = "admin:errors.spreadsheet.tooHeavy";
const BUSY = "admin:errors.spreadsheet.busy";

/**
 * Sum of the unpacked sizes of an .xlsx's parts. A real 10,000-row sheet unpacks to 5-12 MB;
 * SheetJS holds every part and a string of each part it parses, so this budget is what bounds the
 * worker's memory outside its V8 heap.
 */
const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** A real workbook has a few dozen parts (sheets, styles, images); thousands only serve an attack. */
const MAX_ZIP_ENTRIES = 1000;

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR = 0x08074b50;
const ZIP64_EXTRA = 0x0001;
/** General-purpose flags: 0 encrypted, 3 sizes in a data descriptor, 6 strong encryption, 13 encrypted directory. */
const FLAG_ENCRYPTED = 0x0001 | 0x0040 | 0x2000;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const STORED = 0;
const DEFLATE = 8;

export type SpreadsheetType = "xlsx" | "xls";

/** An Excel file by its first bytes: a zip (.xlsx) or an OLE compound file (.xls); null for anything else. */
export function spreadsheetTypeOf(bytes: Uint8Array): SpreadsheetType | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return "xlsx";
  const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  if (bytes.length >= 8 && ole.every((byte, index) => bytes[index] === byte)) return "xls";
  return null;
}

const unreadable = () => new AppError(400, UNREADABLE);
const tooLarge = () => new AppError(413, UNPACKS_TOO_LARGE);

function hasZip64Extra(extra: Buffer): boolean {
  for (let offset = 0; offset + 4 <= extra.length; offset += 4 + extra.readUInt16LE(offset + 2)) {
    if (extra.readUInt16LE(offset) === ZIP64_EXTRA) return true;
  }
  return false;
}

/**
 * Refuses a zip (an .xlsx) unless every entry is honest and the whole unpacks within `budget`: local
 * header, central directory and any data descriptor agree; only stored and deflate; no ZIP64,
 * encryption or duplicate names; each stream ends where the directory says and unpacks to exactly
 * its declared size and CRC, counted by zlib (never trusting a declared size). 400 UNREADABLE, or
 * 413 over budget.
 */
export async function checkXlsxZip(bytes: Uint8Array, budget = MAX_UNPACKED_BYTES): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The last end-of-directory signature, as SheetJS finds it; its comment must end the file.
  let end = -1;
  for (let offset = buffer.length - 22; offset >= Math.max(0, buffer.length - 22 - 0xffff); offset--) {
    if (buffer.readUInt32LE(offset) === END_OF_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0 || buffer.indexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), end + 1) >= 0) throw unreadable();
  const disk = buffer.readUInt16LE(end + 4);
  const directoryDisk = buffer.readUInt16LE(end + 6);
  const entriesHere = buffer.readUInt16LE(end + 8);
  const entries = buffer.readUInt16LE(end + 10);
  const directorySize = buffer.readUInt32LE(end + 12);
  const directoryOffset = buffer.readUInt32LE(end + 16);
  const commentLength = buffer.readUInt16LE(end + 20);
  if (end + 22 + commentLength !== buffer.length) throw unreadable();
  // ZIP64 (0xFFFF… markers), several disks, or a directory that does not end where the end record starts.
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entries || entries === 0 || entries > MAX_ZIP_ENTRIES)
    throw unreadable();
  if (directoryOffset + directorySize !== end) throw unreadable();

  const names = new Set<string>();
  let remaining = budget;
  let cursor = directoryOffset;
  for (let index = 0; index < entries; index++) {
    if (cursor + 46 > end || buffer.readUInt32LE(cursor) !== CENTRAL_HEADER) throw unreadable();
    const flags = buffer.readUInt16LE(cursor + 8);
    const method = buffer.readUInt16LE(cursor + 10);
    const crc = buffer.readUInt32LE(cursor + 16);
    const compressedSize = buffer.readUInt32LE(cursor + 20);
    const size = buffer.readUInt32LE(cursor + 24);
    const nameLength = buffer.readUInt16LE(cursor + 28);
    const extraLength = buffer.readUInt16LE(cursor + 30);
    const entryCommentLength = buffer.readUInt16LE(cursor + 32);
    const startDisk = buffer.readUInt16LE(cursor + 34);
    const localOffset = buffer.readUInt32LE(cursor + 42);
    const nameEnd = cursor + 46 + nameLength;
    const next = nameEnd + extraLength + entryCommentLength;
    if (next > end) throw unreadable();
    const name = buffer.subarray(cursor + 46, nameEnd);
    const extra = buffer.subarray(nameEnd, nameEnd + extraLength);
    cursor = next;

    if (flags & FLAG_ENCRYPTED || (method !== STORED && method !== DEFLATE) || startDisk !== 0) throw unreadable();
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff || hasZip64Extra(extra))
      throw unreadable();
    const key = name.toString("latin1");
    if (nameLength === 0 || names.has(key)) throw unreadable();
    names.add(key);
    if (size > remaining) throw tooLarge();

    if (localOffset + 30 > directoryOffset || buffer.readUInt32LE(localOffset) !== LOCAL_HEADER) throw unreadable();
    const localFlags = buffer.readUInt16LE(localOffset + 6);
    const localMethod = buffer.readUInt16LE(localOffset + 8);
    const localCrc = buffer.readUInt32LE(localOffset + 14);
    const localCompressed = buffer.readUInt32LE(localOffset + 18);
    const localSize = buffer.readUInt32LE(localOffset + 22);
    const localNameLength = buffer.readUInt16LE(localOffset + 26);
    const localExtraLength = buffer.readUInt16LE(localOffset + 28);
    const dataStart = localOffset + 30 + localNameLength + localExtraLength;
    if (localFlags !== flags || localMethod !== method) throw unreadable();
    if (!buffer.subarray(localOffset + 30, localOffset + 30 + localNameLength).equals(name)) throw unreadable();
    if (hasZip64Extra(buffer.subarray(localOffset + 30 + localNameLength, dataStart))) throw unreadable();
    const described = (flags & FLAG_DATA_DESCRIPTOR) !== 0;
    // With a data descriptor the local header may leave CRC and sizes at 0 (SheetJS then inflates
    // until the stream ends, so the stream's end is checked below); a stored entry must state its size.
    const agrees = (local: number, central: number) =>
      local === central || (described && method === DEFLATE && local === 0);
    if (!agrees(localCrc, crc) || !agrees(localCompressed, compressedSize) || !agrees(localSize, size))
      throw unreadable();

    const dataEnd = dataStart + compressedSize;
    if (dataEnd > directoryOffset) throw unreadable();
    if (described) {
      // SheetJS reads the descriptor right after the data: [signature] CRC, compressed and unpacked sizes.
      let at = dataEnd;
      if (at + 12 > directoryOffset) throw unreadable();
      if (buffer.readUInt32LE(at) === DATA_DESCRIPTOR) at += 4;
      if (at + 12 > directoryOffset) throw unreadable();
      if (
        buffer.readUInt32LE(at) !== crc ||
        buffer.readUInt32LE(at + 4) !== compressedSize ||
        buffer.readUInt32LE(at + 8) !== size
      )
        throw unreadable();
    }

    const data = buffer.subarray(dataStart, dataEnd);
    let unpacked: { size: number; crc: number };
    if (method === STORED) {
      if (compressedSize !== size) throw unreadable();
      unpacked = { size: data.length, crc: zlib.crc32(data) };
    } else {
      unpacked = await inflateCounting(data, remaining);
    }
    if (unpacked.size !== size || unpacked.crc >>> 0 !== crc) throw unreadable();
    remaining -= unpacked.size;
  }
}

/**
 * Inflates a deflate stream in the thread pool, keeping only its size and CRC. 413 past `limit`
 * bytes; 400 when the stream is corrupt, never ends (SheetJS's inflater would spin for good) or
 * does not end exactly at the end of `data` (SheetJS would inflate into whatever follows).
 */
function inflateCounting(data: Buffer, limit: number): Promise<{ size: number; crc: number }> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    let crc = 0;
    inflater.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflater.destroy();
        reject(tooLarge());
        return;
      }
      crc = zlib.crc32(chunk, crc);
    });
    inflater.on("error", () => reject(unreadable()));
    inflater.on("end", () => (inflater.bytesWritten === data.length ? resolve({ size, crc }) : reject(unreadable())));
    inflater.end(data);
  });
}

/** Plain JavaScript shipped beside this module, found from the server's working directory. */
const WORKER_FILE = path.resolve("app/infra/spreadsheet-file.worker.mjs");
/**
 * The largest legitimate file (10,000 rows with long addresses) parses within this heap; the
 * worker's whole cost stays within 150 MB on top of the server's own 270–350 MB, under the 960 MB
 * that the 1 GB machine allows.
 */
const WORKER_HEAP_MB = 64;
/** Wall-clock limit: the largest allowed file parses in about 1.5 s on a busy 2-core machine. */
const PARSE_TIME_LIMIT_MS = 6_000;
/** One worker at a time (memory); a few callers may wait for it, more are told to come back. */
const MAX_WAITING = 4;
/** Seconds to wait before trying again, as the message says. */
const BUSY_RETRY_AFTER_SEC = 60;

export type ParsedGrid = { firstRow: number; rows: string[][] };
type WorkerAnswer = ({ ok: true } & ParsedGrid) | { ok: false; reason: "unreadable" | "no-rows" };

const parseJobs = boundedQueue({
  concurrency: 1,
  waiting: MAX_WAITING,
  full: () => new AppError(429, BUSY, { retryAfterSec: BUSY_RETRY_AFTER_SEC }),
});
let workersStarted = 0;

/** How many files this process has handed to a parsing worker: each costs a thread and up to its limits. */
export function spreadsheetsParsed(): number {
  return workersStarted;
}

/**
 * The first sheet's cells as text (rows of strings, "" for empty), parsed by SheetJS in a worker
 * thread with a heap limit and a wall-clock limit. 400 UNREADABLE when SheetJS cannot read the
 * file or the worker crashes, 413 TOO_HEAVY when it runs out of time or memory, `noRows` (400)
 * when there is no sheet with cells, 429 when too many files wait to be read.
 */
export async function parseSpreadsheet(
  bytes: Uint8Array,
  {
    maxRows,
    maxCellChars,
    noRows,
    timeLimitMs = PARSE_TIME_LIMIT_MS,
  }: { maxRows: number; maxCellChars: number; noRows: string; timeLimitMs?: number },
): Promise<ParsedGrid> {
  return parseJobs.run(async () => {
    const copy = new Uint8Array(bytes);
    workersStarted += 1;
    const answer = await new Promise<WorkerAnswer | AppError>((resolve) => {
      const worker = new Worker(WORKER_FILE, {
        workerData: { bytes: copy, maxRows, maxCellChars },
        transferList: [copy.buffer],
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 8, stackSizeMb: 4 },
        // Not the server's loader flags (tsx): the worker is plain JavaScript.
        execArgv: [],
      });
      let settled = false;
      // Answers once the worker is gone, so that the next one starts only after its memory is freed.
      const settle = (value: WorkerAnswer | AppError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate().finally(() => resolve(value));
      };
      const timer = setTimeout(() => settle(new AppError(413, TOO_HEAVY)), timeLimitMs);
      worker.once("message", (message: WorkerAnswer) => settle(message));
      worker.once("error", (error: Error & { code?: string }) =>
        settle(
          error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new AppError(413, TOO_HEAVY) : new AppError(400, UNREADABLE),
        ),
      );
      worker.once("exit", () => settle(new AppError(400, UNREADABLE)));
    });
    if (answer instanceof AppError) throw answer;
    if (!answer.ok) throw new AppError(400, answer.reason === "no-rows" ? noRows : UNREADABLE);
    return { firstRow: answer.firstRow, rows: answer.rows };
  });
}
