CREATE TABLE "bot_chats" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bot_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chat_id" bigint NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_channel_check" CHECK ("notices"."channel" in ('mail', 'bot')),
	CONSTRAINT "notices_kind_check" CHECK ("notices"."kind" in ('bonuses', 'deposits', 'withdrawals', 'orders')),
	CONSTRAINT "notices_status_check" CHECK ("notices"."status" in ('pending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"mail_bonuses" boolean DEFAULT false NOT NULL,
	"mail_deposits" boolean DEFAULT true NOT NULL,
	"mail_withdrawals" boolean DEFAULT true NOT NULL,
	"mail_orders" boolean DEFAULT true NOT NULL,
	"bot_bonuses" boolean DEFAULT true NOT NULL,
	"bot_deposits" boolean DEFAULT true NOT NULL,
	"bot_withdrawals" boolean DEFAULT true NOT NULL,
	"bot_orders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_chats" ADD CONSTRAINT "bot_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_link_codes" ADD CONSTRAINT "bot_link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_chats_chat_key" ON "bot_chats" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "bot_link_codes_user_idx" ON "bot_link_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bot_outbox_chat_idx" ON "bot_outbox" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notices_source_key" ON "notices" USING btree ("source","channel");--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "notices" USING btree ("next_attempt_at","id") WHERE "notices"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
-- The transactional outbox (docs/decisions.md "Notifications"): the statement that writes a
-- partner's operation or order status also queues its notices, per channel the partner chose, in
-- the same transaction; whatever code path moves the money, the notice cannot be lost or invented.
-- No settings row = the defaults of notification_settings (mail: all but bonuses; bot: all).
CREATE FUNCTION notices_enqueue(p_user bigint, p_kind text, p_source text, p_payload jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s notification_settings%ROWTYPE;
  mail_on boolean;
  bot_on boolean;
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = p_user AND is_company_root) THEN
    RETURN;
  END IF;
  SELECT * INTO s FROM notification_settings WHERE user_id = p_user;
  IF NOT FOUND THEN
    mail_on := p_kind <> 'bonuses';
    bot_on := true;
  ELSE
    mail_on := CASE p_kind WHEN 'bonuses' THEN s.mail_bonuses WHEN 'deposits' THEN s.mail_deposits
      WHEN 'withdrawals' THEN s.mail_withdrawals ELSE s.mail_orders END;
    bot_on := CASE p_kind WHEN 'bonuses' THEN s.bot_bonuses WHEN 'deposits' THEN s.bot_deposits
      WHEN 'withdrawals' THEN s.bot_withdrawals ELSE s.bot_orders END;
  END IF;
  IF mail_on THEN
    INSERT INTO notices (user_id, channel, kind, source, payload)
    VALUES (p_user, 'mail', p_kind, p_source, p_payload) ON CONFLICT (source, channel) DO NOTHING;
  END IF;
  IF bot_on AND EXISTS (SELECT 1 FROM bot_chats WHERE user_id = p_user) THEN
    INSERT INTO notices (user_id, channel, kind, source, payload)
    VALUES (p_user, 'bot', p_kind, p_source, p_payload) ON CONFLICT (source, channel) DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- Deposits credited and bonuses credited (once each: `completed` is their last status), and every
-- status of a withdrawal (requested, approved, sent, rejected).
CREATE FUNCTION wallet_operations_notice() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload jsonb := jsonb_build_object('amount', abs(NEW.amount)::text, 'currency', NEW.currency,
    'status', NEW.status, 'bonus_type', NEW.bonus_type);
BEGIN
  IF NEW.operation_type = 'deposit' AND NEW.status = 'completed' AND NEW.amount > 0 THEN
    PERFORM notices_enqueue(NEW.user_id, 'deposits', 'operation:' || NEW.id, payload);
  ELSIF NEW.operation_type = 'bonus' AND NEW.status = 'completed' AND NEW.amount > 0 THEN
    PERFORM notices_enqueue(NEW.user_id, 'bonuses', 'operation:' || NEW.id, payload);
  ELSIF NEW.operation_type = 'withdrawal' THEN
    PERFORM notices_enqueue(NEW.user_id, 'withdrawals', 'operation:' || NEW.id || ':' || NEW.status, payload);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER wallet_operations_notice_insert AFTER INSERT ON wallet_operations FOR EACH ROW
WHEN (NEW.operation_type IN ('deposit', 'bonus', 'withdrawal')) EXECUTE FUNCTION wallet_operations_notice();
--> statement-breakpoint
CREATE TRIGGER wallet_operations_notice_update AFTER UPDATE OF status ON wallet_operations FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.operation_type IN ('deposit', 'withdrawal'))
EXECUTE FUNCTION wallet_operations_notice();
--> statement-breakpoint
-- Every status an order moves to (an order a tariff opens already paid is noticed as it opens).
CREATE FUNCTION orders_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notices_enqueue(NEW.user_id, 'orders', 'order:' || NEW.id || ':' || NEW.status,
    jsonb_build_object('number', NEW.number, 'status', NEW.status, 'amount', NEW.total::text, 'currency', 'USDT'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_notice_insert AFTER INSERT ON orders FOR EACH ROW
WHEN (NEW.status <> 'WAIT_PAYMENT') EXECUTE FUNCTION orders_notice();
--> statement-breakpoint
CREATE TRIGGER orders_notice_update AFTER UPDATE OF status ON orders FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION orders_notice();
