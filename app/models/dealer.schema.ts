import { z } from "~/lib/zod";
import { idSchema } from "~/lib/ids";
import { PROVINCES, type Province } from "~/lib/provinces";
import type { TeamView } from "~/models/team.schema";
import type { MessageKey } from "~/locales/namespaces";

// The dealer's inputs: one schema shared by the add and edit forms (Conform, in the browser
// too), POST/PUT/PATCH /api/dealers and every row of a spreadsheet import. The messages are the
// catalogs' keys (the product's wording in English, which /api clients show as they are: change
// them only on purpose), said in the reader's language on the pages.

const LOCATION_REQUIRED: MessageKey = "dealers:errors.locationRequired";
export const NOTES_MAX = 500;
/** The dealer form's Team choice "From the address". */
export const TEAM_FROM_ADDRESS = "auto";
const TEAM_CHOICE_INVALID: MessageKey = "dealers:errors.teamChoiceInvalid";
export const ABOUT_MAX = 1000;
export const GALLERY_MAX = 5;
export const DEALER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE: MessageKey = "dealers:errors.imageTooLarge";
export const INVALID_IMAGE: MessageKey = "dealers:errors.invalidImage";
export const GALLERY_FULL: MessageKey = "dealers:errors.galleryFull";

const required = (message: MessageKey, max: number, tooLong: MessageKey) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);
/** Optional text: left out, empty or `null` (what GET answers for a field never set) leave it empty. */
const optional = (max: number, tooLong: MessageKey) => z.string().trim().max(max, tooLong).nullish();
const EMAIL_INVALID: MessageKey = "dealers:errors.emailInvalid";

export const dealerSchema = z.object({
  businessName: required("dealers:errors.businessNameRequired", 200, "dealers:errors.businessNameTooLong"),
  ownerFirstName: optional(100, "dealers:errors.ownerFirstNameTooLong"),
  ownerLastName: optional(100, "dealers:errors.ownerLastNameTooLong"),
  phone: optional(30, "dealers:errors.phoneTooLong"),
  email: z.string().trim().max(254, EMAIL_INVALID).pipe(z.email(EMAIL_INVALID)).nullish(),
  street: required("dealers:errors.streetRequired", 300, "dealers:errors.streetTooLong"),
  city: required("dealers:errors.cityRequired", 100, "dealers:errors.cityTooLong"),
  state: z.enum(PROVINCES, { error: "dealers:errors.stateRequired" }),
  postalCode: optional(20, "dealers:errors.postalCodeTooLong"),
  notes: optional(NOTES_MAX, "dealers:errors.notesTooLong"),
  lat: z.number({ error: LOCATION_REQUIRED }).min(-90, LOCATION_REQUIRED).max(90, LOCATION_REQUIRED),
  lng: z.number({ error: LOCATION_REQUIRED }).min(-180, LOCATION_REQUIRED).max(180, LOCATION_REQUIRED),
  formattedAddress: optional(500, "dealers:errors.addressTooLong"),
  /**
   * A team's id sets the dealer's team by hand; `null` or "auto" (the form's "From the address")
   * lets its address choose (the teams' territories); left out, a new dealer's address chooses and
   * an edited dealer keeps a team set by hand.
   */
  teamId: z
    .union([z.literal(TEAM_FROM_ADDRESS), idSchema(TEAM_CHOICE_INVALID)], { error: TEAM_CHOICE_INVALID })
    .nullish(),
});
export type DealerInput = z.infer<typeof dealerSchema>;

export const aboutSchema = z.object({
  aboutDescription: z.string().trim().max(ABOUT_MAX, "dealers:errors.aboutTooLong").nullish(),
});

/** Edit Dealer's one form: the dealer's fields and the About typed above them, saved together. */
export const dealerEditSchema = dealerSchema.extend(aboutSchema.shape);
export type DealerEditInput = z.infer<typeof dealerEditSchema>;

/**
 * PATCH /api/dealers/{id}: any of Edit Dealer's fields; those left out keep their value, `null`
 * clears an optional one (a required one refuses it with its own message).
 */
export const dealerPatchSchema = dealerEditSchema.partial();
export type DealerPatch = z.infer<typeof dealerPatchSchema>;

const SEARCH_TOO_LONG: MessageKey = "dealers:errors.searchTooLong";
export const dealerSearchSchema = z.object({ query: z.string().trim().max(100, SEARCH_TOO_LONG).optional() });

/** `near=<lat>,<lng>`: the place New Post orders its dealers from (the phone's fix or the typed place). */
export const nearPlaceSchema = z
  .string()
  .trim()
  .max(40)
  .regex(/^-?\d{1,2}(\.\d+)?,-?\d{1,3}(\.\d+)?$/)
  .transform((text) => {
    const [lat, lng] = text.split(",").map(Number);
    return { lat: lat ?? NaN, lng: lng ?? NaN };
  })
  .refine(({ lat, lng }) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180);

const DEALER_PAGE_MAX = 1000;
const LIMIT_INVALID = `limit must be a whole number from 1 to ${DEALER_PAGE_MAX}`;
const CURSOR_INVALID = "cursor must be the value given in the Link header";

/**
 * A dealer as pages and the API see it (the browser too): coordinates as strings (the API's
 * shape), the gallery as URLs and their thumbnails' URLs, times as ISO strings.
 */
