CREATE TABLE "validator_fee_days" (
	"day" date PRIMARY KEY NOT NULL,
	"fee" bigint NOT NULL,
	"share" bigint NOT NULL,
	"keys" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "validator_fee_days_amounts_check" CHECK ("validator_fee_days"."fee" >= 0 and "validator_fee_days"."share" >= 0 and "validator_fee_days"."keys" >= 0)
);
--> statement-breakpoint
ALTER TABLE "validator_keys" ADD COLUMN "pricing" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "validator_keys" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "validator_keys_due_idx" ON "validator_keys" USING btree ("status") WHERE "validator_keys"."status" in ('reserved', 'paid');