import { CHANGE_ENTITIES } from "~/lib/change-events";
import { z } from "~/lib/zod";

// The change feed's query (decision 50): where to start, how many, and which entity.

export const CHANGES_LIMIT_DEFAULT = 100;
const CHANGES_LIMIT_MAX = 200;

const CURSOR_INVALID = "since must be a cursor from an earlier answer's next (or 0 for the beginning)";
const LIMIT_INVALID = `limit must be a whole number from 1 to ${CHANGES_LIMIT_MAX}`;
const ENTITY_INVALID = `entity must be one of ${CHANGE_ENTITIES.join(", ")}`;

export const changesQuerySchema = z.object({
  /** The `next` of the previous answer; 0 or absent reads from the first change. */
  since: z
    .string(CURSOR_INVALID)
    .regex(/^(0|[1-9]\d{0,14})$/, CURSOR_INVALID)
    .transform(Number)
    .optional(),
  limit: z
    .string(LIMIT_INVALID)
    .regex(/^[1-9]\d{0,2}$/, LIMIT_INVALID)
    .transform(Number)
    .refine((limit) => limit <= CHANGES_LIMIT_MAX, LIMIT_INVALID)
    .optional(),
  entity: z.enum(CHANGE_ENTITIES, { error: ENTITY_INVALID }).optional(),
});
export type ChangesQuery = z.infer<typeof changesQuerySchema>;
