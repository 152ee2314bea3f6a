CREATE TABLE "card_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"amount_eur_cents" bigint NOT NULL,
	"card_fingerprint" text NOT NULL,
	"card_last4" text NOT NULL,
	"card_brand" text NOT NULL,
	"card_country" text,
	"status" text NOT NULL,
	"decline_reason" text,
	"provider_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payments_status_check" CHECK ("card_payments"."status" in ('approved', 'declined', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chain_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"currency" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"raw_amount" text NOT NULL,
	"amount" bigint NOT NULL,
	"user_id" bigint,
	"status" text DEFAULT 'confirming' NOT NULL,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_transfers_status_check" CHECK ("chain_transfers"."status" in ('confirming', 'credited'))
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"derivation_index" integer GENERATED ALWAYS AS IDENTITY (sequence name "deposit_addresses_derivation_index_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_chain_blocks" (
	"number" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_chain_logs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dev_chain_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"block_number" bigint,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"contract" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"raw_amount" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"order_id" bigint,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"chain_transfer_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('pending', 'confirming', 'paid', 'expired')),
	CONSTRAINT "invoices_purpose_check" CHECK ("invoices"."purpose" in ('deposit', 'order'))
);
--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_payments_card_idx" ON "card_payments" USING btree ("card_fingerprint","created_at");--> statement-breakpoint
CREATE INDEX "card_payments_user_idx" ON "card_payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_log_key" ON "chain_transfers" USING btree ("chain","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_transfers_status_idx" ON "chain_transfers" USING btree ("chain","status");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_key" ON "deposit_addresses" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_index_key" ON "deposit_addresses" USING btree ("derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "dev_chain_logs_key" ON "dev_chain_logs" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "dev_chain_logs_block_idx" ON "dev_chain_logs" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "invoices_user_status_idx" ON "invoices" USING btree ("user_id","status");