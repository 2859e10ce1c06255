-- AlterTable
ALTER TABLE "Farmer" ADD COLUMN "idempotencyKey" TEXT;
ALTER TABLE "Farmer" ADD COLUMN "requestHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Farmer_createdById_idempotencyKey_key" ON "Farmer"("createdById", "idempotencyKey");

