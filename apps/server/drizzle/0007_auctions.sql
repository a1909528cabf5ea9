CREATE TABLE "auction_bidders" (
	"auction_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"bidder_no" integer NOT NULL,
	"max_bid_cents" bigint NOT NULL,
	"max_set_at" timestamp with time zone NOT NULL,
	"deposit_cents" bigint DEFAULT 0 NOT NULL,
	"first_bid_at" timestamp with time zone NOT NULL,
	"last_bid_at" timestamp with time zone NOT NULL,
	"exited_at" timestamp with time zone,
	CONSTRAINT "auction_bidders_auction_id_user_id_pk" PRIMARY KEY("auction_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"tld" text NOT NULL,
	"length" integer NOT NULL,
	"has_hyphen" boolean NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"partner" text NOT NULL,
	"registrar" text NOT NULL,
	"registered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"redeemable_until" timestamp with time zone,
	"traffic" integer DEFAULT 0 NOT NULL,
	"backlinks" integer DEFAULT 0 NOT NULL,
	"referring_domains" integer DEFAULT 0 NOT NULL,
	"citation_flow" integer DEFAULT 0 NOT NULL,
	"trust_flow" integer DEFAULT 0 NOT NULL,
	"baidu_index" integer DEFAULT 0 NOT NULL,
	"sogou_index" integer DEFAULT 0 NOT NULL,
	"google_index" integer DEFAULT 0 NOT NULL,
	"baidu_weight" integer DEFAULT 0 NOT NULL,
	"page_authority" integer DEFAULT 0 NOT NULL,
	"start_price_cents" bigint NOT NULL,
	"current_price_cents" bigint NOT NULL,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"bidder_count" integer DEFAULT 0 NOT NULL,
	"leader_id" bigint,
	"leader_max_cents" bigint,
	"starts_at" timestamp with time zone NOT NULL,
	"scheduled_ends_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"latest_ends_at" timestamp with time zone NOT NULL,
	"winner_id" bigint,
	"winning_price_cents" bigint,
	"order_id" text,
	"closed_at" timestamp with time zone,
	"chain_head" text,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auctions_prices" CHECK ("auctions"."start_price_cents" > 0 AND "auctions"."current_price_cents" >= "auctions"."start_price_cents"),
	CONSTRAINT "auctions_window" CHECK ("auctions"."ends_at" <= "auctions"."latest_ends_at" AND "auctions"."starts_at" < "auctions"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"auction_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"bidder_no" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_filters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"user_id" bigint NOT NULL,
	"auction_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlist_user_id_auction_id_pk" PRIMARY KEY("user_id","auction_id")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"tld" text NOT NULL,
	"registrar" text NOT NULL,
	"status" text NOT NULL,
	"lock_status" text NOT NULL,
	"registered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"acquired_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"group_name" text,
	"notes" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auction_bidders" ADD CONSTRAINT "auction_bidders_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bidders" ADD CONSTRAINT "auction_bidders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bidders_no_uq" ON "auction_bidders" USING btree ("auction_id","bidder_no");--> statement-breakpoint
CREATE INDEX "auction_bidders_user_idx" ON "auction_bidders" USING btree ("user_id","last_bid_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auctions_open_domain_uq" ON "auctions" USING btree ("domain") WHERE "auctions"."status" in ('scheduled', 'bidding');--> statement-breakpoint
CREATE INDEX "auctions_status_ends_idx" ON "auctions" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "auctions_starts_idx" ON "auctions" USING btree ("starts_at") WHERE "auctions"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "auctions_closed_idx" ON "auctions" USING btree ("closed_at") WHERE "auctions"."status" = 'ended';--> statement-breakpoint
CREATE UNIQUE INDEX "bids_auction_seq_uq" ON "bids" USING btree ("auction_id","seq");--> statement-breakpoint
CREATE INDEX "saved_filters_user_idx" ON "saved_filters" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "watchlist_auction_idx" ON "watchlist" USING btree ("auction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "domains_name_uq" ON "domains" USING btree ("name");--> statement-breakpoint
CREATE INDEX "domains_user_idx" ON "domains" USING btree ("user_id","acquired_at");--> statement-breakpoint
CREATE INDEX "orders_deliver_at_idx" ON "orders" USING btree ("deliver_at") WHERE "orders"."status" in ('paid_awaiting_delivery', 'transferring', 'delivery_failed');