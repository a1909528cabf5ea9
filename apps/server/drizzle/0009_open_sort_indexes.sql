DROP INDEX "auctions_status_ends_idx";--> statement-breakpoint
DROP INDEX "auctions_open_price_idx";--> statement-breakpoint
DROP INDEX "auctions_open_bids_idx";--> statement-breakpoint
CREATE INDEX "auctions_open_ends_idx" ON "auctions" USING btree ("ends_at","id","name" text_pattern_ops) WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
CREATE INDEX "auctions_open_created_idx" ON "auctions" USING btree ("created_at","id","name" text_pattern_ops) WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
CREATE INDEX "auctions_open_price_idx" ON "auctions" USING btree ("current_price_cents","id","name" text_pattern_ops) WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
CREATE INDEX "auctions_open_bids_idx" ON "auctions" USING btree ("bid_count","id","name" text_pattern_ops) WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
-- /sale's keyword (LIKE '%x%') and starts-with (LIKE 'x%') estimates come from the histograms of these
-- all-distinct columns: with the default 100 buckets any pattern rarer than 1% reads as 0.01% of the rows.
ALTER TABLE "auctions" ALTER COLUMN "domain" SET STATISTICS 1000;--> statement-breakpoint
ALTER TABLE "auctions" ALTER COLUMN "name" SET STATISTICS 1000;