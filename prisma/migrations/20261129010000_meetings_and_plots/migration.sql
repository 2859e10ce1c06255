-- AlterTable
ALTER TABLE "Post" ADD COLUMN "headCount" INTEGER;

-- CreateTable
CREATE TABLE "MeetingAttendee" (
    "postId" INTEGER NOT NULL,
    "farmerId" INTEGER NOT NULL,

    PRIMARY KEY ("postId", "farmerId"),
    CONSTRAINT "MeetingAttendee_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "MeetingAttendee_farmerId_fkey" FOREIGN KEY ("farmerId") REFERENCES "Farmer" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "DemoPlot" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "postId" INTEGER NOT NULL,
    "farmerId" INTEGER NOT NULL,
    "officerId" INTEGER NOT NULL,
    "crop" TEXT NOT NULL,
    "product" TEXT NOT NULL,
    "areaHundredths" INTEGER NOT NULL,
    "controlAreaHundredths" INTEGER NOT NULL,
    "lat" REAL NOT NULL,
    "lng" REAL NOT NULL,
    "sownOn" TEXT NOT NULL,
    "midVisitDueOn" TEXT NOT NULL,
    "harvestDueOn" TEXT NOT NULL,
    "stage" TEXT NOT NULL DEFAULT 'SOWN',
    "harvestedOn" TEXT,
    "yieldKgPerAcre" INTEGER,
    "controlYieldKgPerAcre" INTEGER,
    "verdict" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "DemoPlot_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "DemoPlot_farmerId_fkey" FOREIGN KEY ("farmerId") REFERENCES "Farmer" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "DemoPlot_officerId_fkey" FOREIGN KEY ("officerId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PlotVisit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "plotId" INTEGER NOT NULL,
    "postId" INTEGER NOT NULL,
    "stage" TEXT NOT NULL,
    "visitedOn" TEXT NOT NULL,
    CONSTRAINT "PlotVisit_plotId_fkey" FOREIGN KEY ("plotId") REFERENCES "DemoPlot" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlotVisit_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "MeetingAttendee_farmerId_postId_idx" ON "MeetingAttendee"("farmerId", "postId");

-- CreateIndex
CREATE UNIQUE INDEX "DemoPlot_postId_key" ON "DemoPlot"("postId");

-- CreateIndex
CREATE INDEX "DemoPlot_officerId_stage_idx" ON "DemoPlot"("officerId", "stage");

-- CreateIndex
CREATE INDEX "DemoPlot_stage_harvestDueOn_idx" ON "DemoPlot"("stage", "harvestDueOn");

-- CreateIndex
CREATE INDEX "DemoPlot_farmerId_idx" ON "DemoPlot"("farmerId");

-- CreateIndex
CREATE INDEX "DemoPlot_sownOn_idx" ON "DemoPlot"("sownOn");

-- CreateIndex
CREATE UNIQUE INDEX "PlotVisit_postId_key" ON "PlotVisit"("postId");

-- CreateIndex
CREATE INDEX "PlotVisit_plotId_visitedOn_idx" ON "PlotVisit"("plotId", "visitedOn");

-- CreateIndex
CREATE UNIQUE INDEX "PlotVisit_plotId_stage_key" ON "PlotVisit"("plotId", "stage");


-- The change feed follows a Farmer Meeting's head count (prisma/triggers.ts).
DROP TRIGGER IF EXISTS "Post_change_update";
CREATE TRIGGER "Post_change_update" AFTER UPDATE OF "type", "text", "lat", "lng", "address", "saleProduct", "saleQty", "salePriceCents", "saleTotalCents", "recoveryAmountCents", "dealerId", "headCount", "createdAt" ON "Post"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('post', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
