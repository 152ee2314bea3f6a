-- The ordered fold (docs/compensation.md "The fold"): every bonus from one consumer of the events,
-- in the order (xid, id). The volume worker's events become the fold's log; the fold starts after
-- the events that were there (marked xid 0: folded by the code before it).
ALTER TABLE "purchase_events" RENAME TO "compensation_events";--> statement-breakpoint
ALTER SEQUENCE "purchase_events_id_seq" RENAME TO "compensation_events_id_seq";--> statement-breakpoint
ALTER TABLE "compensation_events" RENAME CONSTRAINT "purchase_events_pkey" TO "compensation_events_pkey";--> statement-breakpoint
ALTER TABLE "compensation_events" RENAME CONSTRAINT "purchase_events_purchase_id_purchases_id_fk" TO "compensation_events_purchase_id_purchases_id_fk";--> statement-breakpoint
ALTER TABLE "compensation_events" RENAME CONSTRAINT "purchase_events_user_id_users_id_fk" TO "compensation_events_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "compensation_events" DROP CONSTRAINT "purchase_events_kind_check";--> statement-breakpoint
DROP INDEX "purchase_events_purchase_kind_key";--> statement-breakpoint
DROP INDEX "purchase_events_pending_idx";--> statement-breakpoint
ALTER TABLE "compensation_events" ADD COLUMN "xid" bigint;--> statement-breakpoint
ALTER TABLE "compensation_events" ADD COLUMN "details" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "compensation_events" SET "xid" = 0, "details" = '{"legacy": true}'::jsonb;--> statement-breakpoint
ALTER TABLE "compensation_events" ALTER COLUMN "xid" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "compensation_events" ALTER COLUMN "purchase_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "compensation_events" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "compensation_events" ALTER COLUMN "bv" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "compensation_events" DROP COLUMN "processed_at";--> statement-breakpoint
ALTER TABLE "compensation_events" ADD CONSTRAINT "compensation_events_kind_check" CHECK ("compensation_events"."kind" in ('purchase', 'refund', 'mentor', 'leader_pool'));--> statement-breakpoint
ALTER TABLE "compensation_events" ADD CONSTRAINT "compensation_events_subject_check" CHECK (("compensation_events"."kind" in ('purchase', 'refund') and "compensation_events"."purchase_id" is not null and "compensation_events"."user_id" is not null)
        or ("compensation_events"."kind" = 'mentor' and "compensation_events"."user_id" is not null) or "compensation_events"."kind" = 'leader_pool');--> statement-breakpoint
CREATE UNIQUE INDEX "compensation_events_purchase_kind_key" ON "compensation_events" USING btree ("purchase_id","kind") WHERE "compensation_events"."purchase_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "compensation_events_period_key" ON "compensation_events" USING btree (("compensation_events"."details"->>'period')) WHERE "compensation_events"."kind" = 'leader_pool';--> statement-breakpoint
CREATE INDEX "compensation_events_order_idx" ON "compensation_events" USING btree ("xid","id");--> statement-breakpoint
CREATE INDEX "compensation_events_user_idx" ON "compensation_events" USING btree ("user_id","xid");--> statement-breakpoint
CREATE TABLE "compensation_fold" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_xid" bigint DEFAULT 0 NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"events_folded" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compensation_fold_one_row" CHECK ("compensation_fold"."id" = 1)
);--> statement-breakpoint
INSERT INTO "compensation_fold" ("id", "last_xid", "last_event_id", "events_folded")
SELECT 1, 0, coalesce(max("id"), 0), count(*) FROM "compensation_events";--> statement-breakpoint
CREATE TABLE "compensation_partners" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"first_tariff_at" timestamp with time zone,
	"qs_invitees" integer DEFAULT 0 NOT NULL,
	"qs_counted" boolean DEFAULT false NOT NULL,
	"qs_paid" boolean DEFAULT false NOT NULL,
	"winter_given" boolean DEFAULT false NOT NULL,
	"debt" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compensation_partners_amounts_check" CHECK ("compensation_partners"."qs_invitees" >= 0 and "compensation_partners"."debt" >= 0)
);--> statement-breakpoint
ALTER TABLE "compensation_partners" ADD CONSTRAINT "compensation_partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compensation_partners_debt_idx" ON "compensation_partners" USING btree ("user_id") WHERE "compensation_partners"."debt" > 0;--> statement-breakpoint
-- What the partners' quick start and Hot Winter gifts stood at, from their purchases and payouts.
INSERT INTO "compensation_partners" ("user_id", "first_tariff_at", "qs_paid", "winter_given", "qs_counted")
SELECT u."id",
       (SELECT min(p."created_at") FROM "purchases" p WHERE p."user_id" = u."id" AND p."kind" = 'tariff'),
       EXISTS (SELECT 1 FROM "payouts" o WHERE o."payee_id" = u."id" AND o."bonus_type" = 'quick_start'),
       EXISTS (SELECT 1 FROM "purchases" p JOIN "payouts" o ON o."purchase_id" = p."id"
               WHERE p."user_id" = u."id" AND o."bonus_type" = 'winter_gift' AND o."reversed_at" IS NULL),
       EXISTS (SELECT 1 FROM "purchases" p JOIN "products" pr ON pr."id" = p."product_id"
               JOIN "users" m ON m."id" = u."mentor_id" AND NOT m."is_company_root"
               WHERE p."user_id" = u."id" AND p."kind" = 'tariff' AND pr."price" >= 500000000)
