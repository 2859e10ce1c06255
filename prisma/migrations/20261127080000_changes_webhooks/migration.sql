-- The change feed (GET /api/changes) and webhooks (decision 50). Every insert, update and delete
-- of a post, dealer, check-in or user writes a row to "Change" from a trigger, in the transaction
-- of the write itself: no write path (the app, the import's plain SQL, a foreign key's cascade, a
-- script) can forget it, and as SQLite lets one writer at a time commit, the sequence's order is
-- the order of the commits. A change also queues one delivery for every webhook that asked for
-- its event. Prisma's schema cannot describe triggers.

-- CreateTable
CREATE TABLE "Change" (
    "seq" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "entity" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "op" TEXT NOT NULL,
    "at" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "Change_entity_seq_idx" ON "Change"("entity", "seq");

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "createdById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "WebhookEndpoint_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "endpointId" INTEGER NOT NULL,
    "changeSeq" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "body" TEXT,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL,
    "lastAttemptAt" DATETIME,
    "lastStatus" INTEGER,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL,
    CONSTRAINT "WebhookDelivery_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_id_idx" ON "WebhookDelivery"("endpointId", "status", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");

-- A post's update: its own columns, not authorTeamId (kept by triggers) nor the submission key.
CREATE TRIGGER "Post_change_insert" AFTER INSERT ON "Post"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('post', NEW."id", 'created', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Post_change_update" AFTER UPDATE OF "type", "text", "lat", "lng", "address", "saleProduct", "saleQty", "salePriceCents", "saleTotalCents", "recoveryAmountCents", "dealerId", "createdAt" ON "Post"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('post', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Post_change_delete" AFTER DELETE ON "Post"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('post', OLD."id", 'deleted', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;

-- A dealer's update: every column it answers (not the submission key).
CREATE TRIGGER "Dealer_change_insert" AFTER INSERT ON "Dealer"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('dealer', NEW."id", 'created', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Dealer_change_update" AFTER UPDATE OF "businessName", "ownerFirstName", "ownerLastName", "phone", "email", "street", "city", "state", "postalCode", "notes", "aboutDescription", "lat", "lng", "formattedAddress", "locationApproximate", "profilePictureUrl", "profilePictureThumbUrl", "createdById", "teamId", "teamSetByHand" ON "Dealer"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('dealer', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "Dealer_change_delete" AFTER DELETE ON "Dealer"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('dealer', OLD."id", 'deleted', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;

-- A check-in's update: any column.
CREATE TRIGGER "CheckIn_change_insert" AFTER INSERT ON "CheckIn"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('checkin', NEW."id", 'created', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "CheckIn_change_update" AFTER UPDATE ON "CheckIn"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('checkin', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "CheckIn_change_delete" AFTER DELETE ON "CheckIn"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('checkin', OLD."id", 'deleted', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;

-- A user's update: the columns of the account as admins see it, never the password or the
-- performance figures (every calculation rewrites those for everyone).
CREATE TRIGGER "User_change_insert" AFTER INSERT ON "User"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('user', NEW."id", 'created', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "User_change_update" AFTER UPDATE OF "username", "email", "firstName", "lastName", "role", "isActive", "approval", "teamId" ON "User"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('user', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "User_change_delete" AFTER DELETE ON "User"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('user', OLD."id", 'deleted', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;

-- A dealer answers its gallery: a photo added or removed changes the dealer (not when the dealer
-- itself is being deleted, which is its own change).
CREATE TRIGGER "DealerImage_change_insert" AFTER INSERT ON "DealerImage"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('dealer', NEW."dealerId", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "DealerImage_change_delete" AFTER DELETE ON "DealerImage" WHEN EXISTS (SELECT 1 FROM "Dealer" WHERE "id" = OLD."dealerId")
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('dealer', OLD."dealerId", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;

-- One delivery per webhook that asked for the change's event ("post.created", …), in the same
-- transaction: the outbox the delivery worker (app/models/webhook-delivery.server.ts) sends from.
CREATE TRIGGER "Change_webhook_deliveries" AFTER INSERT ON "Change"
BEGIN
  INSERT INTO "WebhookDelivery" ("endpointId", "changeSeq", "event", "nextAttemptAt", "createdAt")
  SELECT e."id", NEW."seq", NEW."entity" || '.' || NEW."op", NEW."at", NEW."at"
  FROM "WebhookEndpoint" e
  WHERE EXISTS (SELECT 1 FROM json_each(e."events") WHERE json_each."value" = NEW."entity" || '.' || NEW."op");
END;
