-- Idempotency keys are their sender's, and a key is kept with the hash of the request it came
-- with, so the same key with another request is refused instead of answered with the first.
-- Columns are added in place, not by copying tables, so the rows and the list-version triggers on
-- DealerImage stay. Rows kept before have no hash (not compared) and no sender (no key to repeat).

-- AlterTable
ALTER TABLE "Post" ADD COLUMN "requestHash" TEXT;

-- AlterTable
ALTER TABLE "Comment" ADD COLUMN "requestHash" TEXT;

-- AlterTable
ALTER TABLE "Dealer" ADD COLUMN "requestHash" TEXT;

-- AlterTable: a gallery photo's key is its uploader's, no longer the dealer's.
ALTER TABLE "DealerImage" ADD COLUMN "createdById" INTEGER REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "DealerImage" ADD COLUMN "requestHash" TEXT;
DROP INDEX "DealerImage_dealerId_idempotencyKey_key";
CREATE UNIQUE INDEX "DealerImage_createdById_idempotencyKey_key" ON "DealerImage"("createdById", "idempotencyKey");

-- AlterTable: an admin's reset request key is the admin's, no longer the user's it resets.
ALTER TABLE "PasswordResetToken" ADD COLUMN "requestedById" INTEGER REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "PasswordResetToken" ADD COLUMN "requestHash" TEXT;
DROP INDEX "PasswordResetToken_userId_requestKey_key";
CREATE UNIQUE INDEX "PasswordResetToken_requestedById_requestKey_key" ON "PasswordResetToken"("requestedById", "requestKey");
