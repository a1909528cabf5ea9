CREATE TABLE "cart_items" (
	"user_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"price_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cart_items_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "listing_watches" (
	"user_id" bigint NOT NULL,
	"listing_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "listing_watches_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "offer_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"action" text NOT NULL,
	"by" text NOT NULL,
	"amount_cents" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" bigint NOT NULL,
	"buyer_id" bigint NOT NULL,
	"seller_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"last_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "commission_bps" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "fee_locked_until" timestamp with time zone DEFAULT now() + interval '12 months' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "listing_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_watches" ADD CONSTRAINT "listing_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_watches" ADD CONSTRAINT "listing_watches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_listing_idx" ON "cart_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "listing_watches_user_created_idx" ON "listing_watches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_events_offer_idx" ON "offer_events" USING btree ("offer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_open_buyer_uq" ON "offers" USING btree ("listing_id","buyer_id") WHERE "offers"."status" in ('open', 'countered');--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","updated_at");--> statement-breakpoint
CREATE INDEX "offers_seller_idx" ON "offers" USING btree ("seller_id","updated_at");--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("listing_id","status");--> statement-breakpoint
CREATE INDEX "offers_expires_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" in ('open', 'countered');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_listing_open_uq" ON "orders" USING btree ("listing_id") WHERE "orders"."listing_id" is not null and "orders"."status" in ('awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed');--> statement-breakpoint
CREATE INDEX "orders_listing_idx" ON "orders" USING btree ("listing_id") WHERE "orders"."listing_id" is not null;--> statement-breakpoint
UPDATE "listings" SET "fee_locked_until" = "created_at" + interval '12 months';--> statement-breakpoint
UPDATE "orders" SET "delivery" = CASE WHEN "seller_id" IS NOT NULL THEN 'handover' ELSE 'registry' END WHERE "source" IN ('auction', 'fixed', 'offer');
