-- AlterTable
ALTER TABLE "Post" ADD COLUMN "salePaidCents" BIGINT;

-- AlterTable
ALTER TABLE "Dealer" ADD COLUMN "creditLimitCents" BIGINT;
ALTER TABLE "Dealer" ADD COLUMN "paymentTermsDays" INTEGER;

-- CreateTable
CREATE TABLE "LedgerEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "dealerId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "amountCents" BIGINT NOT NULL,
    "at" DATETIME NOT NULL,
    "postId" INTEGER,
    "reversesId" INTEGER,
    "reason" TEXT,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    CONSTRAINT "LedgerEntry_dealerId_fkey" FOREIGN KEY ("dealerId") REFERENCES "Dealer" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "LedgerEntry_reversesId_fkey" FOREIGN KEY ("reversesId") REFERENCES "LedgerEntry" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_reversesId_key" ON "LedgerEntry"("reversesId");

-- CreateIndex
CREATE INDEX "LedgerEntry_dealerId_at_id_idx" ON "LedgerEntry"("dealerId", "at", "id");

-- CreateIndex
CREATE INDEX "LedgerEntry_postId_idx" ON "LedgerEntry"("postId");

-- CreateIndex
CREATE INDEX "LedgerEntry_at_idx" ON "LedgerEntry"("at");

-- CreateIndex
CREATE UNIQUE INDEX "LedgerEntry_createdById_idempotencyKey_key" ON "LedgerEntry"("createdById", "idempotencyKey");

DROP TRIGGER IF EXISTS "Dealer_change_update";
CREATE TRIGGER "Dealer_change_update" AFTER UPDATE OF "businessName", "ownerFirstName", "ownerLastName", "phone", "email", "street", "city", "state", "postalCode", "notes", "aboutDescription", "lat", "lng", "formattedAddress", "locationApproximate", "profilePictureUrl", "profilePictureThumbUrl", "createdById", "teamId", "teamSetByHand", "creditLimitCents", "paymentTermsDays" ON "Dealer"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('dealer', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "LedgerEntry_change_insert" AFTER INSERT ON "LedgerEntry"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('ledger_entry', NEW."id", 'created', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Post_ledger_insert" AFTER INSERT ON "Post" WHEN NEW."dealerId" IS NOT NULL AND NEW."type" IN ('SALE', 'RECOVERY')
BEGIN INSERT INTO "LedgerEntry" ("dealerId", "kind", "amountCents", "at", "postId", "createdById", "createdAt")
  SELECT NEW."dealerId", 'SALE', COALESCE(NEW."saleTotalCents", 0), NEW."createdAt", NEW."id", NEW."userId", NEW."createdAt"
  WHERE NEW."type" = 'SALE' AND COALESCE(NEW."saleTotalCents", 0) > 0;
INSERT INTO "LedgerEntry" ("dealerId", "kind", "amountCents", "at", "postId", "createdById", "createdAt")
  SELECT NEW."dealerId", 'PAYMENT', -COALESCE(NEW."salePaidCents", 0), NEW."createdAt", NEW."id", NEW."userId", NEW."createdAt"
  WHERE NEW."type" = 'SALE' AND COALESCE(NEW."salePaidCents", 0) > 0;
INSERT INTO "LedgerEntry" ("dealerId", "kind", "amountCents", "at", "postId", "createdById", "createdAt")
  SELECT NEW."dealerId", 'RECOVERY', -COALESCE(NEW."recoveryAmountCents", 0), NEW."createdAt", NEW."id", NEW."userId", NEW."createdAt"
  WHERE NEW."type" = 'RECOVERY' AND COALESCE(NEW."recoveryAmountCents", 0) > 0; END;
CREATE TRIGGER "Post_ledger_delete" AFTER DELETE ON "Post"
BEGIN INSERT INTO "LedgerEntry" ("dealerId", "kind", "amountCents", "at", "postId", "reversesId", "reason", "createdAt")
  SELECT e."dealerId", 'REVERSAL', -e."amountCents", CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), e."postId", e."id", 'Post deleted', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
  FROM "LedgerEntry" e
  WHERE e."postId" = OLD."id" AND e."reversesId" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" r WHERE r."reversesId" = e."id"); END;
CREATE TRIGGER "Post_ledger_amounts_kept" BEFORE UPDATE OF "type", "dealerId", "saleTotalCents", "salePaidCents", "recoveryAmountCents" ON "Post" WHEN EXISTS (SELECT 1 FROM "LedgerEntry" WHERE "postId" = OLD."id") AND (OLD."type" IS NOT NEW."type" OR OLD."dealerId" IS NOT NEW."dealerId" OR OLD."saleTotalCents" IS NOT NEW."saleTotalCents" OR OLD."salePaidCents" IS NOT NEW."salePaidCents" OR OLD."recoveryAmountCents" IS NOT NEW."recoveryAmountCents")
BEGIN SELECT RAISE(ABORT, 'A post with ledger entries keeps its type, dealer and amounts.'); END;
CREATE TRIGGER "LedgerEntry_never_updated" BEFORE UPDATE ON "LedgerEntry"
BEGIN SELECT RAISE(ABORT, 'A ledger entry is never changed or removed: write a reversing entry.'); END;
CREATE TRIGGER "LedgerEntry_never_deleted" BEFORE DELETE ON "LedgerEntry"
BEGIN SELECT RAISE(ABORT, 'A ledger entry is never changed or removed: write a reversing entry.'); END;
CREATE TRIGGER "LedgerEntry_reversal_exact" BEFORE INSERT ON "LedgerEntry" WHEN NEW."reversesId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" o WHERE o."id" = NEW."reversesId" AND o."dealerId" = NEW."dealerId" AND o."amountCents" = -NEW."amountCents" AND o."reversesId" IS NULL AND NEW."kind" = 'REVERSAL')
BEGIN SELECT RAISE(ABORT, 'A reversal undoes exactly one entry of its dealer that is no reversal.'); END;
