import { z } from "~/lib/zod";
import { badgeFor, DEFAULT_AVATARS } from "~/lib/avatars";

// The account schemas: one per input, shared by the page forms (with Conform, in the
// browser too), the /api calls and the shell scripts. The messages are the product's wording,
// which clients show as they are: change them only on purpose.

export { ROLES, type Role } from "~/lib/roles";

/** A user as the feed, the rankings and the leaderboard show them to anyone signed in: name, avatar and badge. */
export type PublicUser = {
  id: number;
  username: string;
  firstName: string | null;
  lastName: string | null;
  selectedAvatar: string;
  currentBadge: string | null;
};

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
/** Optional text; `null` (what GET answers for a field never set) clears it. */
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be ${max} characters or less`).nullish();

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(6, "Password must be at least 6 characters long")
  .max(128, "Password must be 128 characters or less");

export const usernameSchema = required("Username is required").regex(
  /^[A-Za-z0-9._-]{3,32}$/,
  "Username must be 3 to 32 letters, digits, '.', '_' or '-'",
);

export const emailSchema = required("Email is required").max(254, "Invalid email").pipe(z.email("Invalid email"));

export const loginSchema = z.object({
  username: required("Username is required").max(32, "Invalid username or password"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(128, "Invalid username or password"),
});

export const registrationSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: optionalText("First name", 50),
  lastName: optionalText("Last name", 50),
  phone: optionalText("Phone", 20),
  /** The token of an invite link (/register?invite=…): lets its holder in under every registration mode. */
  invite: z.string().max(100, "Invalid invite").nullish(),
});
export type RegistrationInput = Omit<z.infer<typeof registrationSchema>, "invite">;

const LOCATION_REQUIRED = "Please select a location on the map.";
const latitude = z
  .number({ error: LOCATION_REQUIRED })
  .min(-90, "Latitude must be between -90 and 90")
  .max(90, "Latitude must be between -90 and 90");
const longitude = z
  .number({ error: LOCATION_REQUIRED })
  .min(-180, "Longitude must be between -180 and 180")
  .max(180, "Longitude must be between -180 and 180");
const address = optionalText("Address", 300);

// `null` clears a place's coordinates, as for the text fields.
const locationFields = {
  homeLat: latitude.nullish(),
  homeLng: longitude.nullish(),
  homeAddress: address,
  warehouseLat: latitude.nullish(),
  warehouseLng: longitude.nullish(),
  warehouseAddress: address,
};

export type LocationValues = { [K in keyof typeof locationFields]?: z.infer<(typeof locationFields)[K]> };

/** A place is given with both coordinates or neither. */
function checkCoordinatePairs(value: LocationValues, ctx: z.RefinementCtx) {
  for (const place of ["home", "warehouse"] as const) {
    const lat = value[`${place}Lat`];
    const lng = value[`${place}Lng`];
    if ((lat == null) !== (lng == null)) {
      ctx.addIssue({ code: "custom", message: LOCATION_REQUIRED, path: [lat == null ? `${place}Lat` : `${place}Lng`] });
    }
  }
}

/** The location setup form: at least one place, each with both coordinates. */
export const locationSetupSchema = z.object(locationFields).superRefine((value, ctx) => {
  checkCoordinatePairs(value, ctx);
  if (value.homeLat == null && value.warehouseLat == null) {
    ctx.addIssue({ code: "custom", message: LOCATION_REQUIRED, path: ["homeLat"] });
  }
});

const profileFields = {
  firstName: optionalText("First name", 50),
  lastName: optionalText("Last name", 50),
  phone: optionalText("Phone", 20),
  ...locationFields,
};

/** PUT /api/me: any of the profile and location fields. */
export const profileUpdateSchema = z.object(profileFields).superRefine(checkCoordinatePairs);

/** The profile page's two dialogs edit parts of the same fields. */
export const editProfileSchema = z.object(profileFields).pick({
  firstName: true,
  lastName: true,
  phone: true,
  homeAddress: true,
  warehouseAddress: true,
});
export const updateLocationsSchema = z.object(profileFields).pick({ homeAddress: true, warehouseAddress: true });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** POST /api/save-registration: the registration and both places in one call. */
export const saveRegistrationSchema = registrationSchema.extend({
  homeLat: latitude,
  homeLng: longitude,
  homeAddress: address,
  warehouseLat: latitude,
  warehouseLng: longitude,
  warehouseAddress: address,
});

export const RESET_LINK_SENT = "If an account exists for that email, we have sent a password reset link.";
export const RESET_DONE = "Password reset successfully. You can now sign in with your new password.";
export const INVALID_RESET_LINK = "Invalid reset link. Please request a new password reset.";
export const EXPIRED_RESET_LINK =
  "This reset link has expired or was already used. Please request a new password reset.";

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** The page form has a confirmation field; the /api twin takes token and newPassword only. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: INVALID_RESET_LINK }).min(1, INVALID_RESET_LINK).max(200, INVALID_RESET_LINK),
  newPassword: passwordSchema,
});
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string({ error: "Passwords do not match" }) })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });

/** Badges are awarded by the performance calculation; only the default avatars can be chosen. */
export const AVATAR_IS_BADGE = "Badges are awarded automatically to top performers and cannot be chosen.";
export const AVATAR_UNKNOWN = "Please choose one of the default avatars.";
export const avatarSchema = z.object({
  selectedAvatar: z.string({ error: "Please choose an avatar." }).superRefine((value, ctx) => {
    if ((DEFAULT_AVATARS as readonly string[]).includes(value)) return;
    ctx.addIssue({ code: "custom", message: badgeFor(value) ? AVATAR_IS_BADGE : AVATAR_UNKNOWN });
  }),
});
