// What the users pages (the admin's /admin, a manager's /team) read from their address.
import { userIdSchema, userSearchSchema, type UserSearch } from "~/models/admin.schema";

/** The users search of the request's address; a malformed one shows the first page of everyone. */
export function readUserSearch(request: Request): UserSearch {
  const parsed = userSearchSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return parsed.success ? parsed.data : {};
}

/** `?manage=<id>`: the user whose row shows its actions; anything else opens none. */
export function readOpenUser(request: Request): number | undefined {
  const parsed = userIdSchema.safeParse(new URL(request.url).searchParams.get("manage") ?? undefined);
  return parsed.success ? parsed.data : undefined;
}
