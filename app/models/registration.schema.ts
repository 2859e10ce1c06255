import { idSchema } from "~/lib/ids";
import { REGISTRATION_MODES, type RegistrationMode } from "~/lib/registration-modes";
import { z } from "~/lib/zod";
import type { MessageKey } from "~/locales/namespaces";

// Who may join (decision 42): the admin's setting, with its default from the environment.

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Email domains, lower-cased: a list (JSON), or text with one per line or separated by commas or
 * spaces; none when empty or left out.
 */
const domainListSchema = z
  .union([z.string(), z.array(z.string())], {
    error: "Domains must be a list of domains, or text with one per line",
  })
  .optional()
  .transform((value = "") => (Array.isArray(value) ? value.join(",") : value))
  .refine((text) => text.length <= 2000, "Domains must be 2000 characters or less")
  .transform((text) => [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.string().regex(DOMAIN, "Write each domain as example.com")).max(50, "At most 50 domains"));

export const registrationSettingsSchema = z
  .object({
    mode: z.enum(REGISTRATION_MODES, { error: `mode must be one of ${REGISTRATION_MODES.join(", ")}` }),
    domains: domainListSchema,
  })
  .refine((settings) => settings.mode !== "domains" || settings.domains.length > 0, {
    message: "Name at least one email domain",
    path: ["domains"],
  });
export type RegistrationSettings = { mode: RegistrationMode; domains: string[] };

export const registrationSettingsAnswerSchema = z.object({
  mode: z.enum(REGISTRATION_MODES),
  domains: z.array(z.string()),
});

export const APPROVAL_TEAM_REQUIRED: MessageKey = "people:errors.approvalTeamRequired";

/** Approving a waiting account puts it in a team; an invite link is for a team too. */
export const teamChoiceSchema = z.object({ teamId: idSchema(APPROVAL_TEAM_REQUIRED) });

export const pendingAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  homeAddress: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type PendingAccount = z.infer<typeof pendingAccountSchema>;

export const inviteSchema = z.object({
  /** The link to send: /register?invite=…, shown once (only its hash is kept). */
  url: z.url(),
  team: z.object({ id: z.number().int(), name: z.string() }),
  expiresAt: z.iso.datetime(),
});
export type InviteLink = z.infer<typeof inviteSchema>;
