-- Decision 96. A demo plot is followed by the change feed as entity "plot": its start, its
-- visits (stage, harvest day, yields, verdict) and a deletion; the SQL `npm run triggers` prints.
CREATE TRIGGER "DemoPlot_change_insert" AFTER INSERT ON "DemoPlot"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('plot', NEW."id", 'created', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "DemoPlot_change_update" AFTER UPDATE OF "farmerId", "officerId", "crop", "product", "areaHundredths", "controlAreaHundredths", "lat", "lng", "sownOn", "midVisitDueOn", "harvestDueOn", "stage", "harvestedOn", "yieldKgPerAcre", "controlYieldKgPerAcre", "verdict" ON "DemoPlot"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('plot', NEW."id", 'updated', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
CREATE TRIGGER "DemoPlot_change_delete" AFTER DELETE ON "DemoPlot"
BEGIN INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('plot', OLD."id", 'deleted', CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;
