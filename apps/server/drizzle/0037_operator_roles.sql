ALTER TABLE "users" ADD COLUMN "operator_roles" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "target" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_operator_roles_check" CHECK ("users"."operator_roles" <@ array['support', 'finance', 'admin']);