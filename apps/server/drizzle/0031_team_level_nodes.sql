ALTER TABLE "team_stats" ADD COLUMN "own_nodes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_stats" ADD COLUMN "level_nodes" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}' NOT NULL;--> statement-breakpoint
-- Team levels show node counts per level (product-spec.md section 2): kept like the other team
-- counters. Filled from the nodes the counter worker has already counted (team_counted: counted
-- as active); the nodes it has not counted yet it counts into the new columns itself.
INSERT INTO "team_stats" ("user_id", "own_nodes")
SELECT n."user_id", count(*)::int FROM "nodes" n WHERE n."team_counted" GROUP BY n."user_id"
ON CONFLICT ("user_id") DO UPDATE SET "own_nodes" = excluded."own_nodes";--> statement-breakpoint
WITH RECURSIVE up(ancestor, level) AS (
  SELECT u."mentor_id", 1 FROM "nodes" n JOIN "users" u ON u."id" = n."user_id"
  WHERE n."team_counted" AND u."mentor_id" IS NOT NULL
  UNION ALL
  SELECT u."mentor_id", up.level + 1 FROM up JOIN "users" u ON u."id" = up.ancestor
  WHERE up.level < 10 AND u."mentor_id" IS NOT NULL
), counted AS (
  SELECT ancestor, level, count(*)::int AS n FROM up GROUP BY ancestor, level
), arrays AS (
  SELECT a.ancestor, array_agg(coalesce(c.n, 0) ORDER BY l.level) AS nodes
  FROM (SELECT DISTINCT ancestor FROM counted) a
  CROSS JOIN generate_series(1, 10) AS l(level)
  LEFT JOIN counted c ON c.ancestor = a.ancestor AND c.level = l.level
  GROUP BY a.ancestor
)
INSERT INTO "team_stats" ("user_id", "level_nodes") SELECT ancestor, nodes FROM arrays
ON CONFLICT ("user_id") DO UPDATE SET "level_nodes" = excluded."level_nodes";
