-- Downline search by name, email or id (docs/team.md): a trigram index on the searched text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "team_stats" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"left_count" integer DEFAULT 0 NOT NULL,
	"right_count" integer DEFAULT 0 NOT NULL,
	"downline_count" integer DEFAULT 0 NOT NULL,
	"first_line_count" integer DEFAULT 0 NOT NULL,
	"levels_count" integer DEFAULT 0 NOT NULL,
	"level_counts" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}' NOT NULL,
	"own_devices" integer DEFAULT 0 NOT NULL,
	"downline_devices" integer DEFAULT 0 NOT NULL,
	"max_branch_devices" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_stats_counts_check" CHECK ("team_stats"."left_count" >= 0 and "team_stats"."right_count" >= 0 and "team_stats"."downline_count" >= 0 and "team_stats"."first_line_count" >= 0 and "team_stats"."levels_count" >= 0 and "team_stats"."own_devices" >= 0 and "team_stats"."downline_devices" >= 0 and "team_stats"."max_branch_devices" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "binary_depth" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "binary_anchor8_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "binary_anchor_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "binary_anchor512_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sponsor_depth" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sponsor_anchor8_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sponsor_anchor_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sponsor_anchor512_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "placement_leg" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_stats" ADD CONSTRAINT "team_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_first_line_idx" ON "users" USING btree ("mentor_id","placement_leg","id");--> statement-breakpoint
