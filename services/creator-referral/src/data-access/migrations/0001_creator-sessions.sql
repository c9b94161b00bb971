CREATE TABLE "creator_referral"."creator_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "creator_referral"."creator_sessions" ADD CONSTRAINT "creator_sessions_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "creator_referral"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_sessions_creator_idx" ON "creator_referral"."creator_sessions" USING btree ("creator_id");