ALTER TABLE "card_payments" DROP CONSTRAINT "card_payments_status_check";--> statement-breakpoint
ALTER TABLE "card_payments" ADD COLUMN "charge_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "card_payments_charge_reference_key" ON "card_payments" USING btree ("charge_reference");--> statement-breakpoint
CREATE INDEX "card_payments_charged_idx" ON "card_payments" USING btree ("id") WHERE "card_payments"."status" = 'charged';--> statement-breakpoint
ALTER TABLE "card_payments" ADD CONSTRAINT "card_payments_status_check" CHECK ("card_payments"."status" in ('pending', 'charged', 'approved', 'failed', 'declined', 'refused'));