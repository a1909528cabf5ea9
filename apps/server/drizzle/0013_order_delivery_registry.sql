ALTER TABLE "orders" ADD COLUMN "reclaimable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "registry_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_error" text;--> statement-breakpoint
CREATE INDEX "orders_registry_check_idx" ON "orders" USING btree ("registry_check_at") WHERE "orders"."status" in ('awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed');--> statement-breakpoint
-- Paid orders of a domain that were never given a delivery date (seeded orders, paid before
-- payOrder set one) were never claimed by the delivery sweeper: give them the usual wait.
UPDATE "orders" SET "deliver_at" = coalesce("paid_at", "updated_at") + interval '27 days'
  WHERE "deliver_at" IS NULL AND "source" in ('auction', 'fixed', 'offer')
  AND "status" in ('paid_awaiting_delivery', 'transferring', 'delivery_failed');--> statement-breakpoint
-- Open orders of a domain: read the registry at the next sweep.
UPDATE "orders" SET "registry_check_at" = timestamptz '1970-01-01 00:00:00+00'
  WHERE "source" in ('auction', 'fixed', 'offer')
  AND "status" in ('awaiting_payment', 'paid_awaiting_delivery', 'transferring', 'delivery_failed');
