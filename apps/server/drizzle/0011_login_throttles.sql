CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"proven_failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"retry_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_throttles_expires_idx" ON "login_throttles" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";