// The build's files, sent as the build compressed them: vite.config.ts writes a .br and a .gz
// beside each text file and Accept-Encoding picks one (with Vary), so no CPU is spent compressing
// per request. They carry only a static file's headers: the CSP and the other document headers go
// to pages alone, and an immutable file needs no validator, as nobody revalidates it.
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
