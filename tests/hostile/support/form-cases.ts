// One row per page route with an action: who sends it, a submission that is valid but for the
// changes, the changes that make it invalid for sure (each request applies one or two), and
// what "refused" looks like on that page.
import fc from "fast-check";
import { DEFAULT_AVATARS } from "~/lib/avatars";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { POST_TYPES } from "~/lib/post-types";
import { PROVINCES } from "~/lib/provinces";
import { INVALID_USER_ID, OWN_ACCOUNT_LOCKED, OWN_ROLE_LOCKED, USER_NOT_FOUND } from "~/models/admin.schema";
import {
  ADMIN_SCOPE_FOR_ADMINS,
  LIFETIME_INVALID,
  SCOPE_INVALID,
  SERVICE_ACCOUNT_NOT_FOUND,
  SERVICE_ROLE_INVALID,
  SERVICE_ROLES,
  TOKEN_NOT_FOUND,
  TOKEN_SCOPES,
} from "~/models/api-token.schema";
import { APPROVAL_TEAM_REQUIRED } from "~/models/registration.schema";
import {
  MANAGER_ROLE_REFUSED,
  MEMBER_ROLE_REFUSED,
  TEAM_ID_INVALID,
  TEAM_NOT_FOUND,
  USER_NOT_FOUND_FOR_TEAM,
} from "~/models/team.schema";
import { WEBHOOK_EVENTS } from "~/lib/change-events";
import { PRIVATE_ADDRESS } from "~/infra/webhook-http.server";
import { ABOUT_MAX, GALLERY_FULL, INVALID_IMAGE } from "~/models/dealer.schema";
import { COMMENT_REQUIRED, COMMENT_TOO_LONG, MAX_COMMENT, MAX_TEXT, WRONG_FILE_TYPE } from "~/models/post.schema";
import { AVATAR_IS_BADGE, AVATAR_UNKNOWN, EXPIRED_RESET_LINK, INVALID_RESET_LINK } from "~/models/user.schema";
import {
  badId,
  badNumber,
  type Change,
  duplicated,
  type FieldValue,
  type Fields,
  junkFields,
  missing,
  NOT_IMAGES,
  NOT_SPREADSHEETS,
  notOneOf,
  tooLong,
  unicodeText,
  valued,
} from "./junk";
import type { DatabaseWatch } from "./server";
import { PLAN_PAST } from "~/models/visit-plan.schema";
import { calendarDateMessage } from "~/lib/calendar";
import { STATEMENT_PERIOD_INVALID, STATEMENT_PERIOD_TOO_LONG } from "~/models/ledger.schema";
import { TARGET_PERIOD_MESSAGE } from "~/models/targets.schema";
import { CROPS } from "~/lib/crops";
import { FARMER_NOT_FOUND } from "~/models/farmer.schema";
import { FARMER_IMPORT_FORBIDDEN } from "~/models/policy";
import { NOTIFICATION_NOT_FOUND } from "~/models/notification.server";
import { LITE_CHOICE_INVALID } from "~/models/lite-mode.schema";
import { LITE_CHOICES } from "~/lib/lite-mode";
import { LANGUAGES } from "~/lib/languages";
import { LANGUAGE_INVALID } from "~/models/language.schema";
import { english } from "../../support/english";
import { TOO_MANY_FROM_ADDRESS } from "~/models/login-throttle.server";

// The exact wording of messages that live in server-only modules.
const PENDING_NOT_FOUND = "No account is waiting with that id.";
const FORBIDDEN = "You don't have permission to access this page.";
const NOT_EXCEL = "Please select an Excel file (.xlsx or .xls)";
const UNREADABLE = "The file could not be read as an Excel spreadsheet.";
/** The not-found page's heading (the root error boundary). */
const NOT_FOUND = "404 Page Not Found";
/** The message when a field comes twice (a list where text was expected): "firstName must be text". */
const WRONG_TYPE = " must be text";

export type Refusal =
  { kind: "page"; status: number[]; messages: string[] } | { kind: "redirect"; to: RegExp; messages: string[] };

type Ids = {
  postId: number;
  dealerId: number;
  othersCommentId: number;
  othersNotificationIds: number[];
  adminId: number;
  teamId: number;
};

export type HostileRequest = { target: string; changes: Change[]; junk: Fields };

export type FormCase = {
  /** The route module, as app/routes.ts names it. */
  route: string;
  name: string;
  /** The seed user who sends the form, or null when signed out. */
  as: string | null;
  valid: (ids: Ids) => Fields;
  requests: (ids: Ids) => fc.Arbitrary<HostileRequest>;
  /** How the page refuses a request sent to `target` with `fields` (the first `intent` is the one read). */
  refused: (target: string, fields: Fields) => Refusal;
  runs?: number;
};

/** Rows other tests and users own, read from the seeded database. */
export function seededIds(database: DatabaseWatch): Ids {
  const officer = database.ids("SELECT id FROM User WHERE username = 'officer1'")[0]!;
  const comment = database.db
    .prepare<[number], { postId: number; id: number }>(
      "SELECT postId, id FROM Comment WHERE userId != ? AND isDeleted = 0 ORDER BY id LIMIT 1",
    )
    .get(officer)!;
  return {
    postId: comment.postId,
    othersCommentId: comment.id,
    dealerId: database.ids("SELECT id FROM Dealer ORDER BY id LIMIT 1")[0]!,
    othersNotificationIds: database.ids("SELECT id FROM Notification WHERE userId != ? ORDER BY id LIMIT 20", officer),
    adminId: database.ids("SELECT id FROM User WHERE username = 'admin'")[0]!,
    teamId: database.ids("SELECT id FROM Team ORDER BY id LIMIT 1")[0]!,
  };
}

/** Addresses that must never leave the site. */
const EVIL_REDIRECTS = [
  "//evil.example",
  "https://evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "/\t/evil.example",
  "/\r\n/evil.example",
  "\\\\evil.example",
  "http:evil.example",
];

/** Requests with one or two of the breaking changes and some junk fields. */
function requests(
  fieldNames: string[],
  breakers: Array<fc.Arbitrary<Change | Change[]>>,
  target: fc.Arbitrary<string>,
): fc.Arbitrary<HostileRequest> {
  const changes = breakers.length
    ? fc
        .array(fc.oneof(...breakers), { minLength: 1, maxLength: 2 })
        .map((lists) => lists.flatMap((one) => (Array.isArray(one) ? one : [one])))
    : fc.constant<Change[]>([]);
  return fc.record({
    target,
    changes,
    junk: junkFields(fieldNames),
  });
}

