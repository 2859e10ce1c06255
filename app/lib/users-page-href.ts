/** The search, page and open row of a page with the users list (/admin, /team). */
export type UsersPageState = { query?: string; page?: number; team?: number; manage?: number };

/**
 * The users page's address with its search, page and open row, and a fragment naming the panel to
 * land on: the dashboard is long, and a page that comes back at its top leaves the panel that was
 * used far below. An open row lands on itself (`#user-<id>`) unless another panel is named.
 */
export function usersPageHref(path: string, { query, page, team, manage }: UsersPageState, panel?: string): string {
  const params = new URLSearchParams();
  if (query) params.set("query", query);
  if (team) params.set("team", String(team));
  if (page && page > 1) params.set("page", String(page));
  if (manage) params.set("manage", String(manage));
  const fragment = panel ?? (manage ? `user-${manage}` : undefined);
  return `${path}${params.size > 0 ? `?${params}` : ""}${fragment ? `#${fragment}` : ""}`;
}
