CREATE TABLE "generation"."listening_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"plays" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "listening_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
