import { z } from "~/lib/zod";
import { idSchema } from "~/lib/ids";
import { TEAM_ID_INVALID } from "~/models/team.schema";
import { ROLES, registrationSchema } from "~/models/user.schema";
import type { MessageKey } from "~/locales/namespaces";

// The admin area's inputs and JSON answers (browser-safe): the /admin page's forms and the
// /api/admin/* calls parse with the same schemas, and the answers are described here too.

export const ADMIN_PAGE_SIZE = 20;

export const PASSWORD_RESET_SENT = "Password reset email sent successfully!";
export const USER_NOT_FOUND: MessageKey = "admin:errors.userNotFound";
export const INVALID_USER_ID: MessageKey = "admin:errors.userIdInvalid";
export const OWN_ROLE_LOCKED: MessageKey = "admin:errors.ownRoleLocked";
export const OWN_ACCOUNT_LOCKED: MessageKey = "admin:errors.ownAccountLocked";
export const RESET_OF_DEACTIVATED: MessageKey = "admin:errors.resetOfDeactivated";
const ROLE_MESSAGE: MessageKey = "admin:errors.roleInvalid";
export const RESET_OF_SERVICE_ACCOUNT: MessageKey = "admin:errors.resetOfServiceAccount";
const NOTHING_TO_UPDATE: MessageKey = "admin:errors.nothingToUpdate";

const PAGE_MESSAGE: MessageKey = "admin:errors.pageInvalid";
const page = z.coerce
  .number({ error: PAGE_MESSAGE })
  .int(PAGE_MESSAGE)
  .min(1, PAGE_MESSAGE)
  .max(100_000, PAGE_MESSAGE)
  .optional();

/** A user's id in the admin page's hidden field (an /api path's id goes through requireId). */
export const userIdSchema = idSchema(INVALID_USER_ID);

/** `?query=&page=&team=` of the users table: name, username or email, 20 a page, one team's people. */
export const userSearchSchema = z.object({
  query: z.string().trim().max(100, "admin:errors.searchTooLong").optional(),
  page,
  team: idSchema(TEAM_ID_INVALID).optional(),
});
export type UserSearch = z.infer<typeof userSearchSchema>;

/** `?page=` of a paged list: the outbox (20 a page), the leaderboard's rankings (100 a page). */
export const pageNumberQuerySchema = z.object({ page });

/** An admin's change to an account: its role, or whether it may sign in. */
export const updateUserSchema = z
  .strictObject({
    role: z.enum(ROLES, { error: ROLE_MESSAGE }).optional(),
    isActive: z.boolean({ error: "admin:errors.isActiveInvalid" }).optional(),
  })
  .refine((input) => input.role !== undefined || input.isActive !== undefined, { error: NOTHING_TO_UPDATE });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/**
 * An admin's new account (/admin?add=user, POST /api/admin/users): the registration's fields and
 * rules, its role, and its team or none. The admin sets the first password and passes it on; the
 * user may change it with "Forgot password?", or the admin send a reset link from the user's row.
 */
export const newUserSchema = registrationSchema
  .pick({ username: true, email: true, password: true, firstName: true, lastName: true })
  .extend({
    role: z.enum(ROLES, { error: ROLE_MESSAGE }).default("OFFICER"),
    teamId: idSchema(TEAM_ID_INVALID).nullish(),
  });
export type NewUserInput = z.infer<typeof newUserSchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  /** APPROVED, PENDING (waiting for a manager or admin) or REFUSED. */
  approval: z.enum(["APPROVED", "PENDING", "REFUSED"]),
  team: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof adminUserListSchema>;

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const author = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});

export const adminDashboardSchema = z.object({
  stats: z.object({
    officers: z.number().int(),
    activeToday: z.number().int(),
    postsThisWeek: z.number().int(),
    dealers: z.number().int(),
    salesThisMonth: money,
    recoveryThisMonth: money,
  }),
  recentPosts: z.array(
    z.object({ id: z.number().int(), type: z.string(), text: z.string(), createdAt: z.iso.datetime(), user: author }),
  ),
  recentRegistrations: z.array(adminUserSchema),
  recentImports: z.array(
    z.object({
      id: z.number().int(),
      fileName: z.string(),
      total: z.number().int(),
      successful: z.number().int(),
      failed: z.number().int(),
      createdAt: z.iso.datetime(),
      user: author.nullable(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

const outboxEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
});

export const outboxPageSchema = z.object({
  emails: z.array(outboxEmailSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const passwordResetSentSchema = z.object({ message: z.literal(PASSWORD_RESET_SENT) });
