-- `binary_under` and `sponsor_under` as plpgsql of their own, made from one template: each step of
-- the walk up reads only the depth, parent and anchor columns of its tree (migration 0019's
-- tree_under read whole rows and chose the columns per step), and a step that lands on `top`'s
-- depth answers without reading the row it lands on. Same answers, a third of the time per check
-- (docs/performance.md "Team views at scale"). `tree_under(top, node, tree)` stays, dispatching.
DROP FUNCTION binary_under(bigint, bigint);--> statement-breakpoint
DROP FUNCTION sponsor_under(bigint, bigint);--> statement-breakpoint
DROP FUNCTION tree_under(bigint, bigint, text);--> statement-breakpoint
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('binary', 'binary_parent_id'), ('sponsor', 'mentor_id')) AS v(tree, parent) LOOP
    EXECUTE format($f$
      -- True when `node` is `top` or sits below `top` in the %1$s tree: a walk up from `node`, each
      -- step by the longest of the anchors (512, 64, 8 levels) or the parent that stays at or below
      -- `top`'s depth: at most (depth difference) / 512 + 22 indexed reads, whatever the downline.
      CREATE FUNCTION %1$s_under(top bigint, node bigint) RETURNS boolean LANGUAGE plpgsql STABLE AS $fn$
      DECLARE
        top_depth integer;
        cur bigint := node;
        depth integer;
        up bigint;
        up8 bigint;
        up64 bigint;
        up512 bigint;
      BEGIN
        SELECT %1$s_depth INTO top_depth FROM users WHERE id = top;
        SELECT %1$s_depth, %2$s, %1$s_anchor8_id, %1$s_anchor_id, %1$s_anchor512_id
          INTO depth, up, up8, up64, up512 FROM users WHERE id = node;
        IF top_depth IS NULL OR depth IS NULL OR depth < top_depth THEN RETURN false; END IF;
        IF top_depth = 0 THEN RETURN true; END IF;
        LOOP
          IF depth = top_depth THEN RETURN cur = top; END IF;
          IF (depth - 1) / 512 * 512 >= top_depth THEN
            cur := up512; depth := (depth - 1) / 512 * 512;
          ELSIF (depth - 1) / 64 * 64 >= top_depth THEN
            cur := up64; depth := (depth - 1) / 64 * 64;
          ELSIF (depth - 1) / 8 * 8 >= top_depth THEN
            cur := up8; depth := (depth - 1) / 8 * 8;
          ELSE
            cur := up; depth := depth - 1;
          END IF;
          IF depth = top_depth THEN RETURN cur = top; END IF;
          SELECT %2$s, %1$s_anchor8_id, %1$s_anchor_id, %1$s_anchor512_id
            INTO up, up8, up64, up512 FROM users WHERE id = cur;
        END LOOP;
      END $fn$;
    $f$, t.tree, t.parent);
  END LOOP;
END $do$;--> statement-breakpoint
CREATE FUNCTION tree_under(top bigint, node bigint, tree text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN tree = 'sponsor' THEN sponsor_under(top, node) ELSE binary_under(top, node) END
$$;
