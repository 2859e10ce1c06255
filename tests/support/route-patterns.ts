import routes from "../../app/routes";

type RouteEntry = { path?: string; index?: boolean; children?: RouteEntry[] };

function patterns(entries: RouteEntry[], prefix: string): string[] {
  return entries.flatMap((entry) => {
    const path =
      entry.path === undefined ? prefix : entry.path === "*" && prefix === "" ? "*" : `${prefix}/${entry.path}`;
    const own = entry.index ? [prefix || "/"] : entry.path !== undefined ? [path] : [];
    return [...own, ...patterns(entry.children ?? [], entry.path === undefined ? prefix : path)];
  });
}

/** Every URL pattern of app/routes.ts: "/" for the index, "/api/posts/:id/react", "*"… */
export function routePatterns(): string[] {
  return [...new Set(patterns(routes as RouteEntry[], ""))];
}