CREATE INDEX "users_sponsor_level_idx" ON "users" USING btree ("sponsor_depth","id");--> statement-breakpoint
CREATE INDEX "users_team_pending_idx" ON "users" USING btree ("id") WHERE not "users"."team_counted";--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("username", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_placement_leg_check" CHECK ("users"."placement_leg" in ('left', 'right'));--> statement-breakpoint
-- A partner's depth and anchors (the ancestors at the nearest lower multiples of 8, 64 and 512)
-- in the binary tree (binary_parent_id) and the sponsor tree (mentor_id), from the parent at
-- insert: kept here so that every writer keeps them (a writer that sets the depth, the network
-- generator, sets the anchors too). Binary placements never move; a mentor change calls
-- sponsor_rebase().
CREATE FUNCTION users_tree_position() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent users%ROWTYPE;
BEGIN
  IF NEW.is_company_root THEN
    NEW.binary_depth := 0;
    NEW.sponsor_depth := 0;
    RETURN NEW;
  END IF;
  IF NEW.binary_parent_id IS NOT NULL AND NEW.binary_depth IS NULL THEN
    SELECT * INTO parent FROM users WHERE id = NEW.binary_parent_id;
    NEW.binary_depth := parent.binary_depth + 1;
    NEW.binary_anchor8_id := CASE WHEN parent.binary_depth % 8 = 0 THEN parent.id ELSE parent.binary_anchor8_id END;
    NEW.binary_anchor_id := CASE WHEN parent.binary_depth % 64 = 0 THEN parent.id ELSE parent.binary_anchor_id END;
    NEW.binary_anchor512_id := CASE WHEN parent.binary_depth % 512 = 0 THEN parent.id ELSE parent.binary_anchor512_id END;
  END IF;
  IF NEW.mentor_id IS NOT NULL AND NEW.sponsor_depth IS NULL THEN
    SELECT * INTO parent FROM users WHERE id = NEW.mentor_id;
    NEW.sponsor_depth := parent.sponsor_depth + 1;
    NEW.sponsor_anchor8_id := CASE WHEN parent.sponsor_depth % 8 = 0 THEN parent.id ELSE parent.sponsor_anchor8_id END;
    NEW.sponsor_anchor_id := CASE WHEN parent.sponsor_depth % 64 = 0 THEN parent.id ELSE parent.sponsor_anchor_id END;
    NEW.sponsor_anchor512_id := CASE WHEN parent.sponsor_depth % 512 = 0 THEN parent.id ELSE parent.sponsor_anchor512_id END;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_tree_position BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_tree_position();--> statement-breakpoint
-- True when `node` is `top` or sits below `top` in the tree (`binary` or `sponsor`): a walk up
-- from `node`, each step by the longest of the anchors (512, 64, 8 levels) or the parent that stays
-- at or below `top`'s depth: at most (depth difference) / 512 + 22 indexed reads, whatever the size
-- of the downline.
CREATE FUNCTION tree_under(top bigint, node bigint, tree text) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  sponsor boolean := tree = 'sponsor';
  top_depth integer;
  cur bigint := node;
  depth integer;
  rec users%ROWTYPE;
BEGIN
  SELECT CASE WHEN sponsor THEN sponsor_depth ELSE binary_depth END INTO top_depth FROM users WHERE id = top;
  IF top_depth IS NULL THEN RETURN false; END IF;
  SELECT * INTO rec FROM users WHERE id = node;
  depth := CASE WHEN sponsor THEN rec.sponsor_depth ELSE rec.binary_depth END;
  IF depth IS NULL OR depth < top_depth THEN RETURN false; END IF;
  IF top_depth = 0 THEN RETURN true; END IF;
  WHILE depth > top_depth LOOP
    IF (depth - 1) / 512 * 512 >= top_depth THEN
      cur := CASE WHEN sponsor THEN rec.sponsor_anchor512_id ELSE rec.binary_anchor512_id END;
      depth := (depth - 1) / 512 * 512;
    ELSIF (depth - 1) / 64 * 64 >= top_depth THEN
      cur := CASE WHEN sponsor THEN rec.sponsor_anchor_id ELSE rec.binary_anchor_id END;
      depth := (depth - 1) / 64 * 64;
    ELSIF (depth - 1) / 8 * 8 >= top_depth THEN
      cur := CASE WHEN sponsor THEN rec.sponsor_anchor8_id ELSE rec.binary_anchor8_id END;
      depth := (depth - 1) / 8 * 8;
    ELSE
      cur := CASE WHEN sponsor THEN rec.mentor_id ELSE rec.binary_parent_id END;
      depth := depth - 1;
    END IF;
    SELECT * INTO rec FROM users WHERE id = cur;
  END LOOP;
  RETURN cur = top;
END $$;--> statement-breakpoint
CREATE FUNCTION binary_under(top bigint, node bigint) RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT tree_under(top, node, 'binary') $$;--> statement-breakpoint
CREATE FUNCTION sponsor_under(top bigint, node bigint) RETURNS boolean LANGUAGE sql STABLE AS $$ SELECT tree_under(top, node, 'sponsor') $$;--> statement-breakpoint
-- After `partner`'s mentor changed: the sponsor depth and anchors of the partner and their sponsor
-- downline, from the new mentor down (a walk of that downline only).
CREATE FUNCTION sponsor_rebase(partner bigint) RETURNS void LANGUAGE sql AS $$
  WITH RECURSIVE sub(id, depth, a8, a64, a512) AS (
    SELECT u.id, m.sponsor_depth + 1,
           CASE WHEN m.sponsor_depth % 8 = 0 THEN m.id ELSE m.sponsor_anchor8_id END,
           CASE WHEN m.sponsor_depth % 64 = 0 THEN m.id ELSE m.sponsor_anchor_id END,
           CASE WHEN m.sponsor_depth % 512 = 0 THEN m.id ELSE m.sponsor_anchor512_id END
    FROM users u JOIN users m ON m.id = u.mentor_id WHERE u.id = partner
    UNION ALL
    SELECT u.id, s.depth + 1,
           CASE WHEN s.depth % 8 = 0 THEN s.id ELSE s.a8 END,
           CASE WHEN s.depth % 64 = 0 THEN s.id ELSE s.a64 END,
           CASE WHEN s.depth % 512 = 0 THEN s.id ELSE s.a512 END
    FROM sub s JOIN users u ON u.mentor_id = s.id
  )
  UPDATE users SET sponsor_depth = sub.depth, sponsor_anchor8_id = sub.a8, sponsor_anchor_id = sub.a64,
                   sponsor_anchor512_id = sub.a512
  FROM sub WHERE users.id = sub.id
$$;--> statement-breakpoint
-- Partners already placed: depth and anchors from the root down, in each tree.
WITH RECURSIVE placed(id, depth, a8, a64, a512) AS (
  SELECT id, 0, NULL::bigint, NULL::bigint, NULL::bigint FROM users WHERE is_company_root
  UNION ALL
  SELECT u.id, p.depth + 1,
         CASE WHEN p.depth % 8 = 0 THEN p.id ELSE p.a8 END,
         CASE WHEN p.depth % 64 = 0 THEN p.id ELSE p.a64 END,
         CASE WHEN p.depth % 512 = 0 THEN p.id ELSE p.a512 END
  FROM placed p JOIN users u ON u.binary_parent_id = p.id
)
UPDATE users SET binary_depth = placed.depth, binary_anchor8_id = placed.a8, binary_anchor_id = placed.a64,
                 binary_anchor512_id = placed.a512
FROM placed WHERE users.id = placed.id;--> statement-breakpoint
WITH RECURSIVE sponsored(id, depth, a8, a64, a512) AS (
  SELECT id, 0, NULL::bigint, NULL::bigint, NULL::bigint FROM users WHERE is_company_root
  UNION ALL
  SELECT u.id, p.depth + 1,
         CASE WHEN p.depth % 8 = 0 THEN p.id ELSE p.a8 END,
         CASE WHEN p.depth % 64 = 0 THEN p.id ELSE p.a64 END,
         CASE WHEN p.depth % 512 = 0 THEN p.id ELSE p.a512 END
  FROM sponsored p JOIN users u ON u.mentor_id = p.id
)
UPDATE users SET sponsor_depth = sponsored.depth, sponsor_anchor8_id = sponsored.a8,
                 sponsor_anchor_id = sponsored.a64, sponsor_anchor512_id = sponsored.a512
FROM sponsored WHERE users.id = sponsored.id;--> statement-breakpoint
-- The mentor's leg each placed partner entered: up from the partner to the mentor.
WITH RECURSIVE up(user_id, mentor_id, node, position) AS (
  SELECT id, mentor_id, binary_parent_id, binary_position FROM users
  WHERE mentor_id IS NOT NULL AND binary_parent_id IS NOT NULL
  UNION ALL
  SELECT up.user_id, up.mentor_id, p.binary_parent_id, p.binary_position
  FROM up JOIN users p ON p.id = up.node
  WHERE up.node <> up.mentor_id
)
UPDATE users SET placement_leg = up.position FROM up WHERE users.id = up.user_id AND up.node = up.mentor_id;
