-- AlterTable
ALTER TABLE "Notification" ADD COLUMN "messageValues" TEXT;

