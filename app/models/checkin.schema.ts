import { z } from "~/lib/zod";
import { calendarDateMessage, calendarDateSchema } from "~/lib/calendar";
import { idSchema } from "~/lib/ids";
import { PROVINCES } from "~/lib/provinces";
import { TEAM_ID_INVALID } from "~/models/team.schema";

// The map's query: GET /dealer-map and GET /api/agents/checkins read the same parameters.
// Browser-safe (no server imports), so the page's form and the API share the messages.

export const DATE_REQUIRED = "Query parameter date is required (yyyy-MM-dd)";
export const DATE_INVALID = calendarDateMessage("Query parameter date");

/** A filter left at "All" or empty is no filter. */
export const emptyToUndefined = (value: unknown) =>
  value === "" || value === "All" || value === null ? undefined : value;

export const checkInQuerySchema = z.object({
  date: z.string({ error: DATE_REQUIRED }).min(1, DATE_REQUIRED).pipe(calendarDateSchema("Query parameter date")),
  province: z.preprocess(emptyToUndefined, z.enum(PROVINCES, { error: "Unknown province" }).optional()),
  agent: z.preprocess(emptyToUndefined, idSchema("Agent must be a user id").optional()),
  /** One team of the viewer's own (any team for an admin); without it, all the viewer's people. */
  team: z.preprocess(emptyToUndefined, idSchema(TEAM_ID_INVALID).optional()),
});

export type CheckInQuery = z.infer<typeof checkInQuerySchema>;

/** The managers' "Location quality" (page and GET /api/agents/location-quality): one day, perhaps one team. */
export const locationQualityQuerySchema = checkInQuerySchema.pick({ date: true, team: true });
