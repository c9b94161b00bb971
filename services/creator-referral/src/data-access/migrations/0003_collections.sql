CREATE TABLE "creator_referral"."collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"cover_colour" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"items" jsonb NOT NULL,
	"return_reason" text,
	"version" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_referral"."collections" ADD CONSTRAINT "collections_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "creator_referral"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collections_creator_idx" ON "creator_referral"."collections" USING btree ("creator_id","updated_at");--> statement-breakpoint
CREATE INDEX "collections_status_idx" ON "creator_referral"."collections" USING btree ("status","submitted_at");