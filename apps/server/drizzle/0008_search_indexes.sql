CREATE INDEX "auctions_open_price_idx" ON "auctions" USING btree ("current_price_cents","id") WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
CREATE INDEX "auctions_open_bids_idx" ON "auctions" USING btree ("bid_count","id") WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
CREATE INDEX "auctions_open_bidders_idx" ON "auctions" USING btree ("bidder_count","id") WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
CREATE INDEX "auctions_open_tld_idx" ON "auctions" USING btree ("tld","ends_at") WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
CREATE INDEX "auctions_open_name_prefix_idx" ON "auctions" USING btree ("name" text_pattern_ops) WHERE "auctions"."status" = 'bidding';--> statement-breakpoint
CREATE INDEX "auctions_created_idx" ON "auctions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "auctions_domain_trgm_idx" ON "auctions" USING gin ("domain" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "watchlist_user_created_idx" ON "watchlist" USING btree ("user_id","created_at");