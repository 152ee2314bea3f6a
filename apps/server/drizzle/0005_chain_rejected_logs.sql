CREATE TABLE "chain_rejected_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_rejected_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"contract" text NOT NULL,
	"from_address" text,
	"to_address" text,
	"raw_amount" text,
	"user_id" bigint,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chain_transfers" DROP CONSTRAINT "chain_transfers_status_check";--> statement-breakpoint
ALTER TABLE "chain_rejected_logs" ADD CONSTRAINT "chain_rejected_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_rejected_logs_key" ON "chain_rejected_logs" USING btree ("chain","tx_hash","log_index");--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_status_check" CHECK ("chain_transfers"."status" in ('confirming', 'credited', 'rejected'));