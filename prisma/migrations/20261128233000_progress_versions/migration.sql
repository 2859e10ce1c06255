-- An officer's progress version (decision 92): raised by their posts, their targets and their being made.
CREATE TRIGGER "User_progress_version_insert" AFTER INSERT ON "User"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || NEW."id", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Post_progress_version_insert" AFTER INSERT ON "Post"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || NEW."userId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Post_progress_version_update" AFTER UPDATE OF "userId", "type", "saleProduct", "saleQty", "saleTotalCents", "recoveryAmountCents", "dealerId", "createdAt" ON "Post"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || OLD."userId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || NEW."userId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Post_progress_version_delete" AFTER DELETE ON "Post"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || OLD."userId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Target_progress_version_insert" AFTER INSERT ON "Target"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || NEW."userId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Target_progress_version_update" AFTER UPDATE ON "Target"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || OLD."userId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;
INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || NEW."userId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Target_progress_version_delete" AFTER DELETE ON "Target"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || OLD."userId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
