-- Decision 44. A dealer's visits are read newest first from one index of its posts.
DROP INDEX "Post_dealerId_idx";
CREATE INDEX "Post_dealerId_createdAt_id_idx" ON "Post"("dealerId", "createdAt", "id");

-- One row per officer and ended day whose missed visits were notified: the sweep inserts it in the
-- same transaction as the notifications, so a second run (or a second process) notifies nothing.
CREATE TABLE "MissedVisitNotice" (
    "userId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "missed" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "day")
);
