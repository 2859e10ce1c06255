type Named = { firstName?: string | null; lastName?: string | null };

/** "Ayesha Khan", or "Field Officer" when no name is known. */
export function displayName(user: Named): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || "Field Officer";
}

/** Up to two letters for the avatar menu: "AK", or the username's first letter. */
export function initials(user: Named & { username: string }): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? "").join("");
  return (letters || user.username.charAt(0)).toUpperCase();
}
