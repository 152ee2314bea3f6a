-- Runs of the replay audit (docs/compensation.md "The replay audit").
CREATE TABLE "bonus_audits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_audits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"events" integer DEFAULT 0 NOT NULL,
	"postings" integer DEFAULT 0 NOT NULL,
	"partners" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"ok" boolean,
	"ms" integer,
	"sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "bonus_audits_trigger_check" CHECK ("bonus_audits"."trigger" in ('admin', 'command', 'nightly'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_audits_running_key" ON "bonus_audits" USING btree ((true)) WHERE "bonus_audits"."finished_at" is null;
