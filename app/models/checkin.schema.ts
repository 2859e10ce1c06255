import { z } from "~/lib/zod";
import { isCalendarDate } from "~/lib/calendar";
import { idSchema } from "~/lib/ids";
import { PROVINCES } from "~/lib/provinces";
import type { MessageKey } from "~/locales/namespaces";
import { TEAM_ID_INVALID } from "~/models/team.schema";

// The map's query: GET /dealer-map and GET /api/agents/checkins read the same parameters.
// Browser-safe (no server imports), so the page's form and the API share the messages: catalogs'
// keys (decision 101), said in the reader's language on the pages and in English on /api.

export const DATE_REQUIRED: MessageKey = "map:errors.dateRequired";
/** lib/calendar.ts's calendarDateMessage("Query parameter date") in English, as a key the page says in Urdu too. */
export const DATE_INVALID: MessageKey = "map:errors.dateInvalid";

/** A filter left at "All" or empty is no filter. */
export const emptyToUndefined = (value: unknown) =>
  value === "" || value === "All" || value === null ? undefined : value;

export const checkInQuerySchema = z.object({
  date: z.string({ error: DATE_REQUIRED }).min(1, DATE_REQUIRED).pipe(z.string().refine(isCalendarDate, DATE_INVALID)),
  province: z.preprocess(emptyToUndefined, z.enum(PROVINCES, { error: "map:errors.unknownProvince" }).optional()),
  agent: z.preprocess(emptyToUndefined, idSchema("map:errors.agentInvalid").optional()),
  /** One team of the viewer's own (any team for an admin); without it, all the viewer's people. */
  team: z.preprocess(emptyToUndefined, idSchema(TEAM_ID_INVALID).optional()),
});

export type CheckInQuery = z.infer<typeof checkInQuerySchema>;

/** The managers' "Location quality" (page and GET /api/agents/location-quality): one day, perhaps one team. */
export const locationQualityQuerySchema = checkInQuerySchema.pick({ date: true, team: true });
