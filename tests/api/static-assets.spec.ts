import http from "node:http";
import zlib from "node:zlib";
import { expect, test } from "../e2e/support/fixtures";

// Issue 16, item 1: scripts, styles and the build's other text files go out as the build
// compressed them (brotli at quality 11, gzip at level 9), chosen by Accept-Encoding, with only
// the headers a static file needs; pages keep their compression made per request and their CSP.

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET with exactly these request headers, the body as it came over the wire (not decoded). */
function rawGet(baseURL: string, path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, baseURL), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

const brotli11 = (body: Buffer) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });

test("scripts, the route manifest, styles, the icon and the web manifest go out precompressed by Accept-Encoding, with a static file's headers only", async ({
  baseURL,
}) => {
  const page = await rawGet(baseURL!, "/login", { "Accept-Encoding": "identity" });
  const html = page.body.toString("utf8");
  // React Router's route manifest (written during the server's build, decision 56) names every chunk.
  const routes = html.match(/\/assets\/manifest-[\w-]+\.js/)?.[0];
  const style = html.match(/\/assets\/[\w-]+\.css/)?.[0];
  expect(routes, "the route manifest is loaded by the page").toBeTruthy();
  expect(style, "a stylesheet is linked from the page").toBeTruthy();
  const manifest = (await rawGet(baseURL!, routes!, { "Accept-Encoding": "identity" })).body.toString("utf8");
  const script = manifest.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
  expect(script, "the framework chunk is in the route manifest").toBeTruthy();

  for (const path of [routes!, script!, style!, "/favicon.svg", "/manifest.webmanifest"]) {
    const plain = await rawGet(baseURL!, path, { "Accept-Encoding": "identity" });
    expect(plain.status, path).toBe(200);
    expect(plain.headers["content-encoding"], path).toBeUndefined();

    const br = await rawGet(baseURL!, path, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"], path).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);
    // Brotli at quality 11 makes exactly these bytes; the on-the-fly compression it replaces did not.
    expect(br.body.length, path).toBe(brotli11(plain.body).length);
    expect(br.headers["content-type"]?.toLowerCase(), path).toBe(plain.headers["content-type"]?.toLowerCase());

    const gzip = await rawGet(baseURL!, path, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"], path).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(plain.body), path).toBe(true);

    for (const response of [plain, br, gzip]) {
      expect(response.headers.vary, path).toContain("Accept-Encoding");
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers["cross-origin-resource-policy"], path).toBe("same-origin");
      for (const documentOnly of [
        "content-security-policy",
        "cross-origin-opener-policy",
        "x-frame-options",
        "origin-agent-cluster",
        "referrer-policy",
      ]) {
        expect(response.headers[documentOnly], `${path} ${documentOnly}`).toBeUndefined();
      }
    }
    if (path.startsWith("/assets/")) {
      expect(br.headers["cache-control"], path).toBe("public, max-age=31536000, immutable");
      // Named by its content: nobody revalidates it, so it carries no validator.
      expect(br.headers.etag, path).toBeUndefined();
      expect(br.headers["last-modified"], path).toBeUndefined();
    } else {
      expect(br.headers["cache-control"], path).toBe("public, max-age=3600");
      expect(br.headers.etag, path).toBeTruthy();
    }
  }

  expect(page.headers["content-security-policy"]).toContain("script-src");
  const compressedPage = await rawGet(baseURL!, "/login", { "Accept-Encoding": "gzip" });
  expect(compressedPage.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(compressedPage.body).toString("utf8")).toContain("</html>");
});
