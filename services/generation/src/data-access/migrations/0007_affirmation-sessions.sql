ALTER TABLE "generation"."saved_affirmations" ADD COLUMN "session_parts" jsonb;--> statement-breakpoint
ALTER TABLE "generation"."saved_affirmations" ADD COLUMN "collection_id" uuid;