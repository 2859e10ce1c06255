-- AlterTable
ALTER TABLE "DealerImport" ADD COLUMN "uploadId" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "DealerImport_userId_uploadId_key" ON "DealerImport"("userId", "uploadId");
