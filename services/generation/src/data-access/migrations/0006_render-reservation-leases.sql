-- Expand step: daily_usage.seconds_reserved and reserved_until stay while the release before
-- this one may still run (it reads and writes them); a later release drops them in a
-- migration that starts with "-- contract: 0006_render-reservation-leases".
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
CREATE INDEX "render_reservations_instance_idx" ON "generation"."render_reservations" USING btree ("instance_id");
