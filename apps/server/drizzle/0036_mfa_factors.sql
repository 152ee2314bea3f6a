-- Two-factor secrets move from users to the mfa module's own table (issue 21; docs/decisions.md
-- "MFA factors in their own table"): users keeps a partner's identity.
CREATE TABLE "mfa_factors" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"secret" text,
	"pending_secret" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"last_step" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every user who ever started a setup keeps their secrets, whether two-factor is on, and the last
-- accepted step (a code used before the migration stays used); a user who never did has no row.
INSERT INTO "mfa_factors" ("user_id", "secret", "pending_secret", "enabled", "last_step")
SELECT id, mfa_secret, mfa_pending_secret, mfa_enabled, mfa_last_step
  FROM users
 WHERE mfa_secret IS NOT NULL OR mfa_pending_secret IS NOT NULL OR mfa_enabled OR mfa_last_step <> 0;
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_secret";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_pending_secret";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_enabled";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_last_step";
