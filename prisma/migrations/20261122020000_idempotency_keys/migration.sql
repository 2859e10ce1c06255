-- AlterTable
ALTER TABLE "Post" ADD COLUMN "idempotencyKey" TEXT;

-- AlterTable
ALTER TABLE "Comment" ADD COLUMN "idempotencyKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Post_userId_idempotencyKey_key" ON "Post"("userId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "Comment_userId_idempotencyKey_key" ON "Comment"("userId", "idempotencyKey");

