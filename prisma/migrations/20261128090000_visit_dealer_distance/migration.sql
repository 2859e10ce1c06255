-- Decision 64. How far from its dealer a visit was logged, in metres, kept as it was when the post
-- was made (a dealer moved later does not move it). NULL: no dealer, no place, or saved before.
ALTER TABLE "Post" ADD COLUMN "dealerDistanceM" INTEGER;
