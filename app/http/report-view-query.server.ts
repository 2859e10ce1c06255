import type { z } from "zod";
import { said } from "~/http/language.server";
import { teamFilterSchema } from "~/models/team.schema";

// The reports page's views read their address as their `/api` twins do, through the same schema;
// where `/api` answers 400, the page still shows a report, with what it refused.

/**
 * A view's query: the schema's reading, or when it is malformed the schema's defaults, still
 * within the team asked for when that one is well formed, and the refusals to show (in the
 * reader's language: a schema's messages are catalogs' keys of any area).
 */
export function reportViewQuery<S extends z.ZodType<{ team?: number }>>(
  schema: S,
  sent: Record<string, string>,
): { query: z.output<S>; errors: string[] } {
  const parsed = schema.safeParse(sent);
  if (parsed.success) return { query: parsed.data, errors: [] };
  const team = teamFilterSchema.safeParse({ team: sent.team || undefined }).data?.team;
  return { query: { ...schema.parse({}), team }, errors: parsed.error.issues.map((issue) => said(issue.message)) };
}

/** The chart's measure asked for when it is one of `measures`, else `fallback`. */
export function chartMeasure<T extends string>(measures: readonly T[], sent: string | undefined, fallback: T): T {
  return measures.find((measure) => measure === sent) ?? fallback;
}
