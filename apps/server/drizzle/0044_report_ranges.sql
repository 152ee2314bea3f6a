CREATE INDEX "users_joined_brin" ON "users" USING brin ("date_joined");--> statement-breakpoint
CREATE INDEX "payouts_created_brin" ON "payouts" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_created_brin" ON "withdrawals" USING brin ("created_at");