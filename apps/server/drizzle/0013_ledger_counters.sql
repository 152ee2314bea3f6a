CREATE TABLE "ledger_bonus_totals" (
	"user_id" bigint NOT NULL,
	"bonus_group" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_bonus_totals_user_id_bonus_group_pk" PRIMARY KEY("user_id","bonus_group"),
	CONSTRAINT "ledger_bonus_totals_group_check" CHECK ("ledger_bonus_totals"."bonus_group" in ('matching', 'vp', 'other'))
);
--> statement-breakpoint
ALTER TABLE "dft_grants" ADD COLUMN "next_unlock_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_bonus_totals" ADD CONSTRAINT "ledger_bonus_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dft_grants_next_unlock_idx" ON "dft_grants" USING btree ("next_unlock_at") WHERE "dft_grants"."next_unlock_at" is not null;
--> statement-breakpoint
-- Lifetime bonus totals from history: USDT credits of bonus transfers to a user's accounts, by
-- the header's group (modules/ledger/accounts.ts MATCHING_BONUS_TYPES, VP_BONUS_TYPES).
INSERT INTO "ledger_bonus_totals" ("user_id", "bonus_group", "amount")
SELECT a.user_id,
       CASE WHEN t.bonus_type IN ('matching', 'matching_dexnet', 'annual_matching') THEN 'matching'
            WHEN t.bonus_type IN ('vp') THEN 'vp'
            ELSE 'other' END,
       sum(p.amount)
  FROM ledger_postings p
  JOIN ledger_accounts a ON a.id = p.account_id
  JOIN ledger_transfers t ON t.id = p.transfer_id
 WHERE t.operation_type = 'bonus' AND a.user_id IS NOT NULL AND a.currency = 'USDT' AND p.amount > 0
 GROUP BY 1, 2;
--> statement-breakpoint
-- Every transfer balances per currency: checked once per INSERT statement on the statement's own
-- rows (a transition table), instead of re-grouping the whole transfer for every posting at
-- commit. The postings of a transfer are inserted in one statement (modules/ledger/service.ts);
-- since no statement may leave a transfer unbalanced and postings are append-only, every
-- transfer balances (rows added later to a transfer must balance among themselves).
DROP TRIGGER ledger_postings_balanced ON ledger_postings;
--> statement-breakpoint
DROP FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced bigint;
BEGIN
  SELECT transfer_id INTO unbalanced FROM new_postings
   GROUP BY transfer_id, currency HAVING sum(amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transfer % does not balance', unbalanced
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
-- The unlock job's due time (modules/dft): the next twelfth, 30 days of 24 hours apart.
UPDATE "dft_grants" SET "next_unlock_at" = "granted_at" + ("unlocked_parts" + 1) * interval '720 hours'
 WHERE "unlocked_parts" < 12;