export type Dealer = {
  id: number;
  businessName: string;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  phone: string | null;
  email: string | null;
  street: string;
  city: string;
  state: string;
  postalCode: string | null;
  notes: string | null;
  aboutDescription: string | null;
  lat: string;
  lng: string;
  formattedAddress: string | null;
  /** Placed from its typed address (no map), not a pin. */
  locationApproximate: boolean;
  profilePictureUrl: string | null;
  profilePictureThumbUrl: string | null;
  galleryImages: string[];
  galleryThumbs: string[];
  createdById: number | null;
  createdAt: string;
  updatedAt: string;
  /** The team whose territory holds the dealer, or the one set by hand. */
  team: TeamView | null;
  /** The team was set by hand: a change of address or of the territories keeps it. */
  teamSetByHand: boolean;
};

/** What names a dealer, and where and how to reach them: the fields every narrow list reads. */
type DealerBasics =
  "id" | "businessName" | "ownerFirstName" | "ownerLastName" | "phone" | "city" | "state" | "lat" | "lng";

/** A directory card: its coordinates are numbers, for the directions link. */
export type DealerCard = Omit<Pick<Dealer, DealerBasics | "profilePictureThumbUrl">, "lat" | "lng"> & {
  lat: number;
  lng: number;
};

/** A dealer as a map marker and its info window need it: no gallery (GET /api/dealers?view=map). */
export type DealerPin = Pick<Dealer, DealerBasics | "email" | "street" | "formattedAddress">;

/** Where a page of dealers ends: the last one's business name and id (the lists' order). */
export type DealerCursor = { businessName: string; id: number };

/** A cursor as `?cursor=` carries it: "id:business name". */
export function encodeDealerCursor(dealer: DealerCursor): string {
  return `${dealer.id}:${dealer.businessName}`;
}

export function decodeDealerCursor(cursor: string | undefined): DealerCursor | undefined {
  const match = /^(\d{1,12}):(.*)$/s.exec(cursor ?? "");
  return match ? { id: Number(match[1]), businessName: match[2] ?? "" } : undefined;
}

/**
 * `GET /api/dealers`: the directory's search, plus the map's province filter and pins-only view.
 * Without `limit` the whole list (what existing clients expect); with it, pages of `limit` after `cursor`.
 */
export const dealerListQuerySchema = dealerSearchSchema.extend({
  /** `company`: every dealer; without it, an officer's list without a search starts with their territory's. */
  scope: z.enum(["team", "company"], { error: "scope must be team or company" }).optional(),
  province: z.preprocess(
    (value) => (value === "" || value === "All" ? undefined : value),
    z.enum(PROVINCES, { error: "Unknown province" }).optional(),
  ),
  view: z.enum(["map"], { error: "view must be map" }).optional(),
  limit: z.coerce
    .number({ error: LIMIT_INVALID })
    .int(LIMIT_INVALID)
    .min(1, LIMIT_INVALID)
    .max(DEALER_PAGE_MAX, LIMIT_INVALID)
    .optional(),
  cursor: z
    .string()
    .max(300, CURSOR_INVALID)
    .regex(/^\d{1,12}:/, CURSOR_INVALID)
    .optional(),
});

export const UPLOAD_NOT_FOUND: MessageKey = "dealers:errors.uploadNotFound";

/** `POST /api/dealers/import`: an uploadId from POST /api/upload, or (ADMIN only) the sample file's path. */
export const dealerImportRequestSchema = z.object({
  uploadId: z.string({ error: "uploadId must be text" }).trim().max(100, UPLOAD_NOT_FOUND).optional(),
  filePath: z.string({ error: "filePath must be text" }).trim().max(300, "Unknown file").optional(),
});

/** A province matching the text (case and spacing ignored, a few common spellings), else null. */
export function matchProvince(text: string): Province | null {
  const key = text.toLowerCase().replace(/[^a-z]/g, "");
  if (!key) return null;
  const aliases: Record<string, Province> = {
    kpk: "Khyber Pakhtunkhwa",
    kp: "Khyber Pakhtunkhwa",
    nwfp: "Khyber Pakhtunkhwa",
    islamabad: "Islamabad Capital Territory",
    ict: "Islamabad Capital Territory",
    azadkashmir: "Azad Jammu & Kashmir",
    ajk: "Azad Jammu & Kashmir",
    azadjammuandkashmir: "Azad Jammu & Kashmir",
    gilgitbaltistan: "Gilgit-Baltistan",
  };
  for (const province of PROVINCES) {
    if (province.toLowerCase().replace(/[^a-z]/g, "") === key) return province;
  }
  return Object.hasOwn(aliases, key) ? aliases[key]! : null;
}

export type AddressParts = { street: string; city: string; state: Province };

/**
 * The comma rule for a geocoded address: the part before the one containing "Pakistan"
 * is the state (matched to the province list, else Punjab), the part before that the city, and
 * the rest the street. Null when the text has no "Pakistan" part (e.g. bare coordinates).
 */
export function splitGeocodedAddress(address: string): AddressParts | null {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const countryIndex = parts.findIndex((part) => /pakistan/i.test(part));
  if (countryIndex < 1) return null;
  const stateText = parts[countryIndex - 1] ?? "";
  const city = countryIndex >= 2 ? (parts[countryIndex - 2] ?? "") : "";
  const street = parts.slice(0, Math.max(0, countryIndex - 2)).join(", ");
  return { street, city, state: matchProvince(stateText) ?? "Punjab" };
}
