-- The header's lifetime bonus totals net of reversals (a refunded purchase takes its bonuses back):
-- what reversal transfers took from users' USDT accounts, by the same groups as migration 0013.
UPDATE "ledger_bonus_totals" AS b
   SET "amount" = b."amount" + r.taken
  FROM (SELECT a.user_id,
               CASE WHEN t.bonus_type IN ('matching', 'matching_dexnet', 'annual_matching') THEN 'matching'
                    WHEN t.bonus_type IN ('vp') THEN 'vp'
                    ELSE 'other' END AS bonus_group,
               sum(p.amount) AS taken
          FROM ledger_postings p
          JOIN ledger_accounts a ON a.id = p.account_id
          JOIN ledger_transfers t ON t.id = p.transfer_id
         WHERE t.operation_type = 'bonus' AND a.user_id IS NOT NULL AND a.currency = 'USDT' AND p.amount < 0
         GROUP BY 1, 2) r
 WHERE b.user_id = r.user_id AND b.bonus_group = r.bonus_group;
