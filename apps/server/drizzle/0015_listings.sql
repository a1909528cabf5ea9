CREATE TABLE "listing_calendar" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"date" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"price_cents" bigint NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_logos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"style" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"svg" text,
	"image" "bytea",
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"name" text NOT NULL,
	"tld" text NOT NULL,
	"length" integer NOT NULL,
	"source" text NOT NULL,
	"domain_id" bigint,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_reason" text,
	"price_cents" bigint,
	"floor_cents" bigint,
	"start_price_cents" bigint,
	"reserve_price_cents" bigint,
	"duration_days" integer,
	"auction_id" bigint,
	"industries" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"logo_id" bigint,
	"ai_tokens_used" integer DEFAULT 0 NOT NULL,
	"end_option" text NOT NULL,
	"expires_at" timestamp with time zone,
	"expiring_notified_at" timestamp with time zone,
	"pending_changes" jsonb,
	"review_reason" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone NOT NULL,
	"listed_at" timestamp with time zone,
	"sold_at" timestamp with time zone,
	"order_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listings_prices" CHECK (coalesce("listings"."price_cents", 300) >= 300 AND coalesce("listings"."floor_cents", 300) >= 300)
);
--> statement-breakpoint
CREATE TABLE "ownership_proofs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"status" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"misses" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "seller_id" bigint;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "listing_id" bigint;--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "reserve_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "listing_calendar" ADD CONSTRAINT "listing_calendar_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_logos" ADD CONSTRAINT "listing_logos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_logos" ADD CONSTRAINT "listing_logos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_proofs" ADD CONSTRAINT "ownership_proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_calendar_listing_date_uq" ON "listing_calendar" USING btree ("listing_id","date");--> statement-breakpoint
CREATE INDEX "listing_calendar_due_idx" ON "listing_calendar" USING btree ("effective_at") WHERE "listing_calendar"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "listing_logos_listing_idx" ON "listing_logos" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "listings_open_domain_uq" ON "listings" USING btree ("domain") WHERE "listings"."status" in ('pending_review', 'review_failed', 'supplement_required', 'modification_review', 'on_sale', 'selling');--> statement-breakpoint
CREATE INDEX "listings_user_idx" ON "listings" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "listings_user_domain_idx" ON "listings" USING btree ("user_id","domain");--> statement-breakpoint
CREATE INDEX "listings_review_idx" ON "listings" USING btree ("submitted_at","id") WHERE "listings"."status" in ('pending_review', 'modification_review', 'supplement_required');--> statement-breakpoint
CREATE INDEX "listings_expires_idx" ON "listings" USING btree ("expires_at") WHERE "listings"."status" in ('on_sale', 'modification_review') and "listings"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "listings_domain_id_idx" ON "listings" USING btree ("domain_id");--> statement-breakpoint
CREATE INDEX "listings_market_newest_idx" ON "listings" USING btree ("listed_at","id") WHERE status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer');--> statement-breakpoint
CREATE INDEX "listings_market_price_idx" ON "listings" USING btree ("price_cents","id") WHERE status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer');--> statement-breakpoint
CREATE INDEX "listings_market_tld_idx" ON "listings" USING btree ("tld","price_cents","id") WHERE status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer');--> statement-breakpoint
CREATE INDEX "listings_market_length_idx" ON "listings" USING btree ("length","id") WHERE status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer');--> statement-breakpoint
CREATE INDEX "listings_market_name_idx" ON "listings" USING btree ("name" text_pattern_ops,"id") WHERE status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer');--> statement-breakpoint
CREATE INDEX "listings_market_trgm_idx" ON "listings" USING gin ("domain" gin_trgm_ops) WHERE status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer');--> statement-breakpoint
CREATE INDEX "listings_market_industries_idx" ON "listings" USING gin ("industries") WHERE status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer');--> statement-breakpoint
CREATE INDEX "listings_market_keywords_idx" ON "listings" USING gin ("keywords") WHERE status in ('on_sale', 'modification_review') and not paused and mode in ('fixed', 'offer');--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_proofs_user_domain_uq" ON "ownership_proofs" USING btree ("user_id","domain");--> statement-breakpoint
CREATE INDEX "ownership_proofs_due_idx" ON "ownership_proofs" USING btree ("next_check_at") WHERE "ownership_proofs"."status" = 'verified';--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;