CREATE TABLE "voice"."upload_grants" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"max_bytes" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "upload_grants_user_idx" ON "voice"."upload_grants" USING btree ("user_id");