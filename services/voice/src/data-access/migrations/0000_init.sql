CREATE SCHEMA "voice";
--> statement-breakpoint
CREATE TABLE "voice"."inbox" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "voice"."outbox" (
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
CREATE TABLE "voice"."voice_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"voice_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"is_cloned" boolean DEFAULT false NOT NULL,
	"engine" text,
	"provider_voice_id" text,
	"sample_key" text,
	"consent_at" timestamp with time zone,
	"consent_text_version" text,
	"consent_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "voice"."outbox" USING btree ("published_at","next_attempt_at");