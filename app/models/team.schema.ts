import { idSchema } from "~/lib/ids";
import { PROVINCES } from "~/lib/provinces";
import { z } from "~/lib/zod";
import { districtsFromText } from "~/models/team.rules";
import type { MessageKey } from "~/locales/namespaces";

// The teams' schemas (decision 42): one per input, shared by the admin forms and /api.

/** A team as lists and cards show it. */
export type TeamView = { id: number; name: string };

export const TEAM_ID_INVALID: MessageKey = "admin:errors.teamIdInvalid";
const SCOPE_INVALID: MessageKey = "admin:errors.scopeInvalid";

/**
 * `?scope=team|company&team=<id>` on the scoped lists: the viewer's own teams by default, the
 * whole company where the list allows it, or one team (an admin's filter, a manager's one team).
 */
export const audienceQuerySchema = z.object({
  scope: z.enum(["team", "company"], { error: SCOPE_INVALID }).optional(),
  team: idSchema(TEAM_ID_INVALID).optional(),
});

/** `?team=<id>` alone: the lists that never widen past the viewer's own people. */
export const teamFilterSchema = audienceQuerySchema.pick({ team: true });

const DISTRICT_MAX = 60;

/** A team: its name and the provinces and districts of its territory. */
export const teamSchema = z.object({
  name: z
    .string({ error: "admin:errors.teamNameRequired" })
    .trim()
    .min(1, "admin:errors.teamNameRequired")
    .max(60, "admin:errors.teamNameTooLong"),
  provinces: z
    .array(z.enum(PROVINCES, { error: "admin:errors.provincesInvalid" }))
    .max(PROVINCES.length, "admin:errors.provincesInvalid")
    .default([]),
  /** Districts as dealers' cities are written, one per line or comma-separated in the form. */
  districts: z
    .array(z.string().trim().min(1, "admin:errors.districtEmpty").max(DISTRICT_MAX, "admin:errors.districtTooLong"), {
      error: "admin:errors.districtsInvalid",
    })
    .max(100, "admin:errors.tooManyDistricts")
    .default([]),
});
export type TeamInput = z.infer<typeof teamSchema>;

export const TEAM_NOT_FOUND: MessageKey = "admin:errors.teamNotFound";
export const TEAM_NAME_TAKEN: MessageKey = "admin:errors.teamNameTaken";
export const USER_NOT_FOUND_FOR_TEAM: MessageKey = "admin:errors.userNotFound";
export const MEMBER_ROLE_REFUSED: MessageKey = "admin:errors.memberRoleRefused";
export const MANAGER_ROLE_REFUSED: MessageKey = "admin:errors.managerRoleRefused";
const USER_ID_INVALID: MessageKey = "admin:errors.teamUserIdInvalid";

/** `PUT /api/teams/{id}/members`: put the user in this team (`member: true`, leaving any other) or take them out. */
export const teamMemberSchema = z.object({
  userId: idSchema(USER_ID_INVALID),
  member: z.boolean({ error: "admin:errors.memberFlagInvalid" }),
});

/** `PUT /api/teams/{id}/managers`: make a MANAGER lead this team too, or stop leading it. */
export const teamManagerSchema = z.object({
  userId: idSchema(USER_ID_INVALID),
  manager: z.boolean({ error: "admin:errors.managerFlagInvalid" }),
});

/** A person as a team's page lists them. */
const teamPersonSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.string(),
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;

/** A team in the list: its territory and how many members and managers it has. */
const teamSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  provinces: z.array(z.string()),
  districts: z.array(z.string()),
  memberCount: z.number().int().min(0),
  managerCount: z.number().int().min(0),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamListSchema = z.array(teamSummarySchema);

/** One team: its territory, its members and its managers. */
export const teamDetailSchema = teamSummarySchema.extend({
  members: z.array(teamPersonSchema),
  managers: z.array(teamPersonSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** The admin's team form as teamSchema reads it: province checkboxes, districts one per line. */
export function teamFormInput(form: FormData): Record<string, unknown> {
  const name = form.get("name");
  const districts = form.get("districts");
  return {
    name: typeof name === "string" ? name : undefined,
    provinces: form.getAll("provinces").filter((value) => typeof value === "string"),
    districts: typeof districts === "string" ? districtsFromText(districts) : [],
  };
}

/** The first message of each field of a refused team form. */
export function teamFormErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "name");
    errors[field] ??= issue.message;
  }
  return errors;
}
