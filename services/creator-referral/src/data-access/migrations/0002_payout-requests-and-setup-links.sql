CREATE TABLE "creator_referral"."creator_setup_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_referral"."payouts" ADD COLUMN "requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_referral"."payouts" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "creator_referral"."creator_setup_tokens" ADD CONSTRAINT "creator_setup_tokens_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "creator_referral"."creators"("id") ON DELETE cascade ON UPDATE no action;