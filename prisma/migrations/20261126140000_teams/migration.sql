-- Teams and territories, who may join (decision 42). Columns are added in place, not by copying
-- tables, so the rows and the list-version triggers on User and Dealer stay. Every existing user
-- is APPROVED and in no team; with no team anywhere, everyone sees everyone, as before.

-- CreateTable
CREATE TABLE "Team" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "provinces" TEXT NOT NULL DEFAULT '[]',
    "districts" TEXT NOT NULL DEFAULT '[]',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "Team_name_key" ON "Team"("name");

-- CreateTable
CREATE TABLE "TeamManager" (
    "teamId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    PRIMARY KEY ("teamId", "userId"),
    CONSTRAINT "TeamManager_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "TeamManager_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "TeamManager_userId_idx" ON "TeamManager"("userId");

-- CreateTable
CREATE TABLE "Invite" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenHash" TEXT NOT NULL,
    "teamId" INTEGER NOT NULL,
    "createdById" INTEGER,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    "usedById" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Invite_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Invite_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Invite_usedById_fkey" FOREIGN KEY ("usedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "Invite_tokenHash_key" ON "Invite"("tokenHash");
CREATE INDEX "Invite_teamId_idx" ON "Invite"("teamId");

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- AlterTable
ALTER TABLE "User" ADD COLUMN "approval" TEXT NOT NULL DEFAULT 'APPROVED';
ALTER TABLE "User" ADD COLUMN "teamId" INTEGER REFERENCES "Team" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "User_teamId_role_isActive_idx" ON "User"("teamId", "role", "isActive");
CREATE INDEX "User_approval_idx" ON "User"("approval");

-- AlterTable
ALTER TABLE "Dealer" ADD COLUMN "teamId" INTEGER REFERENCES "Team" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Dealer" ADD COLUMN "teamSetByHand" BOOLEAN NOT NULL DEFAULT false;
CREATE INDEX "Dealer_teamId_idx" ON "Dealer"("teamId");
