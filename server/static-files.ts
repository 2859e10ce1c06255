// The build's files (scripts, styles, icons, the manifest), sent as the build compressed them:
// vite.config.ts writes a .br (brotli, quality 11) and a .gz (gzip, level 9) beside each text
// file, and the request's Accept-Encoding picks one (with Vary), so no CPU is spent compressing
// them per request and the phone gets the smallest bytes. They carry only the headers a static
// file needs: the CSP and the other document headers (server/security.ts) go to pages alone, and
// a file named by its content (immutable) needs no validator, as nobody revalidates it.
import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

export function builtFiles(directory: string, cache: { maxAge: string; immutable: boolean }): RequestHandler {
  return expressStaticGzip(directory, {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    index: false,
    serveStatic: {
      ...cache,
      etag: !cache.immutable,
      lastModified: !cache.immutable,
      acceptRanges: false,
      index: false,
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
      },
    },
  });
}
