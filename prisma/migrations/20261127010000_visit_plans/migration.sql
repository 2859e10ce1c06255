-- Visit plans (decision 43): an officer's dealers to visit on one local day, in driving order,
-- made by the officer or a manager of their team. At most one plan per officer and day.

-- CreateTable
CREATE TABLE "VisitPlan" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "startLat" REAL,
    "startLng" REAL,
    "startSource" TEXT,
    "createdById" INTEGER,
    "updatedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "VisitPlan_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VisitPlan_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "VisitPlan_updatedById_fkey" FOREIGN KEY ("updatedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VisitPlanStop" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "planId" INTEGER NOT NULL,
    "dealerId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "VisitPlanStop_planId_fkey" FOREIGN KEY ("planId") REFERENCES "VisitPlan" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "VisitPlanStop_dealerId_fkey" FOREIGN KEY ("dealerId") REFERENCES "Dealer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "VisitPlan_day_idx" ON "VisitPlan"("day");

-- CreateIndex
CREATE INDEX "VisitPlan_createdById_idx" ON "VisitPlan"("createdById");

-- CreateIndex
CREATE INDEX "VisitPlan_updatedById_idx" ON "VisitPlan"("updatedById");

-- CreateIndex
CREATE UNIQUE INDEX "VisitPlan_userId_day_key" ON "VisitPlan"("userId", "day");

-- CreateIndex
CREATE INDEX "VisitPlanStop_dealerId_idx" ON "VisitPlanStop"("dealerId");

-- CreateIndex
CREATE UNIQUE INDEX "VisitPlanStop_planId_dealerId_key" ON "VisitPlanStop"("planId", "dealerId");

