// A base no request can have, so "same origin" below means "a path on this site".
const SITE = "http://site.invalid";

/**
 * Only same-origin paths: "/profile" passes; "//evil.example", "https://…", "/\evil.example" and
 * "/<tab>/evil.example" (browsers drop tabs and newlines, making it "//evil.example") fall back.
 * The path is normalised first and checked after: "/.//evil.example" normalises to
 * "//evil.example", which a browser reads as another host, so it falls back too.
 * The answer is the path as a URL parser reads it, so it carries no control characters either.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== SITE || /^\/[\/\\]/.test(path)) return fallback;
  return path;
}
