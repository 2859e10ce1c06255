-- "Address not available" is what New Post shows when no address is found, not an address:
-- posts and check-ins saved with it have none (they show their coordinates).
UPDATE "Post" SET "address" = NULL WHERE "address" = 'Address not available';
UPDATE "CheckIn" SET "address" = NULL WHERE "address" = 'Address not available';
