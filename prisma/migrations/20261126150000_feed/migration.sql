-- The leaderboard's version also changes with whom an officer's team is and what the team is
-- called: the leaderboard shows each officer's team and rank in it, and the rankings filter their
-- cached company rows by team (decision 42). Deleting a team leaves its people in no team.
CREATE TRIGGER "User_leaderboard_version_team" AFTER UPDATE OF "teamId" ON "User"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Leaderboard'; END;
CREATE TRIGGER "Team_leaderboard_version_update" AFTER UPDATE OF "name" ON "Team"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Leaderboard'; END;
CREATE TRIGGER "Team_leaderboard_version_delete" AFTER DELETE ON "Team"
BEGIN UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = 'Leaderboard'; END;
