CREATE TABLE "team_company_stats" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"total_devices" integer DEFAULT 0 NOT NULL,
	"purchased_devices" integer DEFAULT 0 NOT NULL,
	"packages_500" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_company_stats_one_row" CHECK ("team_company_stats"."id" = 1),
	CONSTRAINT "team_company_stats_counts_check" CHECK ("team_company_stats"."total_devices" >= 0 and "team_company_stats"."purchased_devices" >= 0 and "team_company_stats"."packages_500" >= 0)
);
--> statement-breakpoint
CREATE TABLE "team_package_counts" (
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"left_count" integer DEFAULT 0 NOT NULL,
	"right_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_package_counts_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "team_package_counts_check" CHECK ("team_package_counts"."left_count" >= 0 and "team_package_counts"."right_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "nodes" ADD COLUMN "team_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "team_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_package_counts" ADD CONSTRAINT "team_package_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_package_counts" ADD CONSTRAINT "team_package_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nodes_team_pending_idx" ON "nodes" USING btree ("id") WHERE "nodes"."team_counted" <> ("nodes"."status" = 'active');--> statement-breakpoint
CREATE INDEX "purchases_team_pending_idx" ON "purchases" USING btree ("id") WHERE "purchases"."kind" = 'tariff' and "purchases"."team_counted" <> ("purchases"."status" = 'completed');--> statement-breakpoint
-- The company counters' one row: the worker folds every node and tariff purchase into it.
INSERT INTO "team_company_stats" ("id") VALUES (1);
