CREATE TABLE "creator_referral"."creator_password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_referral"."creator_password_reset_tokens" ADD CONSTRAINT "creator_password_reset_tokens_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "creator_referral"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creator_password_reset_tokens_creator_idx" ON "creator_referral"."creator_password_reset_tokens" USING btree ("creator_id","created_at");