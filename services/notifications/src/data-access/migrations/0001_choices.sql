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
ALTER TABLE "notifications"."mails" ADD COLUMN "unsubscribe_token" text;--> statement-breakpoint
CREATE INDEX "daily_reminders_due_idx" ON "notifications"."daily_reminders" USING btree ("next_due_at");--> statement-breakpoint
ALTER TABLE "notifications"."mails" ADD CONSTRAINT "mails_unsubscribe_token_unique" UNIQUE("unsubscribe_token");