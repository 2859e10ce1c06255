import { prisma } from "~/db.server";
import type { DealerVisits, VisitsQuery } from "~/models/dealer-visits.schema";
import { requireDealer } from "~/models/dealer.server";
import { decodeCursor, encodeCursor } from "~/models/post.server";
import { placeOfVisit, visitPlaceSelect } from "~/models/visit-plan.server";

// A dealer's visits (decision 44): the posts that name it, newest first. Dealers and posts are
// read by everyone signed in, so whoever may open the dealer sees all of its visits. Each says
// whether it was logged at the dealer (decision 64), as a plan's stop does.

const officerSelect = { id: true, username: true, firstName: true, lastName: true } as const;

/** The dealer's last visit and one page of its visits after `cursor`; 404 for a missing dealer. */
export async function dealerVisits(dealerId: number, { cursor, limit }: VisitsQuery): Promise<DealerVisits> {
  await requireDealer(dealerId);
  const at = decodeCursor(cursor);
  const before = at
    ? { OR: [{ createdAt: { lt: at.createdAt } }, { createdAt: at.createdAt, id: { lt: at.id } }] }
    : {};
  const [rows, last, total] = await Promise.all([
    prisma.post.findMany({
      where: { dealerId, ...before },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: limit + 1,
      select: { id: true, type: true, createdAt: true, user: { select: officerSelect }, ...visitPlaceSelect },
    }),
    prisma.post.findFirst({
      where: { dealerId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { createdAt: true, user: { select: officerSelect } },
    }),
    prisma.post.count({ where: { dealerId } }),
  ]);
  const page = rows.slice(0, limit);
  const end = page.at(-1);
  return {
    lastVisit: last ? { createdAt: last.createdAt.toISOString(), officer: last.user } : null,
    total,
    visits: page.map((row) => ({
      postId: row.id,
      type: row.type,
      createdAt: row.createdAt.toISOString(),
      officer: row.user,
      ...placeOfVisit(row),
    })),
    nextCursor: rows.length > limit && end ? encodeCursor(end) : null,
  };
}
