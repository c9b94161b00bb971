CREATE TABLE "generation"."render_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer NOT NULL,
	"file_key" text NOT NULL,
	"instance_id" uuid NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "render_reservations_user_day_idx" ON "generation"."render_reservations" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "render_reservations_lease_idx" ON "generation"."render_reservations" USING btree ("lease_until");--> statement-breakpoint
CREATE INDEX "render_reservations_instance_idx" ON "generation"."render_reservations" USING btree ("instance_id");--> statement-breakpoint
ALTER TABLE "generation"."daily_usage" DROP COLUMN "seconds_reserved";--> statement-breakpoint
ALTER TABLE "generation"."daily_usage" DROP COLUMN "reserved_until";