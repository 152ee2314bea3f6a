CREATE TABLE "binary_leg_ends" (
	"user_id" bigint NOT NULL,
	"side" text NOT NULL,
	"bottom_id" bigint NOT NULL,
	CONSTRAINT "binary_leg_ends_user_id_side_pk" PRIMARY KEY("user_id","side"),
	CONSTRAINT "binary_leg_ends_side_check" CHECK ("binary_leg_ends"."side" in ('left', 'right'))
);
--> statement-breakpoint
DROP INDEX "wallet_operations_user_date_idx";--> statement-breakpoint
ALTER TABLE "binary_leg_ends" ADD CONSTRAINT "binary_leg_ends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "binary_leg_ends" ADD CONSTRAINT "binary_leg_ends_bottom_id_users_id_fk" FOREIGN KEY ("bottom_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_transfers_operation_type_idx" ON "ledger_transfers" USING btree ("operation_type","bonus_type");--> statement-breakpoint
CREATE INDEX "wallet_operations_user_date_id_idx" ON "wallet_operations" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_operations_user_currency_amount_id_idx" ON "wallet_operations" USING btree ("user_id","currency","amount","id");