import { z } from "~/lib/zod";
import { PROVINCES } from "~/lib/provinces";
import { ACCOUNT_GROUPINGS } from "~/lib/report-options";
import { idSchema } from "~/lib/ids";
import { emptyToUndefined } from "~/models/checkin.schema";
import { TEAM_ID_INVALID } from "~/models/team.schema";

// The accounts report's query: GET /reports?view=accounts and GET /api/accounts read the same
// parameters. Browser-safe, so the page's form and the API share the messages.

export const accountsQuerySchema = z.object({
  groupBy: z.preprocess(emptyToUndefined, z.enum(ACCOUNT_GROUPINGS, { error: "Unknown grouping" }).default("dealer")),
  province: z.preprocess(emptyToUndefined, z.enum(PROVINCES, { error: "Unknown province" }).optional()),
  /** One team the viewer leads (any team for an admin); without it, all the viewer's dealers. */
  team: z.preprocess(emptyToUndefined, idSchema(TEAM_ID_INVALID).optional()),
});

export type AccountsQuery = z.infer<typeof accountsQuerySchema>;
