import { idSchema } from "~/lib/ids";
import { PROVINCES } from "~/lib/provinces";
import { z } from "~/lib/zod";

// The teams' schemas (decision 42): one per input, shared by the admin forms and /api.

/** A team as lists and cards show it. */
export type TeamView = { id: number; name: string };

export const TEAM_ID_INVALID = "team must be a team's id";
const SCOPE_INVALID = "scope must be team or company";

/**
 * `?scope=team|company&team=<id>` on the scoped lists: the viewer's own teams by default, the
 * whole company where the list allows it, or one team (an admin's filter, a manager's one team).
 */
export const audienceQuerySchema = z.object({
  scope: z.enum(["team", "company"], { error: SCOPE_INVALID }).optional(),
  team: idSchema(TEAM_ID_INVALID).optional(),
});

/** `?team=<id>` alone: the lists that never widen past the viewer's own people. */
export const teamFilterSchema = audienceQuerySchema.pick({ team: true });

const DISTRICT_MAX = 60;

/** A team: its name and the provinces and districts of its territory. */
export const teamSchema = z.object({
  name: z
    .string({ error: "Team name is required" })
    .trim()
    .min(1, "Team name is required")
    .max(60, "Team name must be 60 characters or less"),
  provinces: z
    .array(z.enum(PROVINCES, { error: "Choose provinces from the list" }))
    .max(PROVINCES.length)
    .default([]),
  /** Districts as dealers' cities are written, one per line or comma-separated in the form. */
  districts: z
    .array(z.string().trim().min(1).max(DISTRICT_MAX, `A district must be ${DISTRICT_MAX} characters or less`), {
      error: "Districts must be a list of names",
    })
    .max(100, "At most 100 districts")
    .default([]),
});
export type TeamInput = z.infer<typeof teamSchema>;
