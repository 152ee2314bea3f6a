-- Reads on the request path read counters, never a partner's bonus history (issue 21;
-- docs/performance.md "Bonus counters"): their plans must not depend on fresh statistics.
CREATE TABLE "bonus_income_months" (
	"user_id" bigint NOT NULL,
	"month" text NOT NULL,
	"bonus_type" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "bonus_income_months_user_id_month_bonus_type_pk" PRIMARY KEY("user_id","month","bonus_type")
);
--> statement-breakpoint
CREATE TABLE "ledger_bonus_type_totals" (
	"user_id" bigint NOT NULL,
	"bonus_type" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_bonus_type_totals_user_id_bonus_type_pk" PRIMARY KEY("user_id","bonus_type")
);
--> statement-breakpoint
ALTER TABLE "ledger_bonus_type_totals" ADD CONSTRAINT "ledger_bonus_type_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Lifetime USDT bonus by bonus type from history: what bonus transfers (credits and their
-- reversals) moved on users' USDT accounts; from now on `postTransfer` adds each bonus transfer's
-- movements in its own statement (modules/ledger/repo.ts).
INSERT INTO "ledger_bonus_type_totals" ("user_id", "bonus_type", "amount")
SELECT a.user_id, t.bonus_type, sum(p.amount)
  FROM ledger_postings p
  JOIN ledger_accounts a ON a.id = p.account_id
  JOIN ledger_transfers t ON t.id = p.transfer_id
 WHERE t.operation_type = 'bonus' AND t.bonus_type IS NOT NULL
   AND a.user_id IS NOT NULL AND a.currency = 'USDT'
 GROUP BY 1, 2;
--> statement-breakpoint
-- The dashboard's income by month: a partner's USDT bonus lines, the completed wallet_operations
-- rows and the listed payouts, summed by UTC month and bonus type. Kept by statement triggers on
-- both tables, so that every writer (the fold's COPY, a purchase's statement, an admin's fix, a
-- test's insert) keeps it in its own statement, and a line whose status, amount or date changes
-- moves its amount. Rows are upserted in key order (one lock order for every writer).
CREATE FUNCTION wallet_operations_income() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bonus_income_months AS m (user_id, month, bonus_type, amount)
    SELECT o.user_id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), o.bonus_type, sum(o.amount)
      FROM new_lines o
     WHERE o.operation_type = 'bonus' AND o.bonus_type IS NOT NULL AND o.currency = 'USDT' AND o.status = 'completed'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, bonus_type) DO UPDATE SET amount = m.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO bonus_income_months AS m (user_id, month, bonus_type, amount)
    SELECT l.user_id, l.month, l.bonus_type, sum(l.amount)
      FROM (SELECT o.user_id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, o.bonus_type, o.amount
              FROM new_lines o
             WHERE o.operation_type = 'bonus' AND o.bonus_type IS NOT NULL AND o.currency = 'USDT' AND o.status = 'completed'
            UNION ALL
            SELECT o.user_id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), o.bonus_type, -o.amount
              FROM old_lines o
             WHERE o.operation_type = 'bonus' AND o.bonus_type IS NOT NULL AND o.currency = 'USDT' AND o.status = 'completed') l
     GROUP BY 1, 2, 3 HAVING sum(l.amount) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, bonus_type) DO UPDATE SET amount = m.amount + excluded.amount;
  ELSE
    INSERT INTO bonus_income_months AS m (user_id, month, bonus_type, amount)
    SELECT o.user_id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), o.bonus_type, -sum(o.amount)
      FROM old_lines o
     WHERE o.operation_type = 'bonus' AND o.bonus_type IS NOT NULL AND o.currency = 'USDT' AND o.status = 'completed'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, bonus_type) DO UPDATE SET amount = m.amount + excluded.amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_income_insert AFTER INSERT ON wallet_operations
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_operations_income();
--> statement-breakpoint
CREATE TRIGGER wallet_operations_income_update AFTER UPDATE ON wallet_operations
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_operations_income();
--> statement-breakpoint
CREATE TRIGGER wallet_operations_income_delete AFTER DELETE ON wallet_operations
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION wallet_operations_income();
--> statement-breakpoint
-- A payout is a line when it is listed (docs/decisions.md "The fold's lines are its payouts");
-- its `amount` is what it added to or took from the payee's balance.
CREATE FUNCTION payouts_income() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO bonus_income_months AS m (user_id, month, bonus_type, amount)
    SELECT p.payee_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), p.bonus_type, sum(p.amount)
      FROM new_payouts p
     WHERE p.listed AND p.currency = 'USDT'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, bonus_type) DO UPDATE SET amount = m.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO bonus_income_months AS m (user_id, month, bonus_type, amount)
    SELECT l.user_id, l.month, l.bonus_type, sum(l.amount)
      FROM (SELECT p.payee_id AS user_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, p.bonus_type, p.amount
              FROM new_payouts p
             WHERE p.listed AND p.currency = 'USDT'
            UNION ALL
            SELECT p.payee_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), p.bonus_type, -p.amount
              FROM old_payouts p
             WHERE p.listed AND p.currency = 'USDT') l
     GROUP BY 1, 2, 3 HAVING sum(l.amount) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, bonus_type) DO UPDATE SET amount = m.amount + excluded.amount;
  ELSE
    INSERT INTO bonus_income_months AS m (user_id, month, bonus_type, amount)
    SELECT p.payee_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), p.bonus_type, -sum(p.amount)
      FROM old_payouts p
     WHERE p.listed AND p.currency = 'USDT'
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, bonus_type) DO UPDATE SET amount = m.amount + excluded.amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER payouts_income_insert AFTER INSERT ON payouts
  REFERENCING NEW TABLE AS new_payouts
  FOR EACH STATEMENT EXECUTE FUNCTION payouts_income();
--> statement-breakpoint
CREATE TRIGGER payouts_income_update AFTER UPDATE ON payouts
  REFERENCING OLD TABLE AS old_payouts NEW TABLE AS new_payouts
  FOR EACH STATEMENT EXECUTE FUNCTION payouts_income();
--> statement-breakpoint
CREATE TRIGGER payouts_income_delete AFTER DELETE ON payouts
  REFERENCING OLD TABLE AS old_payouts
  FOR EACH STATEMENT EXECUTE FUNCTION payouts_income();
--> statement-breakpoint
-- The income by month from history (the read it replaces: modules/dashboard/repo.ts before 0035).
INSERT INTO "bonus_income_months" ("user_id", "month", "bonus_type", "amount")
SELECT l.user_id, l.month, l.bonus_type, sum(l.amount)
  FROM (SELECT o.user_id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, o.bonus_type, o.amount
          FROM wallet_operations o
         WHERE o.operation_type = 'bonus' AND o.bonus_type IS NOT NULL AND o.currency = 'USDT' AND o.status = 'completed'
        UNION ALL
        SELECT p.payee_id, to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM'), p.bonus_type, p.amount
          FROM payouts p
         WHERE p.listed AND p.currency = 'USDT') l
 GROUP BY 1, 2, 3;
