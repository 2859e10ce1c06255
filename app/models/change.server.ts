import { prisma } from "~/db.server";
import type { ChangeEntity, ChangeOp } from "~/lib/change-events";
import { findUserForAdmin } from "~/models/admin.server";
import { CHANGES_LIMIT_DEFAULT, type ChangesQuery } from "~/models/change.schema";
import { getDealer } from "~/models/dealer.server";
import { getCheckIn, getPost } from "~/models/post.server";

// The change feed (decision 50): the rows of "Change", which triggers write in the transaction of
// every insert, update and delete of a post, dealer, check-in or user. Their sequence is the order
// the writes committed in, so reading after a cursor neither skips nor repeats a change.

type ChangeRow = { seq: number; entity: string; entityId: number; op: string; at: Date };

/** A row as it is now, in the shape its own /api call answers, or null when it is gone. */
function currentShape(entity: string, id: number, viewerId: number): Promise<object | null> {
  switch (entity as ChangeEntity) {
    case "post":
      return getPost(id, viewerId);
    case "dealer":
      return getDealer(id);
    case "checkin":
      return getCheckIn(id);
    case "user":
      // The account as the admin's users list shows it: never its password or anything else.
      return findUserForAdmin(id);
  }
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

/** Each change with its row's current shape; a row changed twice in the list is read once. */
export async function withCurrentShapes(rows: ChangeRow[], viewerId: number): Promise<ChangeItem[]> {
  const shapes = new Map<string, object>();
  const items: ChangeItem[] = [];
  for (const row of rows) {
    const key = `${row.entity}:${row.entityId}`;
    let data = shapes.get(key);
    if (!data) {
      data = (await currentShape(row.entity, row.entityId, viewerId)) ?? { deleted: true };
      shapes.set(key, data);
    }
    items.push({
      seq: row.seq,
      entity: row.entity as ChangeEntity,
      id: row.entityId,
      op: row.op as ChangeOp,
      at: row.at.toISOString(),
      data,
    });
  }
  return items;
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
  viewer: { id: number },
  { since = 0, limit = CHANGES_LIMIT_DEFAULT, entity }: ChangesQuery,
): Promise<ChangesPage> {
  const rows = await prisma.change.findMany({
    where: { seq: { gt: since }, ...(entity ? { entity } : {}) },
    orderBy: { seq: "asc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    items: await withCurrentShapes(page, viewer.id),
    next: String(page.at(-1)?.seq ?? since),
    hasMore: rows.length > limit,
  };
}
