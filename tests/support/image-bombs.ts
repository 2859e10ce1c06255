// Image bombs for the tests: small files whose headers promise huge pictures. Each is built by
// hand (no huge bitmap is ever held in memory) and cached per process, since deflating a
// 16000×16000 picture takes a moment.
import zlib from "node:zlib";

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngHeader(width: number, height: number, colourType: 0 | 2): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per channel
  ihdr[9] = colourType; // 0 grey, 2 RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr)]);
}

const cache = new Map<string, Promise<Buffer>>();

/**
 * A valid PNG of `width`×`height` black RGB pixels, deflated row by row at level 9: 16000×16000
 * (256 megapixels, under sharp's default limit of 268) is about 750 KB on the wire.
 */
export function pngBomb(width = 16_000, height = 16_000): Promise<Buffer> {
  const key = `png:${width}x${height}`;
  let made = cache.get(key);
  if (!made) {
    made = new Promise<Buffer>((resolve, reject) => {
      const deflate = zlib.createDeflate({ level: 9, memLevel: 9 });
      const parts: Buffer[] = [];
      deflate.on("data", (part: Buffer) => parts.push(part));
      deflate.on("error", reject);
      deflate.on("end", () => {
        const idat = Buffer.concat(parts);
        resolve(
          Buffer.concat([pngHeader(width, height, 2), pngChunk("IDAT", idat), pngChunk("IEND", Buffer.alloc(0))]),
        );
      });
      const row = Buffer.alloc(1 + width * 3); // filter byte 0, then black pixels
      let written = 0;
      const writeRows = () => {
        while (written < height) {
          written++;
          if (!deflate.write(row)) return void deflate.once("drain", writeRows);
        }
        deflate.end();
      };
      writeRows();
    });
    cache.set(key, made);
  }
  return made;
}

/**
 * A JPEG whose frame header claims `width`×`height` (up to 65535 each) followed by a few bytes
 * of scan data: a decoder that trusts the header allocates for the claim before it finds the lie.
 */
export function jpegHeaderLie(width = 65_000, height = 65_000): Buffer {
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ]);
  const dqt = Buffer.concat([Buffer.from([0xff, 0xdb, 0x00, 0x43, 0x00]), Buffer.alloc(64, 1)]);
  const dhtTable = (id: number) =>
    Buffer.concat([
      Buffer.from([0xff, 0xc4, 0x00, 0x14, id]),
      Buffer.from([1, ...Array<number>(15).fill(0)]),
      Buffer.from([0]),
    ]);
  const sos = Buffer.from([0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x00, 0x03, 0x00, 0x00, 0x3f, 0x00]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    dqt,
    dhtTable(0x00),
    dhtTable(0x10),
    sof,
    sos,
    Buffer.alloc(64, 0),
    Buffer.from([0xff, 0xd9]),
  ]);
}
