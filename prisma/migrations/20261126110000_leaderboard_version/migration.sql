-- The leaderboard's version (GET /api/performance/leaderboard): raised when an officer joins or
-- leaves it, and when anything it shows of one changes: the scores, parts, rank and badge a
-- calculation writes, the name, the avatar, being active, the role. Other account changes
-- (a password, an email, a session) leave it alone.
INSERT INTO "ListVersion" ("name", "version") VALUES ('Leaderboard', 0);

CREATE TRIGGER "User_leaderboard_version_insert" AFTER INSERT ON "User"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Leaderboard'; END;
CREATE TRIGGER "User_leaderboard_version_update" AFTER UPDATE OF
    "username", "firstName", "lastName", "selectedAvatar", "role", "isActive", "currentBadge",
    "currentPerformanceScore", "performanceRank", "lastPerformanceCalculation",
    "performanceDealersPart", "performanceRecoveryPart", "performanceGapPart", "performanceActivityPart"
  ON "User"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Leaderboard'; END;
CREATE TRIGGER "User_leaderboard_version_delete" AFTER DELETE ON "User"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Leaderboard'; END;
