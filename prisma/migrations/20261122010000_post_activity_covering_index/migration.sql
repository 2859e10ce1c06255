-- DropIndex
DROP INDEX "Post_userId_createdAt_idx";

-- CreateIndex
CREATE INDEX "Post_userId_createdAt_type_saleTotalCents_recoveryAmountCents_idx" ON "Post"("userId", "createdAt", "type", "saleTotalCents", "recoveryAmountCents");

