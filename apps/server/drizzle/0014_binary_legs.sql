CREATE TABLE "binary_legs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"left_unpaid" bigint DEFAULT 0 NOT NULL,
	"right_unpaid" bigint DEFAULT 0 NOT NULL,
	"left_total" bigint DEFAULT 0 NOT NULL,
	"right_total" bigint DEFAULT 0 NOT NULL,
	"paired_total" bigint DEFAULT 0 NOT NULL,
	"invited_buyers" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"rank" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "binary_legs_amounts_check" CHECK ("binary_legs"."left_unpaid" >= 0 and "binary_legs"."right_unpaid" >= 0 and "binary_legs"."left_unpaid" <= "binary_legs"."left_total" and "binary_legs"."right_unpaid" <= "binary_legs"."right_total" and "binary_legs"."paired_total" >= 0 and "binary_legs"."invited_buyers" >= 0),
	CONSTRAINT "binary_legs_rank_check" CHECK ("binary_legs"."rank" is null or "binary_legs"."rank" in ('Bronze', 'Silver', 'Gold', 'Platinum', 'Diamond'))
);
--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "purchase_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "binary_legs" ADD CONSTRAINT "binary_legs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "binary_legs_rank_idx" ON "binary_legs" USING btree ("rank") WHERE "binary_legs"."rank" is not null;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_source_check" CHECK ("payouts"."purchase_id" is not null or "payouts"."period" is not null);