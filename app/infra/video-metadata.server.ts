// Phone videos carry where they were taken: MP4 and QuickTime files keep the position in
// moov/udta (the "©xyz" box), in moov/meta (Apple's com.apple.quicktime.location.ISO6709 key) and
// sometimes in XMP inside a "uuid" box, next to the make, model and software. Videos are stored as
// they are (no transcoding on a 512 MB machine), so these boxes are blanked in place: each becomes
// a zero-filled "free" box of the same size, so the sample offsets in stco/co64 stay right and
// every player skips it.

const CONTAINERS = new Set(["moov", "trak"]);
const METADATA = new Set(["udta", "meta", "uuid"]);
const FREE = [0x66, 0x72, 0x65, 0x65]; // "free"

function boxType(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
}

/** Blanks the metadata boxes among the boxes from `start` to `end`, descending into moov and trak. */
function blankMetadata(bytes: Uint8Array, start: number, end: number, depth: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > end) return;
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(end - at)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header || at + size > end) return; // a malformed box: leave the rest as it is
    const type = boxType(bytes, at);
    if (METADATA.has(type)) {
      bytes.set(FREE, at + 4);
      bytes.fill(0, at + header, at + size);
    } else if (CONTAINERS.has(type) && depth < 4) {
      blankMetadata(bytes, at + header, at + size, depth + 1);
    }
    at += size;
  }
}

/** A copy of an MP4 or QuickTime file with its metadata boxes (position, device) blanked. */
export function withoutVideoMetadata(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(bytes);
  blankMetadata(copy, 0, copy.byteLength, 0);
  return copy;
}
