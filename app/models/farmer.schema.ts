import { z } from "~/lib/zod";
import { CROPS } from "~/lib/crops";
import { FARMER_IMPORT_HEADER } from "~/lib/farmer-import";
import { idSchema } from "~/lib/ids";
import { phoneKey } from "~/lib/phone";
import type { MessageKey, Translate } from "~/locales/namespaces";

// The farmer register's inputs (decision 94): one schema shared by the add and edit forms and
// POST/PATCH /api/farmers. Land is typed in acres and kept in hundredths of an acre. Its messages
// are the farmers catalog's keys (decision 101): said in the reader's language, in English on /api.

export const FARMER_NOT_FOUND = "farmers:errors.farmerNotFound";
export const FARMER_ERASED = "farmers:errors.farmerErased";
/** An erased farmer's name as stored, and as /api answers it; pages show it in the reader's language. */
export const ERASED_NAME = "Erased farmer";

/** A farmer's name as a page shows it: an erased farmer's in the reader's language. */
export function farmerNameShown(name: string, t: Translate): string {
  return name === ERASED_NAME ? t("farmers:erasedName") : name;
}
export const FARMERS_PAGE_SIZE = 20;
/** The least and most land a farmer may have, in hundredths of an acre: 0.01 to 10,000 acres. */
const LAND_MIN = 1;
const LAND_MAX = 1_000_000;

export const LAND_INVALID = "farmers:errors.landInvalid";
const PHONE_INVALID = "farmers:errors.phoneInvalid";
/** Names the crops of lib/crops.ts (CROPS), as a file or /api writes them. */
const CROP_INVALID = "farmers:errors.cropInvalid";
const PAGE_INVALID = "farmers:errors.pageInvalid";

/** A text that must be given, of at most 100 characters. */
const required = (missing: MessageKey, tooLong: MessageKey) =>
  z.string({ error: missing }).trim().min(1, missing).max(100, tooLong);

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

/** A list's page, from 1 (the farmers' and the demo plots'). */
export const pageSchema = () =>
  z.coerce.number({ error: PAGE_INVALID }).int(PAGE_INVALID).min(1, PAGE_INVALID).max(100_000, PAGE_INVALID).default(1);

export const farmerSchema = z.object({
  name: required("farmers:errors.nameRequired", "farmers:errors.nameTooLong"),
  phone: phoneSchema.nullish(),
  village: z.string().trim().max(100, "farmers:errors.villageTooLong").nullish(),
  tehsil: required("farmers:errors.tehsilRequired", "farmers:errors.tehsilTooLong"),
  district: required("farmers:errors.districtRequired", "farmers:errors.districtTooLong"),
  landAcres: acresSchema(LAND_INVALID, LAND_MAX),
  mainCrops: cropsSchema.default([]),
  dealerId: idSchema("farmers:errors.dealerIdInvalid").nullish(),
  teamId: idSchema("farmers:errors.teamIdInvalid").optional().meta({
    description: "The team that works with them: the caller's when not given; one they lead, or any for an admin",
  }),
});
export type FarmerInput = z.infer<typeof farmerSchema>;

/** PATCH /api/farmers/{id}: the fields sent change; `null` clears an optional one. */
export const farmerPatchSchema = farmerSchema.partial();
export type FarmerPatch = z.infer<typeof farmerPatchSchema>;

export const farmerSearchSchema = z.object({
  query: z.string().trim().max(100, "farmers:errors.searchTooLong").optional(),
  page: pageSchema(),
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
  team: idSchema("farmers:errors.importTeamInvalid").optional(),
});

/** The import's columns its lines of help name, as the file must have them. */
export const FARMER_COLUMN_NAMES = {
  name: FARMER_IMPORT_HEADER[0],
  phone: FARMER_IMPORT_HEADER[1],
  tehsil: FARMER_IMPORT_HEADER[3],
  district: FARMER_IMPORT_HEADER[4],
  land: FARMER_IMPORT_HEADER[5],
  crops: FARMER_IMPORT_HEADER[6],
  dealer: FARMER_IMPORT_HEADER[7],
};

/** How to fill the file, a line a rule: the page shows them (the columns' names as code), the template's second sheet too. */
export const FARMER_COLUMNS_HELP = [
  "farmers:import.help.rows",
  "farmers:import.help.phone",
  "farmers:import.help.crops",
  "farmers:import.help.dealer",
  "farmers:import.help.team",
] as const satisfies MessageKey[];

/** POST /api/farmers/import: what was imported. */
export const farmerImportAnswer = z
  .looseObject({
    total: z.number().int().describe("Rows read"),
    farmers: z.number().int().describe("Farmers added"),
    failed: z.number().int().describe("Rows with errors: 0 (a file with row errors answers 422 instead)"),
    errors: z.array(z.string()).describe("Row errors: none (a refused file's are its fieldErrors.file)"),
  })
  .meta({ id: "FarmerImportResult" });
