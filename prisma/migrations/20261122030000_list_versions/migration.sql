-- CreateTable
CREATE TABLE "ListVersion" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL DEFAULT 0
);


-- The dealer list's version: raised by every change of a dealer or of a gallery image, whoever
-- writes (the app, the import's plain SQL, a foreign key's SET NULL, a script).
INSERT INTO "ListVersion" ("name", "version") VALUES ('Dealer', 0);

CREATE TRIGGER "Dealer_version_insert" AFTER INSERT ON "Dealer"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Dealer'; END;
CREATE TRIGGER "Dealer_version_update" AFTER UPDATE ON "Dealer"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Dealer'; END;
CREATE TRIGGER "Dealer_version_delete" AFTER DELETE ON "Dealer"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Dealer'; END;
CREATE TRIGGER "DealerImage_version_insert" AFTER INSERT ON "DealerImage"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Dealer'; END;
CREATE TRIGGER "DealerImage_version_update" AFTER UPDATE ON "DealerImage"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Dealer'; END;
CREATE TRIGGER "DealerImage_version_delete" AFTER DELETE ON "DealerImage"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Dealer'; END;

-- The check-in list's version: raised by every change of a check-in, and by a change of an
-- agent's name (GET /api/agents/checkins shows it).
INSERT INTO "ListVersion" ("name", "version") VALUES ('CheckIn', 0);

CREATE TRIGGER "CheckIn_version_insert" AFTER INSERT ON "CheckIn"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'CheckIn'; END;
CREATE TRIGGER "CheckIn_version_update" AFTER UPDATE ON "CheckIn"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'CheckIn'; END;
CREATE TRIGGER "CheckIn_version_delete" AFTER DELETE ON "CheckIn"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'CheckIn'; END;
CREATE TRIGGER "User_name_version_update" AFTER UPDATE OF "username", "firstName", "lastName" ON "User"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'CheckIn'; END;
