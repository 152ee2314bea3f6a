-- The fold writes tens of thousands of payouts and statement lines a batch (issue 19): the
-- payouts' purchase, event and transfer are rows the fold read or wrote in the same transaction,
-- and their foreign keys were three checks a row, two thirds of the insert (docs/performance.md
-- "The fold"); the replay audit checks what a payout names.
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_purchase_id_purchases_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_event_id_compensation_events_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_transfer_id_ledger_transfers_id_fk";
--> statement-breakpoint
-- A statement line's notices (migration 0025), once per inserted statement instead of once per
-- row: the same notices (deposits and bonuses credited, every status of a withdrawal; mail and
-- bot as each partner's switches say, none for the company root), queued in one insert from the
-- lines the statement inserted.
DROP TRIGGER wallet_operations_notice_insert ON wallet_operations;
--> statement-breakpoint
CREATE FUNCTION wallet_operations_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notices (user_id, channel, kind, source, payload)
  SELECT o.user_id, c.channel, o.kind, o.source, o.payload
  FROM (
    SELECT n.id, n.user_id,
           CASE n.operation_type WHEN 'deposit' THEN 'deposits' WHEN 'bonus' THEN 'bonuses' ELSE 'withdrawals' END AS kind,
           'operation:' || n.id || CASE WHEN n.operation_type = 'withdrawal' THEN ':' || n.status ELSE '' END AS source,
           jsonb_build_object('amount', abs(n.amount)::text, 'currency', n.currency, 'status', n.status,
                              'bonus_type', n.bonus_type) AS payload
    FROM new_lines n
    WHERE (n.operation_type IN ('deposit', 'bonus') AND n.status = 'completed' AND n.amount > 0)
       OR n.operation_type = 'withdrawal'
  ) o
  JOIN users u ON u.id = o.user_id AND NOT u.is_company_root
  LEFT JOIN notification_settings s ON s.user_id = o.user_id
  CROSS JOIN LATERAL (VALUES
    ('mail', CASE WHEN s.user_id IS NULL THEN o.kind <> 'bonuses'
                  ELSE CASE o.kind WHEN 'bonuses' THEN s.mail_bonuses WHEN 'deposits' THEN s.mail_deposits
                                   ELSE s.mail_withdrawals END END),
    ('bot', CASE WHEN s.user_id IS NULL THEN true
                 ELSE CASE o.kind WHEN 'bonuses' THEN s.bot_bonuses WHEN 'deposits' THEN s.bot_deposits
                                  ELSE s.bot_withdrawals END END
            AND EXISTS (SELECT 1 FROM bot_chats b WHERE b.user_id = o.user_id))
  ) AS c(channel, wanted)
  WHERE c.wanted
  ORDER BY o.id, c.channel DESC
  ON CONFLICT (source, channel) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_notice_insert AFTER INSERT ON wallet_operations
REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION wallet_operations_notices();
