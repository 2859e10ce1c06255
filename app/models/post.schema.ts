import { z } from "~/lib/zod";
import { PERIODS, type Period } from "~/lib/calendar";
import { idSchema } from "~/lib/ids";
import { parseMoneyToCents, saleTotalCents } from "~/lib/money";
import { CHECK_IN_TYPES, POST_TYPES, SALE_PRODUCTS } from "~/lib/post-types";
import { SENT_SOURCES } from "~/lib/location-quality";
import { meetingFields } from "~/models/meeting.schema";
import { audienceQuerySchema } from "~/models/team.schema";
import { plotFields, refinePlot } from "~/models/demo-plot.schema";
import {
  AMOUNT_INVALID,
  AMOUNT_REQUIRED,
  COMMENT_REQUIRED,
  COMMENT_TOO_LONG,
  DEALER_REQUIRED,
  DEALER_REQUIRED_TYPES,
  LOCATION_INCOMPLETE,
  MAX_COMMENT,
  PAID_INVALID,
  PAID_OVER_TOTAL,
  MAX_FILES,
  MAX_TEXT,
  PRICE_INVALID,
  PRICE_REQUIRED,
  PRODUCT_REQUIRED,
  QUANTITY_INVALID,
  QUANTITY_REQUIRED,
  TEXT_TOO_LONG,
  TOO_MANY_FILES,
  TYPE_REQUIRED,
} from "~/models/post.rules";
import type { MessageKey } from "~/locales/namespaces";

// The post, reaction, comment and check-in schemas: one per input, shared by the page forms
// (with Conform, in the browser too) and the /api calls. The messages a page can show are
// catalogs' keys (posts.json: /api says their English, a page the reader's language); those only
// an integrator meets (a field's machine format) stay English words.

export * from "~/models/post.rules";

/** "" (an emptied form field or a client's empty string) and `null` are "not given". */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const coordinate = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === "string" ? Number(given) : given;
    },
    z.number({ error: message }).min(min, message).max(max, message).optional(),
  );

const LATITUDE_INVALID = "posts:errors.latitudeInvalid" satisfies MessageKey;
const LONGITUDE_INVALID = "posts:errors.longitudeInvalid" satisfies MessageKey;
const ADDRESS_TOO_LONG = "posts:errors.addressTooLong" satisfies MessageKey;

const SOURCE_INVALID = "source must be one of GPS, TYPED, MAP, ADDRESS, API";
const ACCURACY_INVALID = "accuracy must be a number of metres from 0 to 100000";
const FIX_AT_INVALID = "fixAt must be the fix's time in milliseconds since 1970";
const numberOrText = (value: unknown) => {
  const given = blankToUndefined(value);
  return typeof given === "string" ? Number(given) : given;
};

/**
 * How the place was had, for posts and check-ins: optional, so
 * existing clients keep working; a page form without JavaScript sends none (its place is typed),
 * an API call none (its place comes from another tool).
 */
const locationQualityFields = {
  source: z
    .preprocess(blankToUndefined, z.enum(SENT_SOURCES, { error: SOURCE_INVALID }).optional())
    .meta({ description: "How the place was had; default TYPED from the page, API from other tools" }),
  accuracy: z
    .preprocess(
      numberOrText,
      z.number({ error: ACCURACY_INVALID }).min(0, ACCURACY_INVALID).max(100_000, ACCURACY_INVALID).optional(),
    )
    .meta({ description: "The fix's accuracy radius in metres" }),
  fixAt: z
    .preprocess(
      numberOrText,
      z
        .number({ error: FIX_AT_INVALID })
        .int(FIX_AT_INVALID)
        .min(0, FIX_AT_INVALID)
        .max(8.64e15, FIX_AT_INVALID)
        .optional(),
    )
    .meta({ description: "When the phone took the fix (GPS), in ms since 1970" }),
};

