import { z } from "~/lib/zod";
import { POST_TYPES } from "~/lib/post-types";
import { PROVINCES } from "~/lib/provinces";
import { REPORT_GROUPINGS, REPORT_PERIODS } from "~/lib/report-options";
import { calendarDateSchema, dayNumber } from "~/lib/calendar";
import { idSchema } from "~/lib/ids";
import { emptyToUndefined } from "~/models/checkin.schema";
import { TEAM_ID_INVALID } from "~/models/team.schema";

// The report's query: GET /reports and GET /api/reports read the same parameters. Browser-safe
// (no server imports), so the page's form and the API share the messages.

/** The longest period one report covers, in days: a year and a day. */
export const MAX_REPORT_DAYS = 366;

const RANGE_BACKWARDS = "From must be on or before To";
export const RANGE_TOO_LONG = `A report covers at most ${MAX_REPORT_DAYS} days`;

const calendarDate = (field: string) => z.preprocess(emptyToUndefined, calendarDateSchema(field).optional());

export const reportQuerySchema = z
  .object({
    /** A quick pick; without one, from and to; without those, this month so far (the rankings' period). */
    period: z.preprocess(emptyToUndefined, z.enum(REPORT_PERIODS, { error: "Unknown period" }).optional()),
    from: calendarDate("From"),
    to: calendarDate("To"),
    groupBy: z.preprocess(emptyToUndefined, z.enum(REPORT_GROUPINGS, { error: "Unknown grouping" }).default("officer")),
    officer: z.preprocess(emptyToUndefined, idSchema("Officer must be a user id").optional()),
    province: z.preprocess(emptyToUndefined, z.enum(PROVINCES, { error: "Unknown province" }).optional()),
    type: z.preprocess(emptyToUndefined, z.enum(POST_TYPES, { error: "Unknown post type" }).optional()),
    /** One team of the viewer's own (any team for an admin); without it, all the viewer's people. */
    team: z.preprocess(emptyToUndefined, idSchema(TEAM_ID_INVALID).optional()),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const days = dayNumber(query.to) - dayNumber(query.from) + 1;
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_BACKWARDS });
    else if (days > MAX_REPORT_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: RANGE_TOO_LONG });
  });

export type ReportQuery = z.infer<typeof reportQuerySchema>;
