CREATE TRIGGER "Dealer_account_version_insert" AFTER INSERT ON "Dealer"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Account:' || NEW."id", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "LedgerEntry_account_version" AFTER INSERT ON "LedgerEntry"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Account:' || NEW."dealerId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Dealer_account_version" AFTER UPDATE OF "creditLimitCents", "paymentTermsDays" ON "Dealer"
BEGIN INSERT INTO "ListVersion" ("name", "version") VALUES ('Account:' || NEW."id", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1; END;
