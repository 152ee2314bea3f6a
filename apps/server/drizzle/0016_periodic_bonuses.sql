CREATE TABLE "leader_pool_months" (
	"period" text PRIMARY KEY NOT NULL,
	"bv" bigint NOT NULL,
	"pool" bigint NOT NULL,
	"share" bigint NOT NULL,
	"payees" integer NOT NULL,
	"company_remainder" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leader_pool_months_amounts_check" CHECK ("leader_pool_months"."bv" >= 0 and "leader_pool_months"."pool" >= 0 and "leader_pool_months"."share" >= 0 and "leader_pool_months"."payees" >= 0 and "leader_pool_months"."company_remainder" >= 0)
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "income_paid_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "token_packs" ADD COLUMN "next_payout_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "nodes_income_due_idx" ON "nodes" USING btree ("income_paid_until") WHERE "nodes"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_quick_start_key" ON "payouts" USING btree ("payee_id") WHERE "payouts"."bonus_type" = 'quick_start';--> statement-breakpoint
CREATE INDEX "purchases_created_idx" ON "purchases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "token_packs_next_payout_idx" ON "token_packs" USING btree ("next_payout_at") WHERE "token_packs"."next_payout_at" is not null;--> statement-breakpoint
-- Nodes bought before this migration earn from their creation.
UPDATE "nodes" SET "income_paid_until" = "created_at";--> statement-breakpoint
-- The end of each unfinished pack's next year (the job recomputes it exactly when it pays).
UPDATE "token_packs" SET "next_payout_at" = ("starts_at" AT TIME ZONE 'UTC' + make_interval(years => "years_paid" + 1)) AT TIME ZONE 'UTC' WHERE "years_paid" < "years";
