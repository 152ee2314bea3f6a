ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_status_check";--> statement-breakpoint
ALTER TABLE "card_payments" ALTER COLUMN "card_fingerprint" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_payments" ALTER COLUMN "card_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_payments" ALTER COLUMN "card_brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_provider_payment_key" ON "card_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE INDEX "card_payments_authorized_idx" ON "card_payments" USING btree ("id") WHERE "card_payments"."status" = 'authorized';--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_status_check" CHECK ("card_payments"."status" in ('pending', 'authorized', 'charged', 'approved', 'failed', 'declined', 'refused'));