-- AlterTable: how each check-in's place was had; the existing ones are UNKNOWN.
ALTER TABLE "CheckIn" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'UNKNOWN';
ALTER TABLE "CheckIn" ADD COLUMN "accuracyM" REAL;
ALTER TABLE "CheckIn" ADD COLUMN "fixAt" DATETIME;
