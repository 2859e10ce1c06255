-- The map's routes are scoped by team: a user moving to another team (or out of one, a team's
-- deletion setting it NULL) changes whose check-ins a team's GET /api/agents/checkins holds, so it
-- raises the check-ins' version like a change of name.
CREATE TRIGGER "User_team_version_update" AFTER UPDATE OF "teamId" ON "User"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'CheckIn'; END;
