import { prisma } from "~/db.server";
import { CHANGE_ENTITIES, type ChangeEntity, type ChangeOp } from "~/lib/change-events";
import { findUsersForAdmin } from "~/models/admin.server";
import { CHANGES_LIMIT_DEFAULT, type ChangesQuery } from "~/models/change.schema";
import { getDealers } from "~/models/dealer.server";
import { getFarmers } from "~/models/farmers.server";
import { getPlots } from "~/models/demo-plots.server";
import { ledgerEntriesById } from "~/models/ledger.server";
import { getCheckIns, getPosts } from "~/models/post.server";
import { getTargets } from "~/models/targets.server";
import type { Viewer } from "~/models/team-scope.server";

// The change feed (decision 50): the rows of "Change", which triggers write in the transaction of
// every insert, update and delete of a post, dealer, check-in, user, target, farmer or demo plot. Their sequence is the order
// the writes committed in, so reading after a cursor neither skips nor repeats a change.

type ChangeRow = { seq: number; entity: string; entityId: number; op: string; at: Date };

/** Rows as they are now, in the shape their own /api call answers, by id; absent when gone. */
async function currentShapes(entity: ChangeEntity, ids: number[], viewer: Viewer): Promise<Map<number, object>> {
  const rows: Array<{ id: number }> = await (() => {
    switch (entity) {
      case "post":
        return getPosts(ids, viewer);
      case "dealer":
        return getDealers(ids);
      case "checkin":
        return getCheckIns(ids);
      case "user":
        // The account as the admin's users list shows it: never its password or anything else.
        return findUsersForAdmin(ids);
      case "ledger_entry":
        return ledgerEntriesById(ids);
      case "target":
        return getTargets(ids);
      case "farmer":
        // As it is now: an erased farmer's later reads carry no name, phone or village.
        return getFarmers(ids);
      case "plot":
        // As it is now, its farmer too: an erased farmer is "Erased farmer" in every later read.
        return getPlots(ids);
    }
  })();
  return new Map(rows.map((row) => [row.id, row]));
}

export type ChangeItem = {
  seq: number;
  entity: ChangeEntity;
  id: number;
  op: ChangeOp;
  at: string;
  /** The row now (a later change may have changed it again), or `{ deleted: true }` once it is gone. */
  data: object;
};

/**
 * The company itself as a reader, for a webhook (an admin's endpoint): every row whole, liked by
 * no one.
 */
export const COMPANY_READER: Viewer = { id: 0, role: "ADMIN", teamId: null };

/** Each change with its row's current shape: one read per kind of row, whatever the number of changes. */
export async function withCurrentShapes(rows: ChangeRow[], viewer: Viewer): Promise<ChangeItem[]> {
  const shapes = new Map<string, Map<number, object>>();
  for (const entity of CHANGE_ENTITIES) {
    const ids = [...new Set(rows.filter((row) => row.entity === entity).map((row) => row.entityId))];
    if (ids.length > 0) shapes.set(entity, await currentShapes(entity, ids, viewer));
  }
  return rows.map((row) => ({
    seq: row.seq,
    entity: row.entity as ChangeEntity,
    id: row.entityId,
    op: row.op as ChangeOp,
    at: row.at.toISOString(),
    data: shapes.get(row.entity)?.get(row.entityId) ?? { deleted: true },
  }));
}

export type ChangesPage = {
  items: ChangeItem[];
  /** The cursor to send as `since` next time: the last item's, or `since` itself when none came. */
  next: string;
  /** More changes are waiting after `next`: ask again at once. */
  hasMore: boolean;
};

/** Changes after the cursor `since`, oldest first (ADMIN: every row of the company). */
export async function listChanges(
  viewer: Viewer,
  { since = 0, limit = CHANGES_LIMIT_DEFAULT, entity }: ChangesQuery,
): Promise<ChangesPage> {
  const rows = await prisma.change.findMany({
    where: { seq: { gt: since }, ...(entity ? { entity } : {}) },
    orderBy: { seq: "asc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    items: await withCurrentShapes(page, viewer),
    next: String(page.at(-1)?.seq ?? since),
    hasMore: rows.length > limit,
  };
}
