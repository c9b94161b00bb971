CREATE TABLE "library"."collections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"cover_colour" text NOT NULL,
	"transcript_ids" jsonb NOT NULL,
	"session_count" integer DEFAULT 0 NOT NULL,
	"version" integer NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collections_creator_idx" ON "library"."collections" USING btree ("creator_id");