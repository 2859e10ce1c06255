// A fake "network edge" for tests: the map tile server and the reverse geocoder the app would
// reach on the internet, served locally and deterministically. Plain Node, no dependencies.
//
//   GET /tiles/{z}/{x}/{y}.png                 a 256×256 PNG tile (light grey with a border)
//   GET /reverse?format=jsonv2&lat=..&lon=..   Nominatim-style JSON; display_name is
//       "Fake Street 12, Model Town, Lahore, Punjab, Pakistan (<lat>, <lon>)" with the
//       coordinates rounded to 4 decimals; lat=0&lon=0 answers {"error":"Unable to geocode"}
//   GET /search?format=jsonv2&q=..            Nominatim-style search: one match at 31.4187, 73.0791
//       named "<q>, Pakistan"; a q containing "nowhere" finds nothing ([]), and one containing
//       "geocoder down" answers 503 (so the app falls back to its town table)
//   GET /__requests                            the paths requested so far (for assertions)
//   anything else                              404
import http from "node:http";
import zlib from "node:zlib";

const FAKE_STREET = "Fake Street 12, Model Town, Lahore, Punjab, Pakistan";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 RGB PNG: a light grey tile with a darker 1 px border, so tile seams show. */
function makeTile() {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const offset = y * (1 + size * 3);
    rows[offset] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0;
      const [r, g, b] = edge ? [200, 206, 211] : [232, 236, 239];
      rows.set([r, g, b], offset + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const TILE_PNG = makeTile();

function reverseGeocode(latText, lonText) {
  const lat = Number(latText);
  const lon = Number(lonText);
  if (latText === null || lonText === null || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    return { status: 400, body: { error: { code: 400, message: "Parameter 'lat' and 'lon' must be numbers" } } };
  }
  const latRounded = lat.toFixed(4);
  const lonRounded = lon.toFixed(4);
  if (Number(latRounded) === 0 && Number(lonRounded) === 0) {
    return { status: 200, body: { error: "Unable to geocode" } };
  }
  return {
    status: 200,
    body: {
      place_id: 1000,
      lat: latRounded,
      lon: lonRounded,
      display_name: `${FAKE_STREET} (${latRounded}, ${lonRounded})`,
      address: {
        house_number: "12",
        road: "Fake Street",
        suburb: "Model Town",
        city: "Lahore",
        state: "Punjab",
        country: "Pakistan",
        country_code: "pk",
      },
    },
  };
}

export const FAKE_SEARCH_POINT = { lat: 31.4187, lng: 73.0791 };

function search(q) {
  const text = (q ?? "").toLowerCase();
  if (text.includes("geocoder down")) return { status: 503, body: { error: "Service unavailable" } };
  if (!text.trim() || text.includes("nowhere")) return { status: 200, body: [] };
  return {
    status: 200,
    body: [
      {
        place_id: 2000,
        lat: String(FAKE_SEARCH_POINT.lat),
        lon: String(FAKE_SEARCH_POINT.lng),
        display_name: `${q}, Pakistan`,
      },
    ],
  };
}

/**
 * Starts the fake edge on 127.0.0.1. Port 0 picks a free port.
 * Resolves to { url, port, requests, close() }.
 */
export function startFakeEdge({ port = 0, host = "127.0.0.1" } = {}) {
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${host}`);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      res.writeHead(200, {
        "Content-Type": "image/png",
        "Content-Length": TILE_PNG.length,
        "Cache-Control": "public, max-age=86400",
        "Access-Control-Allow-Origin": "*",
      });
      res.end(req.method === "HEAD" ? undefined : TILE_PNG);
      return;
    }
    if (url.pathname === "/reverse") {
      const { status, body } = reverseGeocode(url.searchParams.get("lat"), url.searchParams.get("lon"));
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
      return;
    }
    if (url.pathname === "/search") {
      const { status, body } = search(url.searchParams.get("q"));
      res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
      return;
    }
    if (url.pathname === "/__requests") {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(requests));
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      resolve({
        url: `http://${host}:${actualPort}`,
        port: actualPort,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
