CREATE SCHEMA "generation";
--> statement-breakpoint
CREATE TABLE "generation"."daily_usage" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "generation"."inbox" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "generation"."outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "generation"."saved_affirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"transcript_id" uuid,
	"custom_affirmation_id" uuid,
	"title" text,
	"category" text,
	"voice_speed" real DEFAULT 1 NOT NULL,
	"audio_duration_seconds" integer NOT NULL,
	"background_music_id" uuid,
	"background_music_title" text,
	"file_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "generation"."outbox" USING btree ("published_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "saved_affirmations_owner_idx" ON "generation"."saved_affirmations" USING btree ("owner_id","created_at");