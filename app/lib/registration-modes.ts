/**
 * Who may join (decision 42). open: anyone who registers is in at once (the spec's flow);
 * approval: a new account waits for a manager or admin; domains: only emails of the company's
 * domains register; invite: only through an invite link. An invite link lets its holder in
 * under every mode.
 */
export const REGISTRATION_MODES = ["open", "approval", "domains", "invite"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** What a fresh deploy does when nothing is set: nobody sees the team's data before approval. */
export const DEFAULT_REGISTRATION_MODE: RegistrationMode = "approval";
