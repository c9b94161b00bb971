ALTER TABLE "library"."background_music" ADD COLUMN "decoded_frames" integer;--> statement-breakpoint
ALTER TABLE "library"."background_music" ADD COLUMN "loudness" real;