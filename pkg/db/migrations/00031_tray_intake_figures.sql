-- +goose Up
-- What the patient ate is a clinical record (issue 27, docs/nutrition.md "What the patient
-- ate"): a collected tray keeps the amounts it gave, from its dishes as they were when its
-- intake was recorded, beside the fraction eaten, so that a dish corrected later does not
-- rewrite what a patient ate last week, and an intake read adds stored figures instead of
-- expanding every tray's dishes (the worklist: a branch's week, 33,600 items, on every call).
--   gave:  per item (its position), per nutrient, what one serving gave in base units — the
--          item's dish or its set's dishes, as order_position_nutrient defines them then;
--   eaten: per nutrient, what was eaten: each item's amounts × its fraction eaten (its own,
--          else the tray's), unrounded (a day's sum is rounded once).
-- A correction of the record keeps gave and writes eaten again from it and the new fractions.

-- What an order's items give now, per position and nutrient: the figures a tray keeps when its
-- intake is first recorded. {} when no dish states any nutrient.
CREATE FUNCTION tray_gave(p_branch text, p_order uuid) RETURNS jsonb
LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT coalesce(jsonb_object_agg(p.position::text, p.amounts), '{}') FROM (
        SELECT n.position, jsonb_object_agg(n.nutrient, n.amount) AS amounts FROM (
            SELECT x.position, x.nutrient, sum(x.amount) AS amount FROM order_position_nutrient x
            WHERE x.branch_code = p_branch AND x.order_id = p_order GROUP BY x.position, x.nutrient) n
        GROUP BY n.position) p
$$;

-- What was eaten of a tray that gave p_gave: each item's amounts × its quarters (its own in
-- p_items, else the tray's) / 4, summed per nutrient. {} when the tray gave nothing.
CREATE FUNCTION tray_eaten(p_gave jsonb, p_quarters smallint, p_items jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(jsonb_object_agg(e.nutrient, e.amount), '{}') FROM (
        SELECT n.key AS nutrient, sum(n.value::float8 * coalesce((p_items ->> i.key)::int, p_quarters) / 4.0) AS amount
        FROM jsonb_each(p_gave) i, jsonb_each_text(i.value) n GROUP BY n.key) e
$$;

ALTER TABLE tray_intake
    ADD COLUMN gave jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(gave) = 'object'),
    ADD COLUMN eaten jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(eaten) = 'object');

-- The trays collected before this migration: their figures from the dishes as they are now,
-- once (the only figures there are).
UPDATE tray_intake SET gave = tray_gave(branch_code, order_id);
UPDATE tray_intake SET eaten = tray_eaten(gave, quarters, item_quarters);

-- +goose Down
ALTER TABLE tray_intake DROP COLUMN eaten, DROP COLUMN gave;
DROP FUNCTION tray_eaten(jsonb, smallint, jsonb);
DROP FUNCTION tray_gave(text, uuid);