/** Amounts travel as strings ("3850.00") and may come as numbers from other tools. */
const moneyText = (invalid: string) =>
  z
    .preprocess(
      (value) => {
        const given = blankToUndefined(value);
        return typeof given === "number" ? String(given) : given;
      },
      z
        .string({ error: invalid })
        .trim()
        .refine(
          (text) => parseMoneyToCents(text) !== null && (parseMoneyToCents(text) ?? 0) <= 1_000_000_000_00,
          invalid,
        )
        .optional(),
    )
    .meta({
      type: ["string", "number"],
      description: 'An amount with at most 2 decimals, like "1250.00", as text or a number',
    });

const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === "string" && /^\s*\d+\s*$/.test(given) ? Number(given) : given;
    },
    z.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

/** The dealer selector's "add new dealer" choice is sent as no dealer. */
const dealerId = z.preprocess(
  (value) => {
    const given = blankToUndefined(value);
    return given === "new" ? undefined : given;
  },
  idSchema("posts:errors.dealerInvalid" satisfies MessageKey).optional(),
);

/** A file already uploaded through POST /api/objects/upload, as the post refers to it. */
const mediaReferenceSchema = z
  .object({
    url: z.string({ error: "Each media item needs the url it was uploaded to" }).trim().min(1).max(1000),
    kind: z.enum(["IMAGE", "VIDEO"], { error: "Media kind must be IMAGE or VIDEO" }).optional(),
    mimeType: z.string().max(100).optional(),
    name: z.string().max(255).optional(),
    durationSec: z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : blankToUndefined(value)),
      z
        .number({ error: "durationSec must be a number of seconds" })
        .min(0)
        .max(24 * 3600)
        .optional(),
    ),
  })
  .strict();

/** A file of a refused post kept on the server for the next try: the form sends it back as a reference. */
export type KeptFile = { url: string; name: string; kind: "IMAGE" | "VIDEO" };

/** The media a refused post form sent (files kept from an earlier try), to attach again; none when malformed. */
export const sentMediaSchema = z.array(mediaReferenceSchema).catch([]);

const postFields = {
  type: z.enum(POST_TYPES, { error: TYPE_REQUIRED }),
  text: z.string({ error: "Description must be text" }).max(MAX_TEXT, TEXT_TOO_LONG).default(""),
  lat: coordinate(-90, 90, LATITUDE_INVALID),
  lng: coordinate(-180, 180, LONGITUDE_INVALID),
  address: z.preprocess(
    blankToUndefined,
    z.string({ error: "Address must be text" }).trim().max(300, ADDRESS_TOO_LONG).optional(),
  ),
  ...locationQualityFields,
  saleProduct: z.preprocess(blankToUndefined, z.enum(SALE_PRODUCTS, { error: PRODUCT_REQUIRED }).optional()),
  saleQty: wholeNumber(QUANTITY_INVALID, 1, 100_000),
  salePrice: moneyText(PRICE_INVALID),
  /** Accepted because existing clients send it, and ignored: the server computes the total. */
  saleTotal: z.unknown().optional().meta({ description: "Ignored: the server computes the total (price × quantity)" }),
  /** What the dealer paid of a sale at the counter (empty: all on credit); ignored for other types. */
  salePaid: moneyText(PAID_INVALID).meta({
    type: ["string", "number"],
    description: "Sales only: what the dealer paid at the counter, at most the total (empty: all on credit)",
  }),
  recoveryAmount: moneyText(AMOUNT_INVALID),
  dealerId,
  media: z.array(mediaReferenceSchema, { error: "media must be a list" }).max(MAX_FILES, TOO_MANY_FILES).default([]),
  ...plotFields,
  ...meetingFields,
};

/**
 * A place New Post is opened with (`/new-post?lat&lng&address`, e.g. "Log visit" of a visit plan):
 * the post's own place fields, both coordinates or none.
 */
export const postPlaceSchema = z
  .object({ lat: postFields.lat, lng: postFields.lng, address: postFields.address })
  .refine((place) => (place.lat === undefined) === (place.lng === undefined), LOCATION_INCOMPLETE);

