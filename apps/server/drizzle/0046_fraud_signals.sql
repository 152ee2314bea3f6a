CREATE TABLE "fraud_signals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fraud_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"user_ids" bigint[] NOT NULL,
	"details" jsonb NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone,
	"reason" text,
	"reopened_at" timestamp with time zone,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_signals_status_check" CHECK ("fraud_signals"."status" in ('open', 'confirmed', 'dismissed')),
	CONSTRAINT "fraud_signals_kind_check" CHECK ("fraud_signals"."kind" in ('device', 'ip', 'wallet', 'signup_burst', 'disposable_email', 'sponsor_loop'))
);
--> statement-breakpoint
ALTER TABLE "fraud_signals" ADD CONSTRAINT "fraud_signals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_signals_key_key" ON "fraud_signals" USING btree ("key");--> statement-breakpoint
CREATE INDEX "fraud_signals_queue_idx" ON "fraud_signals" USING btree ("status","last_seen","id");