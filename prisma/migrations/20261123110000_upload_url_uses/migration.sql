-- CreateTable
CREATE TABLE "UploadUrlUse" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "UploadUrlUse_createdAt_idx" ON "UploadUrlUse"("createdAt");

