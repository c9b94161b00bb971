CREATE TABLE "notifications"."daily_reminders" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"time" text NOT NULL,
	"time_zone" text NOT NULL,
	"next_due_at" timestamp with time zone NOT NULL,
	"last_sent_day" text
);
--> statement-breakpoint
CREATE TABLE "notifications"."mail_preferences" (
	"recipient_key" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_preferences_recipient_key_kind_pk" PRIMARY KEY("recipient_key","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications"."unsubscribe_links" (
	"token" text PRIMARY KEY NOT NULL,
	"recipient_key" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "daily_reminders_due_idx" ON "notifications"."daily_reminders" USING btree ("next_due_at");--> statement-breakpoint
CREATE INDEX "unsubscribe_links_recipient_idx" ON "notifications"."unsubscribe_links" USING btree ("recipient_key");