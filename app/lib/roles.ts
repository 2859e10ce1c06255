/** The account roles (new registrations are OFFICER), without zod, for pages that only list them. */
export const ROLES = ["OFFICER", "MANAGER", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];
