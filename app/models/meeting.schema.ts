import { z } from "~/lib/zod";
import { idSchema } from "~/lib/ids";
import { type FarmerInput, farmerSchema, farmerSearchSchema, LAND_INVALID, phoneSchema } from "~/models/farmer.schema";
import type { MessageKey } from "~/locales/namespaces";

// A Farmer Meeting post's people (decision 95): how many came, and who of them are named. Named
// attendees are farmers the author's team works with (by id, or by phone as the form without
// JavaScript types them) and new farmers added on the spot. The post's schema (post.schema.ts)
// carries these fields; the model (meetings.server.ts) finds the farmers and writes them with the post.

export const MAX_HEAD_COUNT = 5000;
const MAX_NAMED_ATTENDEES = 200;
/** The empty rows for new farmers the form shows without JavaScript. */
export const NEW_FARMER_ROWS = 3;

// The messages a person can meet are catalogs' keys (posts.json; the numbers are MAX_HEAD_COUNT's
// and MAX_NAMED_ATTENDEES'). A malformed phone's message names what was typed, which a schema's
// message cannot carry as a value: it stays English words.
export const HEAD_COUNT_INVALID = "posts:errors.meeting.headCountInvalid" satisfies MessageKey;
export const HEAD_COUNT_BELOW_NAMED = "posts:errors.meeting.headCountBelowNamed" satisfies MessageKey;
const TOO_MANY_ATTENDEES = "posts:errors.meeting.tooManyAttendees" satisfies MessageKey;
const PHONES_TOO_LONG = "posts:errors.meeting.phonesTooLong" satisfies MessageKey;
const ATTENDEE_EITHER = "posts:errors.meeting.attendeeEither" satisfies MessageKey;
/** `{phone}`: the phone as it was typed. */
export const PHONE_NOT_A_FARMER = "posts:errors.meeting.phoneNotAFarmer" satisfies MessageKey;
export const NEW_FARMERS_SHARE_PHONE = "posts:errors.meeting.newFarmersSharePhone" satisfies MessageKey;

const phoneMalformed = (typed: string) => `${typed} is not a Pakistani mobile number, such as 0300 1234567`;

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A form's row whose fields are all empty is no attendee (the form without JavaScript shows empty rows). */
const blankRowToUndefined = (value: unknown) =>
  value !== null && typeof value === "object" && !Array.isArray(value) && Object.values(value).every(blank)
    ? undefined
    : value;

const { dealerId: _dealerId, ...newFarmerShape } = farmerSchema.shape;

/**
 * One named attendee: `{ farmerId }`, or a new farmer's fields (those of the register, without
 * the dealer). One object, every field optional, so that the messages keep the field's path.
 */
const attendeeSchema = z
  .object({
    farmerId: idSchema("farmerId must be a farmer's id").optional(),
    ...z.object(newFarmerShape).partial().shape,
  })
  .strict()
  .superRefine((attendee, ctx) => {
    if (attendee.farmerId !== undefined) {
      const { farmerId: _farmerId, mainCrops = [], ...farmer } = attendee;
      if (mainCrops.length > 0 || Object.values(farmer).some((value) => value !== undefined))
        ctx.addIssue({ code: "custom", path: ["farmerId"], message: ATTENDEE_EITHER });
      return;
    }
    const missing = (ok: unknown, path: string, message: string) => {
      if (ok === undefined) ctx.addIssue({ code: "custom", path: [path], message });
    };
    missing(attendee.name, "name", "posts:errors.meeting.nameRequired" satisfies MessageKey);
    missing(attendee.tehsil, "tehsil", "posts:errors.meeting.tehsilRequired" satisfies MessageKey);
    missing(attendee.district, "district", "posts:errors.meeting.districtRequired" satisfies MessageKey);
    missing(attendee.landAcres, "landAcres", LAND_INVALID);
  })
  .transform((attendee) => {
    if (attendee.farmerId !== undefined) return { farmerId: attendee.farmerId };
    // The check above found every field a new farmer needs.
    const { farmerId: _none, name = "", tehsil = "", district = "", landAcres = 0, mainCrops = [], ...rest } = attendee;
    return { farmer: { ...rest, name, tehsil, district, landAcres, mainCrops } satisfies FarmerInput };
  })
  .meta({
    description:
      "An existing farmer the author's team works with ({ farmerId }), or a new farmer added with the meeting (name, phone, village, tehsil, district, landAcres, mainCrops), who then belongs to the author's team",
  });
export type Attendee = z.output<typeof attendeeSchema>;

/** Phones typed one a line or comma-separated, each as the register keeps it ("+923001234567"). */
const attendeePhonesSchema = z
  .string({ error: "attendeePhones must be text" })
  .max(4000, PHONES_TOO_LONG)
  .transform((text, ctx) => {
    const phones: { typed: string; phone: string }[] = [];
    for (const typed of text
      .split(/[\n,;]+/)
      .map((part) => part.trim())
      .filter(Boolean)) {
      const parsed = phoneSchema.safeParse(typed);
      if (parsed.success) phones.push({ typed, phone: parsed.data });
      else ctx.addIssue({ code: "custom", message: phoneMalformed(typed) });
    }
    return phones;
  });

/** The meeting's fields of the post's schema: ignored for the other post types. */
export const meetingFields = {
  headCount: z
    .preprocess(
      (value) =>
        blank(value) ? undefined : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value,
      z
        .number({ error: HEAD_COUNT_INVALID })
        .int(HEAD_COUNT_INVALID)
        .min(1, HEAD_COUNT_INVALID)
        .max(MAX_HEAD_COUNT, HEAD_COUNT_INVALID)
        .optional(),
    )
    .meta({
      description:
        "Farmer Meeting: how many people came, named or not (at least the named attendees); left out, the number named",
    }),
  attendeePhones: z
    .preprocess((value) => (blank(value) ? undefined : value), attendeePhonesSchema.optional())
    .meta({
      type: "string",
      description:
        "Farmer Meeting: phones of farmers the author's team works with, one a line or comma-separated (the page's way of naming them)",
    }),
  attendees: z
    .array(z.preprocess(blankRowToUndefined, attendeeSchema.optional()), { error: "attendees must be a list" })
    .max(MAX_NAMED_ATTENDEES, TOO_MANY_ATTENDEES)
    .default([])
    .transform((rows) => rows.filter((row): row is Attendee => row !== undefined))
    .meta({ description: "Farmer Meeting: the farmers named, existing or new" }),
};

/** GET /api/farmers/{id}/meetings: one page of the meetings a farmer was named at, newest first. */
export const farmerMeetingsAnswer = z
  .looseObject({
    meetings: z.array(
      z.looseObject({
        postId: z.number().int().describe("The Farmer Meeting post"),
        createdAt: z.string(),
        headCount: z.number().int().nullable(),
        officer: z.looseObject({ id: z.number().int(), name: z.string() }),
      }),
    ),
    page: z.number().int().describe("This page, from 1"),
    hasMore: z.boolean().describe("Another page follows: ask for page + 1"),
  })
  .meta({ id: "FarmerMeetings" });

/** `?page=` of a farmer's meetings, as the register's pages. */
export const farmerMeetingsQuerySchema = farmerSearchSchema.pick({ page: true });
