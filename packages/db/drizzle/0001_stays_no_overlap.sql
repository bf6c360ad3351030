-- No double booking, enforced by the database: two active stays (reservations,
-- holds, owner blocks) of one home may not share a night. Ranges are half-open
-- [check-in, check-out), so a check-out day can be the next guest's check-in.
-- btree_gist lets the GiST index compare the uuid column with "=".
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_no_overlap"
  EXCLUDE USING gist ("property_id" WITH =, "nights" WITH &&) WHERE ("status" = 'active');
--> statement-breakpoint
-- An empty or unbounded range would slip past the exclusion constraint (empty
-- overlaps nothing) or block a home forever, so only finite, non-empty ranges.
ALTER TABLE "stays" ADD CONSTRAINT "stays_nights_finite"
  CHECK (NOT isempty("nights") AND NOT lower_inf("nights") AND NOT upper_inf("nights"));
--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_kind_valid"
  CHECK ("kind" IN ('reservation', 'hold', 'owner_block'));
--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_status_valid"
  CHECK ("status" IN ('active', 'released'));
--> statement-breakpoint
ALTER TABLE "property_collections" ADD CONSTRAINT "property_collections_collection_valid"
  CHECK ("collection" IN ('essentials', 'resort', 'luxury', 'michigan'));
