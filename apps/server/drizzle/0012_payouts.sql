CREATE TABLE "lost_profits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lost_profits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"recovered" bigint DEFAULT 0 NOT NULL,
	"payout_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "lost_profits_amount_check" CHECK ("lost_profits"."amount" > 0 and "lost_profits"."recovered" between 0 and "lost_profits"."amount")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchase_id" bigint NOT NULL,
	"payee_id" bigint NOT NULL,
	"bonus_type" text NOT NULL,
	"currency" text NOT NULL,
	"gross" bigint NOT NULL,
	"credited" bigint NOT NULL,
	"lost" bigint NOT NULL,
	"level" integer,
	"leg" text,
	"base" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"cap_took" bigint NOT NULL,
	"plan_version" text NOT NULL,
	"source_bonus_type" text,
	"source_payee_id" bigint,
	"to_company" boolean DEFAULT false NOT NULL,
	"transfer_id" bigint,
	"reversed_at" timestamp with time zone,
	"reversed" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amounts_check" CHECK ("payouts"."credited" >= 0 and "payouts"."lost" >= 0 and "payouts"."gross" = "payouts"."credited" + "payouts"."lost" and "payouts"."cap_took" between 0 and "payouts"."lost")
);
--> statement-breakpoint
ALTER TABLE "lost_profits" ADD CONSTRAINT "lost_profits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_profits" ADD CONSTRAINT "lost_profits_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lost_profits_pending_idx" ON "lost_profits" USING btree ("user_id","created_at") WHERE "lost_profits"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "lost_profits_due_idx" ON "lost_profits" USING btree ("expires_at") WHERE "lost_profits"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "payouts_purchase_idx" ON "payouts" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "payouts_payee_idx" ON "payouts" USING btree ("payee_id","id");