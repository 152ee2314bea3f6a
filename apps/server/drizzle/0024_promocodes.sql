CREATE TABLE "promocode_redemptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promocode_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"promocode_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promocodes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promocodes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"discount_bp" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"uses" integer DEFAULT 0 NOT NULL,
	"max_uses" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promocodes_kind_check" CHECK ("promocodes"."kind" in ('personal', 'public', 'private')),
	CONSTRAINT "promocodes_discount_check" CHECK ("promocodes"."discount_bp" in (1000, 2000)),
	CONSTRAINT "promocodes_uses_check" CHECK ("promocodes"."uses" >= 0 and ("promocodes"."max_uses" is null or "promocodes"."uses" <= "promocodes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD CONSTRAINT "promocode_redemptions_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD CONSTRAINT "promocode_redemptions_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocode_redemptions" ADD CONSTRAINT "promocode_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promocodes" ADD CONSTRAINT "promocodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promocode_redemptions_purchase_key" ON "promocode_redemptions" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "promocode_redemptions_code_idx" ON "promocode_redemptions" USING btree ("promocode_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promocodes_code_key" ON "promocodes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promocodes_one_personal_key" ON "promocodes" USING btree ("user_id") WHERE "promocodes"."kind" = 'personal';--> statement-breakpoint
CREATE INDEX "promocodes_user_idx" ON "promocodes" USING btree ("user_id","id");