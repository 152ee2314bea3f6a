ALTER TABLE "nodes" DROP CONSTRAINT "nodes_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "starlink_purchase_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pricing" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_starlink_purchase_id_purchases_id_fk" FOREIGN KEY ("starlink_purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'WAIT_PAYMENT';--> statement-breakpoint
ALTER TABLE "nodes" ADD CONSTRAINT "nodes_status_check" CHECK ("nodes"."status" in ('active', 'upgraded', 'canceled'));