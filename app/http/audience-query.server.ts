import { audienceQuerySchema } from "~/models/team.schema";
import type { AudienceQuery } from "~/models/team-scope.server";

/**
 * A page's `?scope=` and `?team=`, read leniently: an empty value (the team filter's "All teams")
 * or one that is not understood is the default, as a page's other unreadable parameters are.
 * (/api reads them strictly: 400.)
 */
export function pageAudienceQuery(request: Request): AudienceQuery {
  const params = new URL(request.url).searchParams;
  const scope = audienceQuerySchema.shape.scope.safeParse(params.get("scope") || undefined);
  const team = audienceQuerySchema.shape.team.safeParse(params.get("team") || undefined);
  return { scope: scope.success ? scope.data : undefined, team: team.success ? team.data : undefined };
}
