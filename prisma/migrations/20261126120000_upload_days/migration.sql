-- CreateTable
CREATE TABLE "UploadDay" (
    "userId" INTEGER NOT NULL,
    "day" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,

    PRIMARY KEY ("userId", "day"),
    CONSTRAINT "UploadDay_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