/** Missing, blank, too long or duplicated: a required text field. */
function requiredText(field: string, max: number, valid: string): Array<fc.Arbitrary<Change>> {
  return [
    missing(field),
    valued(field, fc.constantFrom("", " ", "\t\n")),
    valued(field, tooLong(max)),
    duplicated(field, valid),
  ];
}

/** Too long or duplicated: an optional text field. */
function optionalText(field: string, max: number, valid: string): Array<fc.Arbitrary<Change>> {
  return [valued(field, tooLong(max)), duplicated(field, valid)];
}

function coordinate(field: string, min: number, max: number): Array<fc.Arbitrary<Change>> {
  return [valued(field, badNumber(min, max)), duplicated(field, "31.5")];
}

const page = (status: number[], messages: string[]): Refusal => ({
  kind: "page",
  status,
  messages: [...messages, WRONG_TYPE],
});

const FARMER_FIELDS: Fields = [
  ["name", "Ghulam Rasool"],
  ["phone", "03001234567"],
  ["village", "Chak 45"],
  ["tehsil", "Sahiwal"],
  ["district", "Sahiwal"],
  ["landAcres", "12.5"],
  ["mainCrops", "wheat"],
];
const FARMER_BREAKERS = [
  ...requiredText("name", 100, "Ghulam"),
  ...requiredText("tehsil", 100, "Sahiwal"),
  ...requiredText("district", 100, "Sahiwal"),
  ...optionalText("village", 100, "Chak"),
  valued("phone", fc.constantFrom("12345", "042 1234567", "0300 12345678", "abc")),
  duplicated("phone", "03001234567"),
  missing("landAcres"),
  valued("landAcres", fc.constantFrom("", "0", "-1", "10000.01", "1.005", "1e3", "abc", "NaN")),
  duplicated("landAcres", "1"),
  valued("mainCrops", notOneOf(CROPS)),
  valued("dealerId", fc.constantFrom("0", "-1", "abc", "1.5", "12345678901234567890")),
  valued("teamId", fc.constantFrom("0", "-1", "abc", "1.5", "12345678901234567890")),
];
const FARMER_MESSAGES = [
  "Name is required",
  "Tehsil is required",
  "District is required",
  "must be 100 characters or less",
  "Phone must be a Pakistani mobile number, such as 0300 1234567",
  "Land must be from 0.01 to 10,000 acres, with at most two decimals",
  "Main crops must be among",
  "dealerId must be a dealer's id",
  "teamId must be a team's id",
];
/** A farmer's page by an id that names no farmer: malformed, or of none. */
const noFarmer = (tail: string) =>
  fc
    .constantFrom("0", "-1", "abc", "1.5", "1e3", "007", "0x10", "99999999999999999999", "999999999")
    .map((id) => ({ field: "@path", values: [`/farmers/${id}${tail}`] }));

const DEALER_FIELDS: Fields = [
  ["businessName", "Green Agro Traders"],
  ["ownerFirstName", "Bilal"],
  ["ownerLastName", "Khan"],
  ["phone", "03001234567"],
  ["email", "green.agro@example.pk"],
  ["street", "Mall Road"],
  ["city", "Lahore"],
  ["state", "Punjab"],
  ["postalCode", "54000"],
  ["notes", "Open on Sundays"],
  ["lat", "31.5204"],
  ["lng", "74.3587"],
  ["formattedAddress", "Mall Road, Lahore, Punjab, Pakistan"],
];
const DEALER_BREAKERS = [
  ...requiredText("businessName", 200, "Green Agro"),
  ...optionalText("ownerFirstName", 100, "Bilal"),
  ...optionalText("ownerLastName", 100, "Khan"),
  ...optionalText("phone", 30, "0300"),
  valued(
    "email",
    unicodeText.filter((text) => !text.includes("@")),
  ),
  valued("email", tooLong(254)),
  ...requiredText("street", 300, "Mall Road"),
  ...requiredText("city", 100, "Lahore"),
  missing("state"),
  valued("state", notOneOf(PROVINCES)),
  duplicated("state", "Punjab"),
  ...optionalText("postalCode", 20, "54000"),
  ...optionalText("notes", 500, "notes"),
  missing("lat"),
  missing("lng"),
  ...coordinate("lat", -90, 90),
  ...coordinate("lng", -180, 180),
  ...optionalText("formattedAddress", 500, "Lahore"),
];
const DEALER_MESSAGES = [
  "Business name is required",
  "must be 100 characters or less",
  "must be 200 characters or less",
  "must be 300 characters or less",
  "must be 500 characters or less",
  "must be 30 characters or less",
  "must be 20 characters or less",
  "Invalid email",
  "Street address is required",
  "City is required",
  "State is required",
  "Please select a location on the map.",
];

const names = (fields: Fields) => fields.map(([name]) => name);

/**
 * A manager's approvals and invite links on `path` (the admin dashboard or Team Admin). The admin is
 * no waiting account, and the team is given as it must be: always refused, with the page's own
 * `alsoRefused` messages beside the shared ones.
 */
function approvalsAsManager(route: string, name: string, path: string, alsoRefused: string[]): FormCase {
  return {
    route,
    name,
    as: "manager",
    valid: ({ adminId, teamId }) => [
      ["intent", "approve"],
      ["userId", String(adminId)],
      ["teamId", String(teamId)],
    ],
    requests: () =>
      requests(
        ["intent", "userId", "teamId"],
        [
          missing("userId"),
          valued("userId", badId),
          missing("teamId"),
          valued("teamId", badId),
          // Not create-invite: a well-formed one for the manager's team makes a link (a row).
          valued("intent", fc.constantFrom("refuse", "save-registration", "deactivate", "add-user")),
        ],
        fc.constant(path),
      ),
    refused: () =>
      page(
        [400, 403, 404],
        [english(INVALID_USER_ID), PENDING_NOT_FOUND, english(APPROVAL_TEAM_REQUIRED), ...alsoRefused, UNKNOWN_ACTION],
      ),
  };
}

