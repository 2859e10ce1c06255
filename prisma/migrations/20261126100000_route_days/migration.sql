-- The distance and hours of each officer's each ended local day, computed once for reports
-- (app/models/route-days.server.ts, docs/decisions/0034-route-days.md).
CREATE TABLE "RouteDay" (
    "dayStart" DATETIME NOT NULL,
    "userId" INTEGER NOT NULL,
    "km" REAL NOT NULL,
    "ms" BIGINT NOT NULL,

    PRIMARY KEY ("dayStart", "userId")
);

-- A day whose routes RouteDay holds, under the leg rules it was computed with.
CREATE TABLE "RouteDayDone" (
    "dayStart" DATETIME NOT NULL PRIMARY KEY,
    "dayEnd" DATETIME NOT NULL,
    "rules" TEXT NOT NULL
);

-- Any change of a check-in, whoever writes it (the app, a script, a user's cascade), forgets the
-- day it was in, and the day it moved to: the next report computes that day again.
CREATE TRIGGER "CheckIn_route_day_insert" AFTER INSERT ON "CheckIn"
BEGIN DELETE FROM "RouteDayDone" WHERE "dayStart" <= NEW."createdAt" AND NEW."createdAt" < "dayEnd"; END;
CREATE TRIGGER "CheckIn_route_day_update" AFTER UPDATE ON "CheckIn"
BEGIN DELETE FROM "RouteDayDone" WHERE ("dayStart" <= OLD."createdAt" AND OLD."createdAt" < "dayEnd") OR ("dayStart" <= NEW."createdAt" AND NEW."createdAt" < "dayEnd"); END;
CREATE TRIGGER "CheckIn_route_day_delete" AFTER DELETE ON "CheckIn"
BEGIN DELETE FROM "RouteDayDone" WHERE "dayStart" <= OLD."createdAt" AND OLD."createdAt" < "dayEnd"; END;