FROM "users" u
WHERE EXISTS (SELECT 1 FROM "purchases" p WHERE p."user_id" = u."id" AND p."kind" = 'tariff');--> statement-breakpoint
UPDATE "compensation_partners" c SET "qs_invitees" = (
  SELECT count(DISTINCT i."id") FROM "users" i
  JOIN "purchases" p ON p."user_id" = i."id" AND p."kind" = 'tariff'
  JOIN "products" pr ON pr."id" = p."product_id" AND pr."price" >= 500000000
  WHERE i."mentor_id" = c."user_id"
    AND (c."first_tariff_at" IS NULL OR p."created_at" <= c."first_tariff_at" + interval '30 days'));--> statement-breakpoint
CREATE TABLE "bonus_debts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_debts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"payout_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"repaid" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bonus_debts_amount_check" CHECK ("bonus_debts"."amount" > 0 and "bonus_debts"."repaid" between 0 and "bonus_debts"."amount")
);--> statement-breakpoint
ALTER TABLE "bonus_debts" ADD CONSTRAINT "bonus_debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_debts" ADD CONSTRAINT "bonus_debts_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_debts_payout_key" ON "bonus_debts" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "bonus_debts_open_idx" ON "bonus_debts" USING btree ("user_id","id") WHERE "bonus_debts"."repaid" < "bonus_debts"."amount";--> statement-breakpoint
-- Cap windows keep the tariff held: its matching depth and full price.
ALTER TABLE "cap_windows" ADD COLUMN "matching_depth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cap_windows" ADD COLUMN "tariff_price" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cap_windows" ADD COLUMN "opened_event_id" bigint;--> statement-breakpoint
UPDATE "cap_windows" w SET "matching_depth" = coalesce((p."attributes"->>'matching_depth')::int, 0), "tariff_price" = p."price"
FROM "products" p WHERE p."id" = w."product_id";--> statement-breakpoint
-- Payouts name their event and place in it, what they match, reverse or recover, and the debts.
ALTER TABLE "payouts" ADD COLUMN "event_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "ordinal" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "source_payout_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reverses_payout_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "recovers_payout_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "window_id" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "debt_repaid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "taken" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "debt" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_credited" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_event_id_compensation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."compensation_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_amounts_check";--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."gross" = "payouts"."credited" + "payouts"."lost" and (
        ("payouts"."reverses_payout_id" is null and "payouts"."credited" >= 0 and "payouts"."lost" >= 0 and "payouts"."cap_took" between 0 and "payouts"."lost"
          and "payouts"."debt_repaid" between 0 and "payouts"."credited")
        or ("payouts"."reverses_payout_id" is not null and "payouts"."credited" <= 0 and "payouts"."lost" <= 0 and "payouts"."cap_took" = 0
          and "payouts"."taken" >= 0 and "payouts"."debt" >= 0 and "payouts"."taken" + "payouts"."debt" <= -"payouts"."credited")));--> statement-breakpoint
DROP INDEX "payouts_quick_start_key";--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_quick_start_key" ON "payouts" USING btree ("payee_id") WHERE "payouts"."bonus_type" = 'quick_start' and "payouts"."reverses_payout_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_event_ordinal_key" ON "payouts" USING btree ("event_id","ordinal");--> statement-breakpoint
CREATE INDEX "payouts_source_idx" ON "payouts" USING btree ("source_payout_id") WHERE "payouts"."source_payout_id" is not null;--> statement-breakpoint
-- Lost profit: what a reversal cancelled; closed only when nothing is left of it, never by the clock.
ALTER TABLE "lost_profits" ADD COLUMN "dropped" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lost_profits" DROP CONSTRAINT "lost_profits_amount_check";--> statement-breakpoint
ALTER TABLE "lost_profits" ADD CONSTRAINT "lost_profits_amount_check" CHECK ("lost_profits"."amount" > 0 and "lost_profits"."recovered" >= 0 and "lost_profits"."dropped" >= 0 and "lost_profits"."recovered" + "lost_profits"."dropped" <= "lost_profits"."amount");--> statement-breakpoint
DROP INDEX "lost_profits_due_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "lost_profits_payout_key" ON "lost_profits" USING btree ("payout_id");