export const formCases: FormCase[] = [
  {
    route: "routes/auth/login.tsx",
    name: "sign in",
    as: null,
    runs: 30,
    // Not an account the other rows sign in as: its wrong passwords end in the per-account limit.
    valid: () => [
      ["username", "officer7"],
      ["password", "not-the-password"],
    ],
    requests: () =>
      requests(
        ["username", "password"],
        [
          ...requiredText("username", 32, "officer7"),
          missing("password"),
          valued("password", tooLong(128)),
          duplicated("password", "x"),
          valued("password", unicodeText),
        ],
        fc.oneof(
          fc.constant("/login"),
          fc.constantFrom(...EVIL_REDIRECTS).map((to) => `/login?redirectTo=${encodeURIComponent(to)}`),
        ),
      ),
    refused: () =>
      page(
        [400, 429],
        [
          "Username is required",
          "Password is required",
          "Invalid username or password",
          "Too many failed sign-ins for this account.",
          english(TOO_MANY_FROM_ADDRESS),
        ],
      ),
  },
  {
    route: "routes/auth/register.tsx",
    name: "register",
    as: null,
    valid: () => [
      ["username", "hostile.newcomer"],
      ["email", "hostile.newcomer@example.pk"],
      ["password", "field-pass-1"],
      ["firstName", "Hamza"],
      ["lastName", "Iqbal"],
      ["phone", "03001234567"],
    ],
    requests: () =>
      requests(
        ["username", "email", "password", "firstName", "lastName", "phone"],
        [
          ...requiredText("username", 32, "hostile.newcomer"),
          valued(
            "username",
            unicodeText.filter((text) => !/^[A-Za-z0-9._-]{3,32}$/.test(text)),
          ),
          ...requiredText("email", 254, "a@example.pk"),
          valued(
            "email",
            unicodeText.filter((text) => !text.includes("@")),
          ),
          missing("password"),
          valued("password", fc.constantFrom("", "12345", "🌾🌾", "\u0000")),
          valued("password", tooLong(128)),
          duplicated("password", "field-pass-1"),
          ...optionalText("firstName", 50, "Hamza"),
          ...optionalText("lastName", 50, "Iqbal"),
          ...optionalText("phone", 20, "0300"),
        ],
        fc.constant("/register"),
      ),
    refused: () =>
      page(
        [400],
        [
          "Username is required",
          "Username must be 3 to 32",
          "Email is required",
          "Invalid email",
          "Password is required",
          "Password must be",
          "First name must be 50",
          "Last name must be 50",
          "Phone must be 20",
        ],
      ),
  },
  {
    route: "routes/auth/forgot-password.tsx",
    name: "forgot password",
    as: null,
    valid: () => [["email", "someone@example.pk"]],
    requests: () =>
      requests(
        ["email"],
        [
          ...requiredText("email", 254, "someone@example.pk"),
          valued(
            "email",
            unicodeText.filter((text) => !text.includes("@")),
          ),
        ],
        fc.constant("/forgot-password"),
      ),
    refused: () => page([400], ["Email is required", "Invalid email"]),
  },
  {
    route: "routes/auth/reset-password.tsx",
    name: "reset password",
    as: null,
    valid: () => [
      ["token", "a".repeat(43)],
      ["newPassword", "field-pass-2"],
      ["confirmPassword", "field-pass-2"],
    ],
    // Without a token that was ever sent, every request is refused; the changes add more reasons.
    requests: () =>
      requests(
        ["token", "newPassword", "confirmPassword"],
        [
          ...requiredText("token", 200, "token"),
          valued("token", unicodeText),
          missing("newPassword"),
          valued("newPassword", fc.constantFrom("", "12345")),
          valued("newPassword", tooLong(128)),
          duplicated("newPassword", "field-pass-2"),
          missing("confirmPassword"),
          valued("confirmPassword", unicodeText),
        ],
        fc.constantFrom("/reset-password", "/reset-password?token=abc"),
      ),
    refused: () =>
      page(
        [400],
        [
          english(INVALID_RESET_LINK),
          english(EXPIRED_RESET_LINK),
          "Password is required",
          "Password must be",
          "Passwords do not match",
        ],
      ),
  },
  {
    route: "routes/auth/location-setup.tsx",
    name: "location setup",
    as: "officer1",
    valid: () => [
      ["homeLat", "31.5204"],
      ["homeLng", "74.3587"],
      ["homeAddress", "Mall Road, Lahore"],
    ],
    requests: () =>
      requests(
        ["homeLat", "homeLng", "homeAddress", "warehouseLat", "warehouseLng", "warehouseAddress"],
        [
          missing("homeLat"),
          missing("homeLng"),
          ...coordinate("homeLat", -90, 90),
          ...coordinate("homeLng", -180, 180),
          ...optionalText("homeAddress", 300, "Lahore"),
          valued("warehouseLat", badNumber(-90, 90)),
          valued("warehouseLng", badNumber(-180, 180)),
          valued("warehouseLat", fc.constant("30.1")),
          valued("warehouseAddress", tooLong(300)),
        ],
        fc.constant("/location-setup"),
      ),
    refused: () =>
      page(
        [400],
        [
          "Please select a location on the map.",
          "Latitude must be between",
          "Longitude must be between",
          "Address must be 300",
        ],
      ),
  },
  {
    route: "routes/auth/logout.tsx",
    name: "sign out while signed out",
    as: null,
    runs: 20,
    valid: () => [],
    requests: () => requests([], [], fc.constant("/logout")),
    refused: () => ({ kind: "redirect", to: /^\/$/, messages: ["Welcome to Fieldline"] }),
  },
  {
    route: "routes/shell/language.tsx",
    name: "language",
    as: null,
    valid: () => [["language", "ur"]],
    requests: () =>
      requests(
        ["language"],
        [missing("language"), valued("language", notOneOf(LANGUAGES)), duplicated("language", "en")],
        fc.oneof(
          fc.constant("/language"),
          fc.constantFrom(...EVIL_REDIRECTS).map((to) => `/language?redirectTo=${encodeURIComponent(to)}`),
        ),
      ),
    refused: () => page([400], [english(LANGUAGE_INVALID)]),
  },
  {
    route: "routes/shell/lite-mode.tsx",
    name: "lite mode",
    as: null,
    valid: () => [["lite", "on"]],
    requests: () =>
      requests(
        ["lite"],
        [missing("lite"), valued("lite", notOneOf(LITE_CHOICES)), duplicated("lite", "off")],
        fc.oneof(
          fc.constant("/lite-mode"),
          fc.constantFrom(...EVIL_REDIRECTS).map((to) => `/lite-mode?redirectTo=${encodeURIComponent(to)}`),
        ),
      ),
    refused: () => page([400], [english(LITE_CHOICE_INVALID)]),
  },
  {
    route: "routes/posts/new-post.tsx",
    name: "new post",
    as: "officer1",
    runs: 60,
    valid: () => [
      ["type", "FIELD_VISIT"],
      ["text", "Visited the Okara demo plot"],
      ["lat", "31.5204"],
      ["lng", "74.3587"],
      ["address", "Mall Road, Lahore"],
    ],
    requests: ({ dealerId }) =>
      requests(
        [
          "intent",
          "type",
          "text",
          "lat",
          "lng",
          "address",
          "saleProduct",
          "saleQty",
          "salePrice",
          "salePaid",
          "confirmCredit",
          "recoveryAmount",
          "dealerId",
          "files",
          "media",
          "plotAction",
          "farmerPhone",
          "crop",
          "plotProduct",
          "plotAcres",
          "controlAcres",
          "sownOn",
          "harvestDueOn",
          "plotId",
          "visitStage",
          "visitedOn",
          "yieldKgPerAcre",
          "headCount",
          "attendeePhones",
          "attendees[0].name",
          "attendees[0].landAcres",
        ],
        [
          missing("type"),
          valued("type", notOneOf(POST_TYPES)),
          duplicated("type", "FIELD_VISIT"),
          ...optionalText("text", MAX_TEXT, "text"),
          missing("lat"),
          ...coordinate("lat", -90, 90),
          ...coordinate("lng", -180, 180),
          valued("address", tooLong(300)),
          // Only the dealer types read dealerId (a field visit ignores it). An id in another notation
          // ("0x10") names no dealer, as any malformed id.
          badId.map((id): Change[] => [
            { field: "type", values: ["DEALER_MEETING"] },
            { field: "dealerId", values: [id] },
          ]),
          valued("files", fc.constantFrom(...NOT_IMAGES)),
          fc.constant([{ field: "type", values: ["SALE"] }]),
          fc.tuple(badNumber(1, 100_000), unicodeText).map(([qty, price]): Change[] => [
            { field: "type", values: ["SALE"] },
            { field: "saleProduct", values: ["SSP"] },
            { field: "saleQty", values: [qty] },
            { field: "salePrice", values: [price] },
            { field: "dealerId", values: [String(dealerId)] },
          ]),
          // Paid at the counter: never an amount that is not one, nor more than the sale (2 × $100.00).
          fc
            .tuple(fc.constantFrom("-1", "1e3", "abc", "999999999999999", "100.001", "200.01"), fc.boolean())
            .map(([paid, confirmed]): Change[] => [
              { field: "type", values: ["SALE"] },
              { field: "saleProduct", values: ["SSP"] },
              { field: "saleQty", values: ["2"] },
              { field: "salePrice", values: ["100"] },
              { field: "salePaid", values: [paid] },
              { field: "dealerId", values: [String(dealerId)] },
              ...(confirmed ? [{ field: "confirmCredit", values: ["yes"] }] : []),
            ]),
          fc.constant([{ field: "type", values: ["RECOVERY"] }]),
          fc.constant([{ field: "type", values: ["DEALER_MEETING"] }]),
          // A Farmer Meeting's people: a head count out of bounds, phones no farmer has or none at
          // all, a new farmer's row half filled or with absurd land.
          fc
            .tuple(
              fc.constantFrom("0", "-1", "5001", "1.5", "abc", "1e3"),
              fc.constantFrom("12345", "0345 0000000", "0300 12345678, x"),
              fc.constantFrom("", "0", "-3", "10000.01", "abc", "250000"),
            )
            .map(([headCount, phones, land]): Change[] => [
              { field: "type", values: ["FARMER_MEETING"] },
              { field: "headCount", values: [headCount] },
              { field: "attendeePhones", values: [phones] },
              { field: "attendees[0].landAcres", values: [land] },
            ]),
          valued("intent", notOneOf(["add-dealer", "find-dealer"])),
          // A Demo Plot post's plot: an absurd area, a harvest due before sowing, nobody's phone.
          fc.constantFrom("0", "100.01", "-1", "1e3", "abc").map((acres): Change[] => [
            { field: "type", values: ["DEMO_PLOT"] },
            { field: "plotAction", values: ["start"] },
            { field: "farmerPhone", values: ["0300 0000001"] },
            { field: "crop", values: ["wheat"] },
            { field: "plotProduct", values: ["SSP"] },
            { field: "plotAcres", values: [acres] },
            { field: "controlAcres", values: ["1"] },
            { field: "sownOn", values: ["2026-11-01"] },
            { field: "harvestDueOn", values: ["2026-10-01"] },
          ]),
          // A visit to a plot named in another notation, with an absurd yield.
          fc.tuple(badId, fc.constantFrom("0", "100001", "abc")).map(([id, kg]): Change[] => [
            { field: "type", values: ["DEMO_PLOT"] },
            { field: "plotAction", values: ["visit"] },
            { field: "plotId", values: [id] },
            { field: "visitStage", values: ["HARVEST"] },
            { field: "visitedOn", values: ["2026-11-01"] },
            { field: "yieldKgPerAcre", values: [kg] },
          ]),
          valued("plotAction", notOneOf(["start", "visit"])),
        ],
        fc.constant("/new-post"),
      ),
    refused: () =>
      page(
        [400, 413, 415],
        [
          "Please select a post type.",
          "Description must be",
          "Latitude must be between",
          "Longitude must be between",
          "Latitude and longitude go together",
          "Address must be 300",
          "Please select a valid dealer.",
          "Please select a dealer.",
          "Please select a product.",
          "Quantity",
          "Price",
          "Amount recovered is required",
          "Paid at the counter",
          "plotAction must be",
          "Plot area must be",
          "Expected harvest date must be",
          "plotId must be",
          "Yield must be",
          "Stage must be",
          "Head count must be",
          "is not a Pakistani mobile number",
          "No farmer you work with has the phone",
          "Name is required",
          "Tehsil is required",
          "District is required",
          "must be 100 characters or less",
          "Land must be from",
          english(WRONG_FILE_TYPE),
          UNKNOWN_ACTION,
        ],
      ),
  },
  {
    route: "routes/posts/post.tsx",
    name: "like, comment and delete a comment",
    as: "officer1",
    runs: 60,
    valid: () => [
      ["intent", "comment"],
      ["text", "Well done"],
    ],
    requests: ({ postId, othersCommentId }) =>
      requests(
        ["intent", "text", "commentId", "redirectTo", "js"],
        [
          missing("intent"),
          valued("intent", notOneOf(["like", "unlike", "comment", "delete-comment"])),
          ...requiredText("text", MAX_COMMENT, "Well done"),
          fc.oneof(badId, fc.constant(String(othersCommentId))).map((commentId): Change[] => [
            { field: "intent", values: ["delete-comment"] },
            { field: "commentId", values: [commentId] },
          ]),
          fc
            .tuple(
              fc.constantFrom("like", "unlike", "comment"),
              fc.constantFrom("0", "-1", "abc", "99999999999999999999", "999999999", "1.5"),
            )
            .map(([intent, id]): Change[] => [
              { field: "intent", values: [intent] },
              { field: "@path", values: [`/posts/${id}`] },
            ]),
          fc.tuple(fc.constantFrom(...EVIL_REDIRECTS), fc.constantFrom("", " ")).map(([to, text]): Change[] => [
            { field: "redirectTo", values: [to] },
            { field: "text", values: [text] },
          ]),
        ],
        fc.constant(`/posts/${postId}`),
      ),
    refused: (target) =>
      // A well-formed id is answered with a notice on the post; anything else is not a post's address.
      /^\/posts\/[1-9]\d{0,14}$/.test(target)
        ? {
            kind: "redirect",
            to: /^\/posts\/\d+$/,
            messages: [
              english(COMMENT_REQUIRED),
              english(COMMENT_TOO_LONG),
              "Comment not found",
              "Failed to delete comment",
              UNKNOWN_ACTION,
              "Post not found",
            ],
          }
        : page([404], [NOT_FOUND]),
  },
  {
    route: "routes/profile/profile.tsx",
    name: "profile, locations and avatar",
    as: "officer1",
    valid: () => [
      ["intent", "edit-profile"],
      ["firstName", "Ahmed"],
      ["lastName", "Raza"],
      ["phone", "03001234567"],
      ["homeAddress", "Mall Road, Lahore"],
      ["warehouseAddress", "Ferozepur Road, Lahore"],
    ],
    requests: () =>
      requests(
        ["intent", "firstName", "lastName", "phone", "homeAddress", "warehouseAddress", "selectedAvatar"],
        [
          ...optionalText("firstName", 50, "Ahmed"),
          ...optionalText("lastName", 50, "Raza"),
          ...optionalText("phone", 20, "0300"),
          ...optionalText("homeAddress", 300, "Lahore"),
          ...optionalText("warehouseAddress", 300, "Lahore"),
          fc
            .oneof(
              notOneOf(DEFAULT_AVATARS).map((avatar) => [avatar]),
              fc.constantFrom<FieldValue[]>(["CROWN"], ["SHIELD"], ["STAR"], [], ["DEFAULT_1", "DEFAULT_2"]),
            )
            .map((avatar): Change[] => [
              { field: "@path", values: ["/profile?chooseAvatar=true"] },
              { field: "intent", values: ["choose-avatar"] },
              { field: "selectedAvatar", values: avatar },
            ]),
          tooLong(300).map((address): Change[] => [
            { field: "@path", values: ["/profile?updateLocations=true"] },
            { field: "intent", values: ["update-locations"] },
            { field: "homeAddress", values: [address] },
          ]),
          missing("intent"),
          valued("intent", notOneOf(["edit-profile", "update-locations", "choose-avatar"])),
        ],
        // Each dialog posts to its own address, where the page shows that dialog's errors.
        fc.constant("/profile?editProfile=true"),
      ),
    refused: () =>
      page(
        [400],
        [
          "First name must be 50",
          "Last name must be 50",
          "Phone must be 20",
          "Address must be 300",
          english(AVATAR_IS_BADGE),
          english(AVATAR_UNKNOWN),
          "Please choose an avatar.",
          UNKNOWN_ACTION,
        ],
      ),
  },
  {
    route: "routes/profile/tokens.tsx",
    name: "API tokens",
    as: "officer1",
    valid: () => [
      ["intent", "create-token"],
      ["name", "Hostile token"],
      ["scope", "read"],
    ],
    requests: () =>
      requests(
        ["intent", "name", "scope", "expiresInDays", "tokenId"],
        [
          ...requiredText("name", 60, "Hostile token").slice(0, 3),
          valued("scope", notOneOf(TOKEN_SCOPES)),
          // An officer's token cannot have the admin scope.
          valued("scope", fc.constant("admin")),
          valued("expiresInDays", badNumber(1, 366)),
          fc.constant<Change[]>([
            { field: "intent", values: ["revoke-token"] },
            { field: "tokenId", values: ["999999999"] },
          ]),
          valued("intent", notOneOf(["create-token", "revoke-token"])),
        ],
        fc.constant("/profile/tokens"),
      ),
    refused: () =>
      page(
        [400, 404],
        [
          "Name is required",
          "Name must be 60 characters or less",
          english(SCOPE_INVALID),
          english(ADMIN_SCOPE_FOR_ADMINS),
          english(LIFETIME_INVALID),
          english(TOKEN_NOT_FOUND),
          UNKNOWN_ACTION,
        ],
      ),
  },
  {
    route: "routes/admin/service-accounts.tsx",
    name: "service accounts",
    as: "admin",
    valid: () => [
      ["intent", "create-account"],
      ["username", "hostile-bot"],
      ["role", "MANAGER"],
    ],
    requests: () =>
      requests(
        ["intent", "username", "role", "teamId", "accountId"],
        [
          ...requiredText("username", 32, "hostile-bot").slice(0, 3),
          valued("role", notOneOf(SERVICE_ROLES)),
          valued("role", fc.constant("OFFICER")),
          valued(
            "teamId",
            badId.filter((id) => id !== ""),
          ),
          // A token for no service account.
          valued("intent", fc.constantFrom("create-token", "revoke-token")),
          valued("intent", notOneOf(["create-account", "create-token", "revoke-token"])),
        ],
        fc.constant("/admin/service-accounts"),
      ),
    refused: () =>
      page(
        [400, 404],
        [
          "Username is required",
          "Username must be 3 to 32",
          english(SERVICE_ROLE_INVALID),
          english(TEAM_ID_INVALID),
          english(SERVICE_ACCOUNT_NOT_FOUND),
          UNKNOWN_ACTION,
        ],
      ),
  },
  {
    route: "routes/notifications/notifications.tsx",
    name: "notifications",
    as: "officer1",
    valid: ({ othersNotificationIds }) => [
      ["intent", "read"],
      ["id", String(othersNotificationIds[0])],
    ],
    requests: ({ othersNotificationIds }) =>
      requests(
        ["intent", "id"],
        [
          missing("id"),
          valued(
            "id",
            badId.filter((id) => id !== "0x10"),
          ),
          valued("id", fc.constantFrom(...othersNotificationIds.map(String))),
          missing("intent"),
          valued("intent", notOneOf(["read", "mark-all-read"])),
        ],
        fc.constant("/notifications"),
      ),
    // A notification that is not the officer's is said on the page after; a form the page does not have, in place.
    refused: (_target, fields) =>
      fields.find(([name]) => name === "intent")?.[1] === "read"
        ? { kind: "redirect", to: /^\/notifications$/, messages: [english(NOTIFICATION_NOT_FOUND)] }
        : page([400], [UNKNOWN_ACTION]),
  },
  {
    route: "routes/leaderboard/leaderboard.tsx",
    name: "recalculate as an officer",
    as: "officer1",
    runs: 20,
    valid: () => [],
    requests: () => requests([], [], fc.constant("/leaderboard")),
    refused: () => page([403], [FORBIDDEN]),
  },
  {
    route: "routes/admin/dashboard.tsx",
    name: "admin account changes",
    as: "admin",
    // The admin's own account: a change to it is always refused, so no generated mix can write.
    valid: ({ adminId }) => [
      ["intent", "change-role"],
      ["role", "MANAGER"],
      ["userId", String(adminId)],
    ],
    requests: () =>
      requests(
        ["intent", "role", "userId"],
        [
          missing("userId"),
          valued("userId", badId),
          valued("intent", notOneOf(["change-role", "deactivate", "reactivate", "reset-password"])),
          valued("intent", fc.constant("deactivate")),
          valued("role", notOneOf(["OFFICER", "MANAGER", "ADMIN"])),
        ],
        fc.constant("/admin"),
      ),
    refused: () =>
      page(
        [400, 404],
        [
          english(INVALID_USER_ID),
          english(USER_NOT_FOUND),
          english(OWN_ROLE_LOCKED),
          english(OWN_ACCOUNT_LOCKED),
          UNKNOWN_ACTION,
          "Role must be OFFICER, MANAGER or ADMIN",
        ],
      ),
  },
  {
    route: "routes/admin/dashboard.tsx",
    name: "add user",
    as: "admin",
    valid: ({ teamId }) => [
      ["intent", "add-user"],
      ["username", "hostile.added"],
      ["email", "hostile.added@example.pk"],
      ["firstName", "Sana"],
      ["lastName", "Iqbal"],
      ["role", "OFFICER"],
      ["teamId", String(teamId)],
      ["password", "first-pass-1"],
    ],
    requests: () =>
      requests(
        ["intent", "username", "email", "firstName", "lastName", "role", "teamId", "password"],
        [
          ...requiredText("username", 32, "hostile.added"),
          valued(
            "username",
            unicodeText.filter((text) => !/^[A-Za-z0-9._-]{3,32}$/.test(text)),
          ),
          ...requiredText("email", 254, "a@example.pk"),
          missing("password"),
          valued("password", fc.constantFrom("", "12345", "🌾🌾", "\u0000")),
          valued("password", tooLong(128)),
          ...optionalText("firstName", 50, "Sana"),
          // An empty role is no role, which is OFFICER, the least power (as in POST /api/admin/users).
          valued(
            "role",
            notOneOf(["OFFICER", "MANAGER", "ADMIN"]).filter((role) => role !== ""),
          ),
          // An empty team is "No team", which the form may send.
          valued(
            "teamId",
            badId.filter((id) => id !== ""),
          ),
        ],
        fc.constant("/admin?add=user"),
      ),
    refused: () =>
      page(
        [400],
        [
          "Username is required",
          "Username must be 3 to 32",
          "Email is required",
          "Invalid email",
          "Password is required",
          "Password must be",
          "First name must be 50",
          "Role must be OFFICER, MANAGER or ADMIN",
          "team must be a team's id",
          "Team not found.",
        ],
      ),
  },
  approvalsAsManager("routes/admin/dashboard.tsx", "approvals and invite links as a manager", "/admin", [FORBIDDEN]),
  approvalsAsManager("routes/team/team-admin.tsx", "team admin approvals and invite links", "/team", []),
  {
    route: "routes/admin/teams.tsx",
    name: "new team",
    as: "admin",
    valid: () => [
      ["intent", "create"],
      ["name", "Hostile Team"],
      ["provinces", "Punjab"],
    ],
    requests: () =>
      requests(
        ["intent", "name", "provinces", "districts"],
        [
          // Not a second name after a good one: the first is read, and the team would be made.
          ...requiredText("name", 60, "Hostile Team").slice(0, 3),
          valued("provinces", notOneOf(PROVINCES)),
          valued("intent", notOneOf(["create"])),
        ],
        fc.constant("/admin/teams"),
      ),
    refused: () =>
      page(
        [400],
        [
          "Team name is required",
          "Team name must be 60 characters or less",
          "Choose provinces from the list",
          UNKNOWN_ACTION,
        ],
      ),
  },
  {
    route: "routes/admin/team.tsx",
    name: "team members and managers",
    as: "admin",
    // The admin can be neither a member nor a manager: always refused.
    valid: ({ adminId }) => [
      ["intent", "add-member"],
      ["userId", String(adminId)],
    ],
    requests: ({ teamId }) =>
      requests(
        ["intent", "userId"],
        [
          missing("userId"),
          valued("userId", badId),
          valued("intent", fc.constantFrom("add-manager")),
          valued(
            "intent",
            notOneOf(["update", "add-member", "remove-member", "add-manager", "remove-manager", "delete"]),
          ),
        ],
        fc.constantFrom(`/admin/teams/${teamId}`, "/admin/teams/999999999"),
      ),
    // The person is read before the team: a missing one is said even for a team that is not there.
    refused: () =>
      page(
        [400, 404],
        [
          english(TEAM_NOT_FOUND),
          english(MEMBER_ROLE_REFUSED),
          english(MANAGER_ROLE_REFUSED),
          english(USER_NOT_FOUND_FOR_TEAM),
          "Choose a person from the list",
          UNKNOWN_ACTION,
        ],
      ),
  },
  {
    route: "routes/admin/webhooks.tsx",
    name: "new webhook",
    as: "admin",
    valid: () => [
      ["intent", "create"],
      ["url", "https://hooks.example.com/hostile"],
      ["events", "post.created"],
    ],
    requests: () =>
      requests(
        ["intent", "url", "events"],
        [
          ...requiredText("url", 2000, "https://hooks.example.com/hostile"),
          valued(
            "url",
            fc.constantFrom(
              "ftp://example.com/x",
              "javascript:alert(1)",
              "http://10.1.2.3/",
              "http://localhost:22/",
              "http://[::1]/",
            ),
          ),
          missing("events"),
          valued("events", notOneOf(WEBHOOK_EVENTS)),
          valued("intent", notOneOf(["create", "delete"])),
        ],
        fc.constant("/admin/webhooks"),
      ),
    refused: () =>
      page(
        [400],
        [
          "Webhook URL is required",
          "Webhook URL must be 2000 characters or less",
          "Webhook URL must be an http:// or https:// address",
          PRIVATE_ADDRESS,
          "Choose at least one event",
          `Events must be among ${WEBHOOK_EVENTS.join(", ")}`,
          UNKNOWN_ACTION,
        ],
      ),
  },
  {
    route: "routes/admin/import.tsx",
    name: "admin import as a manager",
    as: "manager",
    runs: 20,
    valid: () => [],
    requests: () => requests([], [], fc.constant("/admin/import")),
    refused: () => page([403], [FORBIDDEN]),
  },
  {
    route: "routes/dealers/import.tsx",
    name: "dealer import",
    as: "officer1",
    valid: () => [],
    requests: () =>
      requests(
        ["file"],
        [
          valued("file", fc.constantFrom(...NOT_SPREADSHEETS)),
          fc
            .tuple(fc.constantFrom(...NOT_SPREADSHEETS), fc.constantFrom(...NOT_SPREADSHEETS))
            .map(([one, two]) => ({ field: "file", values: [one, two] })),
          valued("file", unicodeText),
        ],
        fc.constant("/dealers/import"),
      ),
    refused: () => page([400, 413, 415], [NOT_EXCEL, UNREADABLE, "Please select one file at a time"]),
  },
  {
    route: "routes/admin/opening-balances.tsx",
    name: "opening balances import",
    as: "admin",
    valid: () => [],
    requests: () =>
      requests(
        ["file"],
        [
          valued("file", fc.constantFrom(...NOT_SPREADSHEETS)),
          fc
            .tuple(fc.constantFrom(...NOT_SPREADSHEETS), fc.constantFrom(...NOT_SPREADSHEETS))
            .map(([one, two]) => ({ field: "file", values: [one, two] })),
          valued("file", unicodeText),
        ],
        fc.constant("/admin/opening-balances"),
      ),
    refused: () => page([400, 413, 415], [NOT_EXCEL, UNREADABLE, "Please select one file at a time"]),
  },
  {
    route: "routes/admin/opening-balances.tsx",
    name: "opening balances import as a manager",
    as: "manager",
    runs: 20,
    valid: () => [],
    requests: () => requests([], [], fc.constant("/admin/opening-balances")),
    refused: () => page([403], [FORBIDDEN]),
  },
  {
    route: "routes/targets/import.tsx",
    name: "targets import",
    as: "manager",
    valid: () => [],
    requests: () =>
      requests(
        ["file"],
        [
          valued("file", fc.constantFrom(...NOT_SPREADSHEETS)),
          fc
            .tuple(fc.constantFrom(...NOT_SPREADSHEETS), fc.constantFrom(...NOT_SPREADSHEETS))
            .map(([one, two]) => ({ field: "file", values: [one, two] })),
          valued("file", unicodeText),
        ],
        fc.constant("/targets/import"),
      ),
    refused: () => page([400, 413, 415], [NOT_EXCEL, UNREADABLE, "Please select one file at a time"]),
  },
  {
    route: "routes/targets/import.tsx",
    name: "targets import as an officer",
    as: "officer1",
    runs: 20,
    valid: () => [],
    requests: () => requests([], [], fc.constant("/targets/import")),
    refused: () => page([403], [FORBIDDEN]),
  },
  {
    route: "routes/dealers/statement.tsx",
    name: "share a dealer's statement",
    as: "admin",
    valid: () => [
      ["intent", "share"],
      ["from", "2026-11-01"],
      ["to", "2026-11-28"],
    ],
    // A share link is signed, not stored: even a valid request writes nothing.
    requests: ({ dealerId }) =>
      requests(
        ["intent", "from", "to"],
        [
          missing("intent"),
          valued("intent", notOneOf(["share"])),
          valued("from", fc.constantFrom("2026-02-30", "9999-01-01", "1999-12-31", "yesterday", "2026-13-01")),
          valued("to", fc.constantFrom("2026-10-01", "2031-01-01", "2026-11-31", "today")),
          fc
            .constantFrom("/dealer-details/999999999/statement", "/dealer-details/abc/statement")
            .map((target) => ({ field: "@path", values: [target] })),
        ],
        fc.constant(`/dealer-details/${dealerId}/statement`),
      ),
    refused: () =>
      page(
        [400, 404],
        [
          UNKNOWN_ACTION,
          calendarDateMessage("from"),
          calendarDateMessage("to"),
          english(STATEMENT_PERIOD_INVALID),
          english(STATEMENT_PERIOD_TOO_LONG),
          "Dealer not found.",
          NOT_FOUND,
        ],
      ),
  },
  {
    route: "routes/targets/targets.tsx",
    name: "set an officer's targets",
    as: "admin",
    valid: () => [
      ["intent", "set"],
      ["officerId", "1"],
      ["period", "2030-01"],
      ["sspBags", "40"],
    ],
    requests: () =>
      requests(
        ["intent", "officerId", "period", "sspBags", "salesAmount", "percent"],
        [
          missing("intent"),
          valued("intent", notOneOf(["set", "copy"])),
          valued("officerId", badId),
          valued("period", fc.constantFrom("9999-01", "2026-13", "RABI-9999", "SUMMER-2026", "2026-1")),
          valued("sspBags", fc.constantFrom("-5", "0", "1.5", "1000000000000", "forty")),
          valued("salesAmount", fc.constantFrom("-1", "1e9", "12.345", "100000000000000")),
        ],
        fc.constant("/targets"),
      ),
    refused: () =>
      page(
        [400, 404],
        [
          UNKNOWN_ACTION,
          "Please select a valid officer.",
          "Officer not found.",
          english(TARGET_PERIOD_MESSAGE),
          ", or empty for no target",
          "Unknown field",
        ],
      ),
  },
  {
    route: "routes/farmers/new.tsx",
    name: "add a farmer",
    as: "officer1",
    runs: 60,
    valid: () => FARMER_FIELDS,
    requests: () => requests(names(FARMER_FIELDS), FARMER_BREAKERS, fc.constant("/farmers/new")),
    refused: () => page([400], FARMER_MESSAGES),
  },
  {
    route: "routes/farmers/import.tsx",
    name: "farmers import",
    as: "manager",
    valid: () => [],
    requests: () =>
      requests(
        ["file"],
        [
          valued("file", fc.constantFrom(...NOT_SPREADSHEETS)),
          fc
            .tuple(fc.constantFrom(...NOT_SPREADSHEETS), fc.constantFrom(...NOT_SPREADSHEETS))
            .map(([one, two]) => ({ field: "file", values: [one, two] })),
          valued("file", unicodeText),
          fc
            .constantFrom("/farmers/import?team=abc", "/farmers/import?team=0", "/farmers/import?team=999999999")
            .map((target) => ({ field: "@path", values: [target] })),
        ],
        fc.constant("/farmers/import"),
      ),
    refused: () =>
      page(
        [400, 403, 413, 415],
        [
          NOT_EXCEL,
          UNREADABLE,
          "Please select one file at a time",
          "team must be a team's id",
          english(FARMER_IMPORT_FORBIDDEN),
        ],
      ),
  },
  {
    route: "routes/farmers/import.tsx",
    name: "farmers import as an officer",
    as: "officer1",
    runs: 20,
    valid: () => [],
    requests: () => requests([], [], fc.constant("/farmers/import")),
    refused: () => page([403], [FORBIDDEN]),
  },
  {
    route: "routes/farmers/edit.tsx",
    name: "edit a farmer that is not there",
    as: "officer1",
    runs: 20,
    valid: () => FARMER_FIELDS,
    requests: () => requests(names(FARMER_FIELDS), [noFarmer("/edit")], fc.constant("/farmers/999999999/edit")),
    refused: () => page([404], [english(FARMER_NOT_FOUND), NOT_FOUND]),
  },
  {
    route: "routes/farmers/erase.tsx",
    name: "erase a farmer that is not there",
    as: "manager",
    runs: 20,
    valid: () => [],
    requests: () => requests([], [noFarmer("/erase")], fc.constant("/farmers/999999999/erase")),
    refused: () => page([404], [english(FARMER_NOT_FOUND), NOT_FOUND]),
  },
  {
    route: "routes/dealers/add.tsx",
    name: "add a dealer",
    as: "officer1",
    runs: 60,
    valid: () => DEALER_FIELDS,
    requests: () => requests(names(DEALER_FIELDS), DEALER_BREAKERS, fc.constant("/add-dealer")),
    refused: () => page([400], DEALER_MESSAGES),
  },
  {
    route: "routes/dealers/details.tsx",
    name: "edit a dealer, its about, picture and gallery",
    as: "officer1",
    runs: 80,
    valid: () => [["intent", "update"], ...DEALER_FIELDS],
    requests: ({ dealerId }) =>
      requests(
        ["intent", "aboutDescription", "image", "index", "confirm", ...names(DEALER_FIELDS)],
        [
          ...DEALER_BREAKERS,
          missing("intent"),
          valued("intent", notOneOf(["update", "about", "profile-picture", "gallery-add", "gallery-remove"])),
          fc
            .oneof(
              tooLong(ABOUT_MAX).map((about) => [about]),
              fc.constant(["about", "twice"] as FieldValue[]),
            )
            .map((about): Change[] => [
              { field: "intent", values: ["about"] },
              { field: "aboutDescription", values: about },
            ]),
          fc
            .tuple(fc.constantFrom("profile-picture", "gallery-add"), fc.option(fc.constantFrom(...NOT_IMAGES)))
            .map(([intent, image]): Change[] => [
              { field: "intent", values: [intent] },
              { field: "image", values: image ? [image] : [] },
            ]),
          fc.oneof(badId, fc.integer({ min: 0, max: 99 }).map(String)).map((index): Change[] => [
            { field: "intent", values: ["gallery-remove"] },
            { field: "confirm", values: ["yes"] },
            { field: "index", values: [index] },
          ]),
          fc
            .constantFrom("0", "abc", "999999999", "1234567890", "-1")
            .map((id) => ({ field: "@path", values: [`/dealer-details/${id}?edit=true`] })),
        ],
        fc.constant(`/dealer-details/${dealerId}?edit=true`),
      ),
    refused: () =>
      page(
        [400, 404, 413, 415],
        [
          ...DEALER_MESSAGES,
          "About must be 1000",
          english(INVALID_IMAGE),
          english(GALLERY_FULL),
          "Image not found",
          "Dealer not found",
          UNKNOWN_ACTION,
          NOT_FOUND,
        ],
      ),
  },
  {
    route: "routes/plans/plan.tsx",
    name: "visit plan",
    as: "officer1",
    valid: ({ dealerId }) => [
      ["intent", "add"],
      ["dealerId", String(dealerId)],
    ],
    // Each change alone is refused: no dealer or no such dealer, an intent of no form, a place
    // out of range or half given, a past or unreal day, nobody's plan.
    requests: () =>
      requests(
        ["intent", "dealerId", "lat", "lng"],
        [
          missing("dealerId"),
          valued("dealerId", badId),
          valued("intent", notOneOf(["add", "remove", "reorder", "move"])),
          valued("lat", badNumber(-90, 90)),
          valued("lng", badNumber(-180, 180)),
          valued("lat", fc.constantFrom("31.5")),
          fc
            .constantFrom(
              "/plan/2000-01-01",
              "/plan/2026-02-30",
              "/plan?user=999999999",
              "/plan?user=abc",
              "/plan?lat=95&lng=1",
            )
            .map((target) => ({ field: "@path", values: [target] })),
        ],
        fc.constant("/plan"),
      ),
    refused: () =>
      page(
        [400, 404],
        [
          "Please select a valid dealer.",
          "Dealer not found.",
          UNKNOWN_ACTION,
          "Latitude must be between -90 and 90",
          "Longitude must be between -180 and 180",
          "Send both latitude and longitude, or neither.",
          english(PLAN_PAST),
          "day must be a real date",
          "user must be a user's id",
          // No such officer: the not-found page.
          NOT_FOUND,
        ],
      ),
  },
];
