-- Decision 84. An officer's target for one measure in one period (a month or a crop season),
-- unique per officer, period and measure; a team's target is the sum of its officers'.
CREATE TABLE "Target" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "value" BIGINT NOT NULL,
    "setById" INTEGER,
    "setAt" DATETIME NOT NULL,
    CONSTRAINT "Target_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Target_setById_fkey" FOREIGN KEY ("setById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Target_userId_period_measure_key" ON "Target"("userId", "period", "measure");
CREATE INDEX "Target_period_idx" ON "Target"("period");
CREATE INDEX "Target_setById_idx" ON "Target"("setById");

-- Decision 85. The target notifications sent: each (officer, period, measure, kind) at most once.
CREATE TABLE "TargetNotice" (
    "userId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "measure" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("userId", "period", "measure", "kind"),
    CONSTRAINT "TargetNotice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The change feed follows targets (prisma/triggers.ts): every insert, update and delete of one.
CREATE TRIGGER "Target_change_insert" AFTER INSERT ON "Target"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('target', NEW."id", 'created', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Target_change_update" AFTER UPDATE ON "Target"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('target', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Target_change_delete" AFTER DELETE ON "Target"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('target', OLD."id", 'deleted', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
