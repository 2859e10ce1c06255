import { z } from "~/lib/zod";
import { POST_TYPES } from "~/lib/post-types";
import { PROVINCES } from "~/lib/provinces";
import { REPORT_GROUPINGS, REPORT_PERIODS } from "~/lib/report-options";
import { dayNumber, isCalendarDate } from "~/lib/calendar";
import { idSchema } from "~/lib/ids";
import { emptyToUndefined } from "~/models/checkin.schema";
import { TEAM_ID_INVALID } from "~/models/team.schema";
import type { MessageKey } from "~/locales/namespaces";

// The report's query: GET /reports and GET /api/reports read the same parameters. Browser-safe
// (no server imports), so the page's form and the API share the messages.

/** The longest period one report covers, in days: a year and a day. */
export const MAX_REPORT_DAYS = 366;

// The messages are catalogs' keys (decision 101), said in the reader's language at the edge; a
// schema's message carries no values, so the catalogs write MAX_REPORT_DAYS and the dates' bounds out.
const RANGE_BACKWARDS: MessageKey = "reports:errors.rangeBackwards";
export const RANGE_TOO_LONG: MessageKey = "reports:errors.rangeTooLong";
export const UNKNOWN_GROUPING: MessageKey = "reports:errors.unknownGrouping";

/** A calendar date (yyyy-MM-dd, as lib/calendar's calendarDateSchema reads it) or nothing. */
const calendarDate = (message: MessageKey) =>
  z.preprocess(emptyToUndefined, z.string({ error: message }).refine(isCalendarDate, message).optional());

export const reportQuerySchema = z
  .object({
    /** A quick pick; without one, from and to; without those, this month so far (the rankings' period). */
    period: z.preprocess(
      emptyToUndefined,
      z.enum(REPORT_PERIODS, { error: "reports:errors.unknownPeriod" }).optional(),
    ),
    from: calendarDate("reports:errors.fromInvalid"),
    to: calendarDate("reports:errors.toInvalid"),
    groupBy: z.preprocess(emptyToUndefined, z.enum(REPORT_GROUPINGS, { error: UNKNOWN_GROUPING }).default("officer")),
    officer: z.preprocess(emptyToUndefined, idSchema("reports:errors.officerInvalid").optional()),
    province: z.preprocess(emptyToUndefined, z.enum(PROVINCES, { error: "reports:errors.unknownProvince" }).optional()),
    type: z.preprocess(emptyToUndefined, z.enum(POST_TYPES, { error: "reports:errors.unknownPostType" }).optional()),
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
