-- The fold's statement lines are its payouts (issue 19; docs/decisions.md "The fold's lines are
-- its payouts"): a batch of a mature network writes tens of thousands of bonuses, and a
-- wallet_operations row beside each payout was a third of the batch. A payout the statement lists
-- (`listed`) is read as a line of its payee's statement: it takes its id from the statement lines'
-- sequence, so that a line's id names one line whichever table holds it; ids already given stay
-- below every new one. Its payee's foreign key goes: its check was a third of a payout's insert;
-- users are never deleted, and money reaches a payee only on a ledger account, which references users.
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_payee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "id" DROP IDENTITY;
--> statement-breakpoint
SELECT setval('wallet_operations_id_seq', greatest(
  (SELECT last_value FROM wallet_operations_id_seq),
  (SELECT coalesce(max(id), 0) FROM wallet_operations),
  (SELECT coalesce(max(id), 0) FROM payouts), 1));
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "id" SET DEFAULT nextval('wallet_operations_id_seq');
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "amount" bigint GENERATED ALWAYS AS (case when reverses_payout_id is null then credited else -taken end) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "payouts_statement_date_idx" ON "payouts" USING btree ("payee_id","created_at","id") WHERE "payouts"."listed";
--> statement-breakpoint
CREATE INDEX "payouts_statement_amount_idx" ON "payouts" USING btree ("payee_id","currency","amount","id") WHERE "payouts"."listed";
--> statement-breakpoint
-- A listed payout's notices, as a statement line's (migration 0029): a credit that reached the
-- balance queues a 'bonuses' notice per channel its payee chose (mail only when switched on, the
-- bot unless switched off and only with a linked chat), once per inserted statement. A batch
-- holds tens of thousands of payouts and few of their payees chose a channel: the few channels
-- chosen are read first, and only their payees' payouts are joined.
CREATE FUNCTION payouts_notices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notices (user_id, channel, kind, source, payload)
  SELECT n.payee_id, c.channel, 'bonuses', 'operation:' || n.id,
         jsonb_build_object('amount', n.amount::text, 'currency', n.currency, 'status', 'completed',
                            'bonus_type', n.bonus_type)
  FROM new_payouts n
  JOIN (SELECT s.user_id, 'mail'::text AS channel FROM notification_settings s WHERE s.mail_bonuses
        UNION ALL
        SELECT b.user_id, 'bot'::text FROM bot_chats b
        LEFT JOIN notification_settings s ON s.user_id = b.user_id
        WHERE coalesce(s.bot_bonuses, true)) c ON c.user_id = n.payee_id
  JOIN users u ON u.id = n.payee_id AND NOT u.is_company_root
  WHERE n.listed AND n.amount > 0
  ORDER BY n.id, c.channel DESC
  ON CONFLICT (source, channel) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payouts_notice_insert AFTER INSERT ON payouts
REFERENCING NEW TABLE AS new_payouts FOR EACH STATEMENT EXECUTE FUNCTION payouts_notices();
