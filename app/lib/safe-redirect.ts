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
  const path = documentPath(url);
  if (url.origin !== SITE || /^\/[/\\]/.test(path)) return fallback;
  return path;
}

/**
 * The page a URL shows: React Router fetches a page's data at "/dealers.data" ("/_root.data" for
 * "/") with its own `_routes` and `index` parameters; a person is sent back to the page, never to
 * its data.
 */
export function documentPath(url: URL): string {
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  if (search.getAll("index").every((value) => value === "")) search.delete("index");
  const query = search.toString();
  return `${pathname}${query ? `?${query}` : ""}${url.hash}`;
}
