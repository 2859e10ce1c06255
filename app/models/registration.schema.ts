import { REGISTRATION_MODES, type RegistrationMode } from "~/lib/registration-modes";
import { z } from "~/lib/zod";

// Who may join (decision 42): the admin's setting, with its default from the environment.

export const REGISTRATION_MODE_LABELS: Record<RegistrationMode, string> = {
  open: "Open: anyone who registers is in at once",
  approval: "Approval: new accounts wait for a manager or admin",
  domains: "Company email domains only",
  invite: "Invite links only",
};

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** Email domains, lower-cased, written one per line or separated by commas or spaces. */
export const domainListSchema = z
  .string()
  .max(2000, "Domains must be 2000 characters or less")
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
    domains: domainListSchema.default([]),
  })
  .refine((settings) => settings.mode !== "domains" || settings.domains.length > 0, {
    message: "Name at least one email domain",
    path: ["domains"],
  });
export type RegistrationSettings = { mode: RegistrationMode; domains: string[] };
