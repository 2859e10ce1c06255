import { z } from "~/lib/zod";
import { CROPS } from "~/lib/crops";
import { idSchema } from "~/lib/ids";
import { phoneKey } from "~/lib/phone";

// The farmer register's inputs (decision 94): one schema shared by the add and edit forms and
// POST/PATCH /api/farmers. Land is typed in acres and kept in hundredths of an acre.

export const FARMER_NOT_FOUND = "Farmer not found.";
export const FARMER_ERASED = "This farmer's personal data has already been erased.";
export const ERASED_NAME = "Erased farmer";
export const FARMERS_PAGE_SIZE = 20;
/** The least and most land a farmer may have, in hundredths of an acre: 0.01 to 10,000 acres. */
const LAND_MIN = 1;
const LAND_MAX = 1_000_000;

export const LAND_INVALID = "Land must be from 0.01 to 10,000 acres, with at most two decimals";
const PHONE_INVALID = "Phone must be a Pakistani mobile number, such as 0300 1234567";
const CROP_INVALID = `Main crops must be among: ${CROPS.join(", ")}`;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or less`);

/**
 * Acres as typed ("2.5") or sent (2.5), as hundredths of an acre (250), from 0.01 acres to `most`
 * hundredths (a farmer's land, a demo plot's).
 */
export const acresSchema = (message: string, most: number) =>
  z
    .union(
      [
        // A JSON number, with at most two decimals. Not z.number(): the form's reader would turn
        // typed text ("1e3", "1.005") into a number for it, past the text's own check below.
        z
          .custom<number>(
            (acres) =>
              typeof acres === "number" && Number.isFinite(acres) && Number.isInteger(Math.round(acres * 1e6) / 1e4),
            message,
          )
          .meta({ type: "number" }),
        z
          .string()
          .trim()
          .regex(/^\d{1,5}(\.\d{1,2})?$/, message)
          .transform(Number),
      ],
      {
        error: message,
      },
    )
    .transform((acres) => Math.round(acres * 100))
    .pipe(z.number().int(message).min(LAND_MIN, message).max(most, message));

/** A mobile as officers type it ("0300-1234567"), kept in one international form: "+923001234567". */
export const phoneSchema = z
  .string({ error: PHONE_INVALID })
  .trim()
  .max(30, PHONE_INVALID)
  .transform(phoneKey)
  // The form reader reads an emptied text as none: a phone of no digits must still say what a phone is.
  .pipe(z.string({ error: PHONE_INVALID }).regex(/^923\d{9}$/, PHONE_INVALID))
  .transform((digits) => `+${digits}`);

/** One crop or several (a form's repeated checkbox sends one as text). */
const cropsSchema = z
  .union([z.enum(CROPS, { error: CROP_INVALID }), z.array(z.enum(CROPS, { error: CROP_INVALID }))], {
    error: CROP_INVALID,
  })
  .transform((crops) => [...new Set(Array.isArray(crops) ? crops : [crops])]);

export const farmerSchema = z.object({
  name: required("Name", 100),
  phone: phoneSchema.nullish(),
  village: z.string().trim().max(100, "Village must be 100 characters or less").nullish(),
  tehsil: required("Tehsil", 100),
  district: required("District", 100),
  landAcres: acresSchema(LAND_INVALID, LAND_MAX),
  mainCrops: cropsSchema.default([]),
  dealerId: idSchema("dealerId must be a dealer's id").nullish(),
  teamId: idSchema("teamId must be a team's id").optional().meta({
    description: "The team that works with them: the caller's when not given; one they lead, or any for an admin",
  }),
});
export type FarmerInput = z.infer<typeof farmerSchema>;

/** PATCH /api/farmers/{id}: the fields sent change; `null` clears an optional one. */
export const farmerPatchSchema = farmerSchema.partial();
export type FarmerPatch = z.infer<typeof farmerPatchSchema>;

export const farmerSearchSchema = z.object({
  query: z.string().trim().max(100, "Search text must be 100 characters or less").optional(),
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(100_000, "page must be a whole number from 1")
    .default(1),
});
export type FarmerSearch = z.infer<typeof farmerSearchSchema>;

/** A farmer as GET /api/farmers/{id} answers them (and the change feed carries them). */
export const farmerAnswer = z
  .looseObject({
    id: z.number().int(),
    name: z.string().describe('"Erased farmer" once their personal data is erased'),
    phone: z.string().nullable().describe('"+923001234567"; null when none or erased'),
    village: z.string().nullable(),
    tehsil: z.string(),
    district: z.string(),
    landAcres: z.number().describe("Acres, to two decimals"),
    mainCrops: z.array(z.enum(CROPS)),
    dealer: z.looseObject({ id: z.number().int(), businessName: z.string() }).nullable().describe("Who they buy from"),
    team: z
      .looseObject({ id: z.number().int(), name: z.string() })
      .nullable()
      .describe("The team that works with them"),
    createdById: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    erasedAt: z.string().nullable().describe("When their personal data was erased on request"),
  })
  .meta({ id: "Farmer" });

/** GET /api/farmers: one page of the farmers the caller works with. */
export const farmerPageAnswer = z
  .looseObject({
    farmers: z.array(farmerAnswer),
    page: z.number().int().describe("This page, from 1"),
    hasMore: z.boolean().describe("Another page follows: ask for page + 1"),
  })
  .meta({ id: "FarmerPage" });

/** The farmers import's `?team=`: the team that will work with the farmers (decision 99). */
export const farmerImportQuerySchema = z.object({
  team: idSchema("team must be a team's id").optional(),
});

/** POST /api/farmers/import: what was imported. */
export const farmerImportAnswer = z
  .looseObject({
    total: z.number().int().describe("Rows read"),
    farmers: z.number().int().describe("Farmers added"),
    failed: z.number().int().describe("Rows with errors: 0 (a file with row errors answers 422 instead)"),
    errors: z.array(z.string()).describe("Row errors: none (a refused file's are its fieldErrors.file)"),
  })
  .meta({ id: "FarmerImportResult" });
