import { z } from "~/lib/zod";
import { pageQuerySchema } from "~/models/post.schema";

// A dealer's visits (decision 44): every post that names the dealer, whatever its type. The
// new-post form offers a dealer only for Dealer Meeting, Sale and Recovery, the three things an
// officer does at a dealer's shop, so a post with a dealer is a visit.

export const VISITS_PAGE_SIZE = 10;
const VISIT_CURSOR_INVALID = "cursor must be the nextCursor of an earlier answer";

/** `GET /api/dealers/{id}/visits?cursor=&limit=`: newest first, 10 a page by default, at most 100. */
export const visitsQuerySchema = pageQuerySchema.extend({
  cursor: z
    .string()
    .regex(/^\d{1,15}\.\d{1,12}$/, VISIT_CURSOR_INVALID)
    .optional(),
  limit: pageQuerySchema.shape.limit.unwrap().default(VISITS_PAGE_SIZE),
});
export type VisitsQuery = z.infer<typeof visitsQuerySchema>;

/** Who made a visit. */
type VisitOfficer = { id: number; username: string; firstName: string | null; lastName: string | null };

/** One visit: the post, its type and when, by whom, and whether at the dealer (else why not). */
type DealerVisit = {
  postId: number;
  type: string;
  createdAt: string;
  officer: VisitOfficer;
  atDealer: boolean;
  note: string | null;
};

/** The dealer's last visit and one page of its history, newest first. */
export type DealerVisits = {
  lastVisit: { createdAt: string; officer: VisitOfficer } | null;
  total: number;
  visits: DealerVisit[];
  nextCursor: string | null;
};
