-- AlterTable
ALTER TABLE "Dealer" ADD COLUMN "idempotencyKey" TEXT;

-- AlterTable
ALTER TABLE "DealerImage" ADD COLUMN "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Dealer_createdById_idempotencyKey_key" ON "Dealer"("createdById", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "DealerImage_dealerId_idempotencyKey_key" ON "DealerImage"("dealerId", "idempotencyKey");
