-- Decision 94. A farmer the company's officers work with: the team of the officer who added them
-- works with them. A phone is unique among farmers (an erased farmer has none); erasure clears the
-- name, phone and village and keeps the row, so counts of meetings and plots stay right.
CREATE TABLE "Farmer" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "phone" TEXT,
    "village" TEXT,
    "tehsil" TEXT NOT NULL,
    "district" TEXT NOT NULL,
    "landHundredths" INTEGER NOT NULL,
    "mainCrops" TEXT NOT NULL DEFAULT '[]',
    "dealerId" INTEGER,
    "teamId" INTEGER,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "erasedAt" DATETIME,
    CONSTRAINT "Farmer_dealerId_fkey" FOREIGN KEY ("dealerId") REFERENCES "Dealer" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Farmer_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Farmer_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Farmer_phone_key" ON "Farmer"("phone");
CREATE INDEX "Farmer_teamId_idx" ON "Farmer"("teamId");
CREATE INDEX "Farmer_dealerId_idx" ON "Farmer"("dealerId");
CREATE INDEX "Farmer_createdById_idx" ON "Farmer"("createdById");

-- The change feed follows farmers (prisma/triggers.ts).
CREATE TRIGGER "Farmer_change_insert" AFTER INSERT ON "Farmer"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('farmer', NEW."id", 'created', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Farmer_change_update" AFTER UPDATE OF "name", "phone", "village", "tehsil", "district", "landHundredths", "mainCrops", "dealerId", "teamId", "erasedAt" ON "Farmer"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('farmer', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Farmer_change_delete" AFTER DELETE ON "Farmer"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('farmer', OLD."id", 'deleted', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
