import { data } from "react-router";
import { AppError } from "~/lib/app-error";
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

/** Runs a page loader's model call: an AppError (a team the viewer may not see) is the page's error with its status. */
export async function pageCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw data(error.message, { status: error.status });
    throw error;
  }
}
