-- AlterTable
ALTER TABLE "PasswordResetToken" ADD COLUMN "requestKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "PasswordResetToken_userId_requestKey_key" ON "PasswordResetToken"("userId", "requestKey");
