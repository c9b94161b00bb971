CREATE TABLE "generation"."own_recordings" (
	"owner_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "own_recordings_owner_id_source_kind_source_id_pk" PRIMARY KEY("owner_id","source_kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "generation"."saved_affirmations" ADD COLUMN "voice_source" text DEFAULT 'cloned' NOT NULL;