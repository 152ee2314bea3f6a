CREATE TABLE "cap_windows" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cap_windows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"cap" bigint NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "cap_windows_earned_check" CHECK ("cap_windows"."earned" between 0 and "cap_windows"."cap")
);
--> statement-breakpoint
CREATE TABLE "gift_certificates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"buyer_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"activated_by" bigint,
	"activated_at" timestamp with time zone,
	"purchase_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_certificates_amount_check" CHECK ("gift_certificates"."amount" > 0),
	CONSTRAINT "gift_certificates_status_check" CHECK ("gift_certificates"."status" in ('active', 'activated', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "nodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"product_id" bigint NOT NULL,
	"purchase_id" bigint,
	"order_id" bigint,
	"hosting_user_id" bigint,
	"upgraded_from_id" bigint,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nodes_kind_check" CHECK ("nodes"."kind" in ('device', 'virtual')),
	CONSTRAINT "nodes_status_check" CHECK ("nodes"."status" in ('active', 'upgraded'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"starlink" boolean DEFAULT false NOT NULL,
	"total" bigint NOT NULL,
	"status" text DEFAULT 'WAIT_PAYMENT' NOT NULL,
	"shipping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"estimated_shipping_date" text,
	"track_number" text,
	"serial_number" text,
	"hosting_user_id" bigint,
	"purchase_id" bigint,
	"source_purchase_id" bigint,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" between 1 and 100),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('WAIT_PAYMENT', 'PAID', 'PROCESSED', 'PREPARING_TO_SHIP', 'SHIPPING', 'SHIPPED', 'Canceled', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" bigint NOT NULL,
	"price" bigint NOT NULL,
	"available" boolean NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changed_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"price" bigint NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"seats" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_seats_check" CHECK ("products"."seats" is null or "products"."sold" between 0 and "products"."seats"),
	CONSTRAINT "products_kind_check" CHECK ("products"."kind" in ('tariff', 'device', 'virtual_node', 'token_pack', 'validator_key', 'event_ticket', 'starlink', 'gift_certificate'))
);
--> statement-breakpoint
CREATE TABLE "purchase_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchase_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"bv" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "purchase_events_kind_check" CHECK ("purchase_events"."kind" in ('purchase', 'refund'))
);
--> statement-breakpoint
CREATE TABLE "purchase_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"price_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"list_price" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"total" bigint NOT NULL,
	"promocode" text,
	"expires_at" timestamp with time zone NOT NULL,
	"purchase_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"price_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"list_price" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"net_price" bigint NOT NULL,
	"currency" text NOT NULL,
	"paid" bigint NOT NULL,
	"bv" bigint NOT NULL,
	"quote_id" uuid,
	"promocode" text,
	"status" text DEFAULT 'completed' NOT NULL,
	"reference" text NOT NULL,
	"transfer_id" bigint,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_units_check" CHECK ("purchases"."units" > 0),
	CONSTRAINT "purchases_amounts_check" CHECK ("purchases"."discount" >= 0 and "purchases"."net_price" = "purchases"."list_price" - "purchases"."discount"),
	CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('completed', 'refunded')),
	CONSTRAINT "purchases_currency_check" CHECK ("purchases"."currency" in ('USDT', 'DXN'))
);
--> statement-breakpoint
CREATE TABLE "token_packs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "token_packs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"years" integer NOT NULL,
	"yield_bp" integer NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"years_paid" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "token_packs_years_check" CHECK ("token_packs"."years" in (1, 2) and "token_packs"."years_paid" between 0 and "token_packs"."years")
);
--> statement-breakpoint
CREATE TABLE "validator_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "validator_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"quote_id" uuid,
	"reserved_until" timestamp with time zone NOT NULL,
	"code_hash" text,
	"paid_at" timestamp with time zone,
	"activate_until" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"purchase_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "validator_keys_status_check" CHECK ("validator_keys"."status" in ('reserved', 'paid', 'activated', 'released', 'expired')),
	CONSTRAINT "validator_keys_currency_check" CHECK ("validator_keys"."currency" in ('USDT', 'DXN'))
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_purpose_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "validator_key_id" bigint;--> statement-breakpoint
ALTER TABLE "cap_windows" ADD CONSTRAINT "cap_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_windows" ADD CONSTRAINT "cap_windows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_hosting_user_id_users_id_fk" FOREIGN KEY ("hosting_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hosting_user_id_users_id_fk" FOREIGN KEY ("hosting_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_purchase_id_purchases_id_fk" FOREIGN KEY ("source_purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_events" ADD CONSTRAINT "purchase_events_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_events" ADD CONSTRAINT "purchase_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_price_id_product_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."product_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_price_id_product_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."product_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_packs" ADD CONSTRAINT "token_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_packs" ADD CONSTRAINT "token_packs_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validator_keys" ADD CONSTRAINT "validator_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validator_keys" ADD CONSTRAINT "validator_keys_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cap_windows_open_key" ON "cap_windows" USING btree ("user_id") WHERE "cap_windows"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "cap_windows_user_idx" ON "cap_windows" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_certificates_code_key" ON "gift_certificates" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "gift_certificates_buyer_idx" ON "gift_certificates" USING btree ("buyer_id","id");--> statement-breakpoint
CREATE INDEX "gift_certificates_active_idx" ON "gift_certificates" USING btree ("expires_at") WHERE "gift_certificates"."status" = 'active';--> statement-breakpoint
CREATE INDEX "nodes_user_idx" ON "nodes" USING btree ("user_id","kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "product_prices_product_idx" ON "product_prices" USING btree ("product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "products_kind_idx" ON "products" USING btree ("kind","position");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_events_purchase_kind_key" ON "purchase_events" USING btree ("purchase_id","kind");--> statement-breakpoint
CREATE INDEX "purchase_events_pending_idx" ON "purchase_events" USING btree ("id") WHERE "purchase_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "purchase_requests_user_idx" ON "purchase_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_reference_key" ON "purchases" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "purchases_user_idx" ON "purchases" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "purchases_product_idx" ON "purchases" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "token_packs_user_idx" ON "token_packs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "token_packs_due_idx" ON "token_packs" USING btree ("starts_at") WHERE "token_packs"."years_paid" < "token_packs"."years";--> statement-breakpoint
CREATE INDEX "validator_keys_user_idx" ON "validator_keys" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "validator_keys_code_key" ON "validator_keys" USING btree ("code_hash");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purpose_check" CHECK ("invoices"."purpose" in ('deposit', 'order', 'validator_key'));