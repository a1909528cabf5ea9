CREATE TABLE "domain_groups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"domain_id" bigint,
	"domain" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"ticket" text,
	"params" text DEFAULT '{}' NOT NULL,
	"order_id" text,
	"transfer_id" bigint,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"domain" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"from_registrar" text,
	"to_registrar" text,
	"auth_code_expires_at" timestamp with time zone,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "domains_user_idx";--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "group_id" bigint;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "transfer_out_allowed_from" timestamp with time zone;--> statement-breakpoint
UPDATE "domains" SET "transfer_out_allowed_from" = "acquired_at" + interval '60 days';--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "transfer_out_allowed_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "reclaimable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "disputed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "pending_operation" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "auth_code_hash" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "auth_code_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "auth_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_groups" ADD CONSTRAINT "domain_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_operations" ADD CONSTRAINT "domain_operations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_transfers" ADD CONSTRAINT "domain_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_groups_user_name_uq" ON "domain_groups" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "domain_operations_due_idx" ON "domain_operations" USING btree ("next_check_at") WHERE "domain_operations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "domain_operations_domain_idx" ON "domain_operations" USING btree ("domain_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_operations_user_idx" ON "domain_operations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_transfers_user_idx" ON "domain_transfers" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_transfers_pending_uq" ON "domain_transfers" USING btree ("domain","direction") WHERE "domain_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "domain_transfers_expiry_idx" ON "domain_transfers" USING btree ("auth_code_expires_at") WHERE "domain_transfers"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_group_id_domain_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."domain_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domains_user_expires_idx" ON "domains" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "domains_user_group_idx" ON "domains" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE INDEX "domains_expires_idx" ON "domains" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "domains_user_idx" ON "domains" USING btree ("user_id","acquired_at","id");--> statement-breakpoint
ALTER TABLE "domains" DROP COLUMN "group_name";