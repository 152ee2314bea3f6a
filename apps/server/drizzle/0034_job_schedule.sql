CREATE TABLE "job_schedule" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone
);
