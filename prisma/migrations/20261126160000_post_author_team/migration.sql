-- A post keeps its author's team (decision 42), so a team's feed reads the newest of its own posts
-- from one index instead of every member's posts. Triggers keep it true: a new post takes its
-- author's team; an author who changes team takes their posts along; a deleted team leaves them
-- in none. Prisma's schema cannot describe triggers.

-- AlterTable
ALTER TABLE "Post" ADD COLUMN "authorTeamId" INTEGER;
UPDATE "Post" SET "authorTeamId" = (SELECT "teamId" FROM "User" WHERE "User"."id" = "Post"."userId");

-- CreateIndex
CREATE INDEX "Post_authorTeamId_createdAt_idx" ON "Post"("authorTeamId", "createdAt");

CREATE TRIGGER "Post_author_team_insert" AFTER INSERT ON "Post"
BEGIN
  UPDATE "Post" SET "authorTeamId" = (SELECT "teamId" FROM "User" WHERE "id" = NEW."userId") WHERE "id" = NEW."id";
END;

CREATE TRIGGER "User_team_posts" AFTER UPDATE OF "teamId" ON "User" WHEN OLD."teamId" IS NOT NEW."teamId"
BEGIN
  UPDATE "Post" SET "authorTeamId" = NEW."teamId" WHERE "userId" = NEW."id";
END;

CREATE TRIGGER "Team_delete_posts" AFTER DELETE ON "Team"
BEGIN
  UPDATE "Post" SET "authorTeamId" = NULL WHERE "authorTeamId" = OLD."id";
END;
