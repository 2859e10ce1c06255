import { z } from "~/lib/zod";
import { badgeFor, DEFAULT_AVATARS } from "~/lib/avatars";
import type { MessageKey } from "~/locales/namespaces";

// The account schemas: one per input, shared by the page forms (with Conform, in the
// browser too), the /api calls and the shell scripts. The messages are catalogs' keys (decision
// 101) whose English is the product's wording, which /api's clients read as it is: change it only
// on purpose. The fields' messages are common's: the sign-in pages, the profile and the admin's
// forms check them in the browser too, and every page has common.

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

const required = (message: MessageKey) => z.string({ error: message }).trim().min(1, message);
/** Optional text; `null` (what GET answers for a field never set) clears it. */
const optionalText = (max: number, tooLong: MessageKey) => z.string().trim().max(max, tooLong).nullish();

export const INVALID_LOGIN: MessageKey = "auth:errors.invalidLogin";
export const USERNAME_TAKEN: MessageKey = "auth:errors.usernameTaken";
const PASSWORD_REQUIRED: MessageKey = "common:errors.passwordRequired";

export const passwordSchema = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(6, "common:errors.passwordTooShort")
  .max(128, "common:errors.passwordTooLong");

export const usernameSchema = required("common:errors.usernameRequired").regex(
  /^[A-Za-z0-9._-]{3,32}$/,
  "common:errors.usernameInvalid",
);

export const emailSchema = required("common:errors.emailRequired")
  .max(254, "common:errors.emailInvalid")
  .pipe(z.email("common:errors.emailInvalid"));

export const loginSchema = z.object({
  username: required("common:errors.usernameRequired").max(32, INVALID_LOGIN),
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(128, INVALID_LOGIN),
});

export const registrationSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  firstName: optionalText(50, "common:errors.firstNameTooLong"),
  lastName: optionalText(50, "common:errors.lastNameTooLong"),
  phone: optionalText(20, "common:errors.phoneTooLong"),
  /** The token of an invite link (/register?invite=…): lets its holder in under every registration mode. */
  invite: z.string().max(100, "auth:errors.inviteMalformed").nullish(),
});
export type RegistrationInput = Omit<z.infer<typeof registrationSchema>, "invite">;

const LOCATION_REQUIRED: MessageKey = "common:errors.locationRequired";
const LATITUDE_RANGE: MessageKey = "common:errors.latitudeRange";
const LONGITUDE_RANGE: MessageKey = "common:errors.longitudeRange";
const latitude = z.number({ error: LOCATION_REQUIRED }).min(-90, LATITUDE_RANGE).max(90, LATITUDE_RANGE);
const longitude = z.number({ error: LOCATION_REQUIRED }).min(-180, LONGITUDE_RANGE).max(180, LONGITUDE_RANGE);
const address = optionalText(300, "common:errors.addressTooLong");

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
  firstName: optionalText(50, "common:errors.firstNameTooLong"),
  lastName: optionalText(50, "common:errors.lastNameTooLong"),
  phone: optionalText(20, "common:errors.phoneTooLong"),
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

export const RESET_LINK_SENT: MessageKey = "auth:forgot.sentMessage";
export const RESET_DONE: MessageKey = "auth:reset.doneNotice";
export const INVALID_RESET_LINK: MessageKey = "auth:errors.invalidResetLink";
export const EXPIRED_RESET_LINK: MessageKey = "auth:errors.expiredResetLink";

export const forgotPasswordSchema = z.object({ email: emailSchema });

/** The page form has a confirmation field; the /api twin takes token and newPassword only. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: INVALID_RESET_LINK }).min(1, INVALID_RESET_LINK).max(200, INVALID_RESET_LINK),
  newPassword: passwordSchema,
});
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string({ error: "auth:errors.passwordsDiffer" }) })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "auth:errors.passwordsDiffer",
    path: ["confirmPassword"],
  });

/** Badges are awarded by the performance calculation; only the default avatars can be chosen. */
export const AVATAR_IS_BADGE: MessageKey = "people:errors.avatarIsBadge";
export const AVATAR_UNKNOWN: MessageKey = "people:errors.avatarUnknown";
export const avatarSchema = z.object({
  selectedAvatar: z.string({ error: "people:errors.avatarMissing" }).superRefine((value, ctx) => {
    if ((DEFAULT_AVATARS as readonly string[]).includes(value)) return;
    ctx.addIssue({ code: "custom", message: badgeFor(value) ? AVATAR_IS_BADGE : AVATAR_UNKNOWN });
  }),
});
