-- AlterTable
ALTER TABLE "Dealer" ADD COLUMN "locationApproximate" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN "homeApproximate" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "User" ADD COLUMN "warehouseApproximate" BOOLEAN NOT NULL DEFAULT false;