/** POST /api/posts and the /new-post form (whose files travel separately, see post.server.ts). */
export const postSchema = z.object(postFields).superRefine((post, ctx) => {
  const require = (ok: unknown, path: string, message: string) => {
    if (ok === undefined || ok === null) ctx.addIssue({ code: "custom", path: [path], message });
  };
  if ((post.lat === undefined) !== (post.lng === undefined)) {
    ctx.addIssue({ code: "custom", path: [post.lat === undefined ? "lat" : "lng"], message: LOCATION_INCOMPLETE });
  }
  if (post.type === "SALE") {
    require(post.saleProduct, "saleProduct", PRODUCT_REQUIRED);
    require(post.saleQty, "saleQty", QUANTITY_REQUIRED);
    require(post.salePrice, "salePrice", PRICE_REQUIRED);
    const paid = parseMoneyToCents(post.salePaid ?? "");
    const price = parseMoneyToCents(post.salePrice ?? "");
    if (paid !== null && price !== null && post.saleQty !== undefined && paid > saleTotalCents(price, post.saleQty))
      ctx.addIssue({ code: "custom", path: ["salePaid"], message: PAID_OVER_TOTAL });
  }
  if (post.type === "RECOVERY") require(post.recoveryAmount, "recoveryAmount", AMOUNT_REQUIRED);
  if (DEALER_REQUIRED_TYPES.has(post.type)) require(post.dealerId, "dealerId", DEALER_REQUIRED);
  refinePlot(post, ctx);
});
export type PostInput = z.infer<typeof postSchema>;

export const reactionSchema = z.object({
  type: z.literal("LIKE", { error: "Reaction type must be LIKE" }).default("LIKE"),
});

export const commentSchema = z.object({
  text: z.string({ error: COMMENT_REQUIRED }).trim().min(1, COMMENT_REQUIRED).max(MAX_COMMENT, COMMENT_TOO_LONG),
});

export const checkInSchema = z.object({
  type: z
    .enum(CHECK_IN_TYPES, { error: `Check-in type must be one of ${CHECK_IN_TYPES.join(", ")}` })
    .default("CHECK_IN"),
  lat: z.number({ error: "lat and lng are required" }).min(-90, LATITUDE_INVALID).max(90, LATITUDE_INVALID),
  lng: z.number({ error: "lat and lng are required" }).min(-180, LONGITUDE_INVALID).max(180, LONGITUDE_INVALID),
  address: z.preprocess(blankToUndefined, z.string().trim().max(300, ADDRESS_TOO_LONG).optional()),
  ...locationQualityFields,
});

/** `?period=` of the rankings; anything else is the default, the current month. */
export function periodFrom(value: string | null | undefined): Period {
  return (PERIODS as readonly string[]).includes(value ?? "") ? (value as Period) : "month";
}

/** `GET /api/agents/rankings?period=`: an integrator's typo is a 400, not silently "month". */
export const rankingsQuerySchema = z
  .object({
    period: z.enum(PERIODS, { error: `period must be one of ${PERIODS.join(", ")}` }).default("month"),
  })
  .extend(audienceQuerySchema.shape);

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/**
 * The feed page's posts at a time, first page and each "Load More Posts": fewer than the API's 20, so
 * a phone renders and hydrates half the cards before the officer can tap (decision 53).
 */
export const FEED_PAGE_SIZE = 10;

/** `?limit=`: default 20, at most 100; anything unreadable answers 400 on /api. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce
    .number({ error: "limit must be a whole number from 1 to 100" })
    .int("limit must be a whole number from 1 to 100")
    .min(1, "limit must be a whole number from 1 to 100")
    .max(MAX_PAGE_SIZE, "limit must be a whole number from 1 to 100")
    .default(DEFAULT_PAGE_SIZE),
});

/** `GET /api/posts`: a page of the feed, of the viewer's own people, the company's or one team's. */
export const feedQuerySchema = pageQuerySchema.extend(audienceQuerySchema.shape);
