import type { Role } from "~/lib/roles";
import type { MessageKey } from "~/locales/namespaces";

/** A role as the admin pages show it: the code itself in English, a word in Urdu. */
export const ROLE_LABELS: Record<Role, MessageKey> = {
  OFFICER: "admin:role.OFFICER",
  MANAGER: "admin:role.MANAGER",
  ADMIN: "admin:role.ADMIN",
};
