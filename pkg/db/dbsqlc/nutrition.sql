-- Nutrition (pkg/nutrition, docs/nutrition.md): the Nutritionist's targets against what a
-- patient's trays give. Amounts are in their nutrient's base unit (kcal, g, sodium in mg):
-- dish_nutrient and order_item_nutrient (migration 00025) define what a dish and an order give.

-- The patients of a branch in hospital (Current, not discharged) whose day is shown: their
-- names, bed, diet and therapeutic foods (what the targets follow), weight and own targets.
-- Optionally one patient (by HN), one ward, a criteria on HN or names; by ward, bed and HN.
-- name: NutritionPatients :many
SELECT p.id, p.hn_id, p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en,
    w.code AS ward_code, w.name_th AS ward_name_th, w.name_en AS ward_name_en, r.code AS room_code,
    p.diet_type_id, coalesce(pt.ids, '{}')::bigint[] AS therapeutic_ids, p.admit_date, p.npo_from, p.npo_to,
    n.weight_kg, n.updated_at AS nutrition_updated_at, n.updated_by AS nutrition_updated_by,
    coalesce(ot.targets, '[]')::jsonb AS own_targets,
    count(*) OVER () AS total
FROM patient p
    LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
    LEFT JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
    LEFT JOIN patient_nutrition n ON n.branch_code = p.branch_code AND n.patient_id = p.id
    -- the branch's lists grouped once and joined (a subquery per patient read them 1,200 times)
    LEFT JOIN (SELECT l.patient_id, array_agg(l.therapeutic_id ORDER BY l.therapeutic_id) AS ids
        FROM patient_therapeutic l WHERE l.branch_code = @branch_code GROUP BY l.patient_id) pt ON pt.patient_id = p.id
    LEFT JOIN (SELECT x.patient_id, jsonb_agg(jsonb_build_object('nutrient', x.nutrient, 'basis', x.basis,
            'dailyMin', x.daily_min, 'dailyMax', x.daily_max, 'mealMin', x.meal_min, 'mealMax', x.meal_max) ORDER BY x.nutrient) AS targets
        FROM patient_nutrient_target x WHERE x.branch_code = @branch_code GROUP BY x.patient_id) ot ON ot.patient_id = p.id
WHERE p.branch_code = @branch_code
    AND (sqlc.narg(hn_id)::text IS NOT NULL AND p.hn_id = sqlc.narg(hn_id)::text
        OR sqlc.narg(hn_id)::text IS NULL AND p.visit_status = 'Current' AND p.hospital_status = 'IN_HOSPITAL')
    AND (sqlc.narg(ward_id)::bigint IS NULL OR p.ward_id = sqlc.narg(ward_id)::bigint)
    AND (sqlc.narg(pattern)::text IS NULL OR (p.hn_id || ' ' || p.first_name_th || ' ' || p.last_name_th || ' ' ||
        p.first_name_en || ' ' || p.last_name_en) ILIKE sqlc.narg(pattern)::text)
ORDER BY w.code NULLS LAST, r.code NULLS LAST, p.hn_id
LIMIT sqlc.narg(lim)::int OFFSET @off::int;

-- The branch's active targets, each for a diet type or a therapeutic food, with its code.
-- name: NutritionTargets :many
SELECT t.diet_type_id, t.therapeutic_id, t.nutrient, t.daily_min, t.daily_max, t.meal_min, t.meal_max,
    coalesce(d.code, th.code, '')::text AS for_code, coalesce(d.name_th, th.name_th, '')::text AS for_name_th,
    coalesce(d.name_en, th.name_en, '')::text AS for_name_en
FROM nutrient_target t
    LEFT JOIN diet_type d ON d.branch_code = t.branch_code AND d.id = t.diet_type_id
    LEFT JOIN therapeutic th ON th.branch_code = t.branch_code AND th.id = t.therapeutic_id
WHERE t.branch_code = @branch_code AND t.active
ORDER BY t.code;

-- The orders a patient's day counts, with what each tray gives (order_item_nutrient summed, as
-- order_detail's nutrients): the patient's own (not a caregiver's) meal orders of the date
-- that are not cancelled, served or not; in meal order.
-- name: NutritionDayOrders :many
SELECT o.id, o.meal_time_id, t.code AS meal_time_code, t.name_th AS meal_time_name_th,
    t.name_en AS meal_time_name_en, o.status,
    coalesce((SELECT jsonb_object_agg(s.nutrient, s.amount) FROM (
        SELECT x.nutrient, round(sum(x.amount)::numeric, 1) AS amount FROM order_item_nutrient x
        WHERE x.order_id = o.id GROUP BY x.nutrient) s), '{}')::jsonb AS nutrients
FROM meal_order o JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
WHERE o.branch_code = @branch_code AND o.order_date = @order_date AND o.patient_id = @patient_id
    AND NOT o.caregiver AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
ORDER BY t.start_time, o.meal_time_id;

-- The day's totals of patients: the orders NutritionDayOrders counts, their items' amounts
-- added per patient and nutrient and rounded once (a tray's own figures are rounded apart, so
-- the meals of a day may add up to a tenth more or less than its total).
-- name: NutritionDayTotals :many
SELECT o.patient_id, x.nutrient::text AS nutrient, round(sum(x.amount)::numeric, 1)::float8 AS amount
FROM meal_order o JOIN order_item_nutrient x ON x.branch_code = o.branch_code AND x.order_id = o.id
WHERE o.branch_code = @branch_code AND o.order_date = @order_date AND o.patient_id = ANY (@patient_ids::bigint[])
    AND NOT o.caregiver AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
GROUP BY o.patient_id, x.nutrient;

-- What a tray of dishes and sets (a draft's items; 0 where unset) would give, summed: the
-- items expanded as order_item_nutrient expands an order's (a set as its dishes).
-- name: NutritionItems :many
SELECT d.nutrient::text AS nutrient, round(sum(d.amount)::numeric, 1)::float8 AS amount
FROM (SELECT unnest(@menu_ids::bigint[]) AS menu_id, unnest(@menu_set_ids::bigint[]) AS menu_set_id) x
    LEFT JOIN menu_set_item si ON x.menu_set_id <> 0 AND si.branch_code = @branch_code::text AND si.menu_set_id = x.menu_set_id
    JOIN dish_nutrient d ON d.branch_code = @branch_code::text AND d.menu_id = coalesce(nullif(x.menu_id, 0), si.menu_id)
WHERE d.amount IS NOT NULL
GROUP BY d.nutrient;

-- Locks a patient's nutrition record for a change (created on first use), answering the
-- record as it was (the change log's before).
-- name: NutritionLock :one
WITH p AS (
    SELECT id FROM patient WHERE branch_code = @branch_code::text AND hn_id = @hn_id::text
), ins AS (
    INSERT INTO patient_nutrition (branch_code, patient_id, updated_by)
    SELECT @branch_code::text, p.id, @updated_by::text FROM p
    ON CONFLICT (branch_code, patient_id) DO NOTHING
)
SELECT p.id AS patient_id FROM p;

-- name: NutritionRecord :one
SELECT n.weight_kg,
    coalesce((SELECT jsonb_agg(jsonb_build_object('nutrient', x.nutrient, 'basis', x.basis, 'dailyMin', x.daily_min,
            'dailyMax', x.daily_max, 'mealMin', x.meal_min, 'mealMax', x.meal_max) ORDER BY x.nutrient)
        FROM patient_nutrient_target x WHERE x.branch_code = n.branch_code AND x.patient_id = n.patient_id), '[]')::jsonb AS own_targets
FROM patient_nutrition n WHERE n.branch_code = @branch_code AND n.patient_id = @patient_id FOR UPDATE;

-- Writes a patient's weight and own targets (every one: those not sent are removed).
-- name: NutritionSave :exec
WITH n AS (
    INSERT INTO patient_nutrition (branch_code, patient_id, weight_kg, updated_at, updated_by)
    VALUES (@branch_code::text, @patient_id::bigint, sqlc.narg(weight_kg), now(), @updated_by::text)
    ON CONFLICT (branch_code, patient_id) DO UPDATE SET weight_kg = excluded.weight_kg, updated_at = now(),
        updated_by = excluded.updated_by
), input AS (
    SELECT unnest(@nutrients::text[]) AS nutrient, unnest(@bases::text[]) AS basis,
        -- the bounds as text, '' for none (sqlc types an array's elements as never NULL)
        nullif(unnest(@daily_mins::text[]), '')::float8 AS daily_min, nullif(unnest(@daily_maxes::text[]), '')::float8 AS daily_max,
        nullif(unnest(@meal_mins::text[]), '')::float8 AS meal_min, nullif(unnest(@meal_maxes::text[]), '')::float8 AS meal_max
), del AS (
    DELETE FROM patient_nutrient_target x WHERE x.branch_code = @branch_code::text AND x.patient_id = @patient_id::bigint
        AND x.nutrient <> ALL (@nutrients::text[])
)
INSERT INTO patient_nutrient_target (branch_code, patient_id, nutrient, basis, daily_min, daily_max, meal_min, meal_max)
SELECT @branch_code::text, @patient_id::bigint, i.nutrient, i.basis, i.daily_min, i.daily_max, i.meal_min, i.meal_max FROM input i
ON CONFLICT (branch_code, patient_id, nutrient) DO UPDATE SET basis = excluded.basis, daily_min = excluded.daily_min,
    daily_max = excluded.daily_max, meal_min = excluded.meal_min, meal_max = excluded.meal_max;

-- A menu round, for its analysis.
-- name: NutritionCycle :one
SELECT id, code, name_th, name_en, round_type, day_count FROM cycle WHERE branch_code = @branch_code AND id = @id;

-- What a round serves a diet, per day, meal and alternative tray: the entries that name the
-- diet type, or name none and whose dish suits it (menu_diet_type) or whose set is of it; not
-- those naming another therapeutic food than the one asked. A meal's dishes together are one
-- tray (alternative 0), each set another (alternative: its id); a set counts as its dishes,
-- expanded as order_item_nutrient expands an order's items.
-- name: NutritionCycleTrays :many
WITH e AS (
    SELECT cm.day_no, cm.meal_time_id, cm.menu_id, cm.menu_set_id
    FROM cycle_menu cm LEFT JOIN menu_set s ON s.branch_code = cm.branch_code AND s.id = cm.menu_set_id
    WHERE cm.branch_code = @branch_code::text AND cm.cycle_id = @cycle_id::bigint
        AND (cm.diet_type_id = @diet_type_id::bigint OR cm.diet_type_id IS NULL AND (
            cm.menu_id IS NOT NULL AND EXISTS (SELECT 1 FROM menu_diet_type d WHERE d.branch_code = cm.branch_code
                AND d.menu_id = cm.menu_id AND d.diet_type_id = @diet_type_id::bigint)
            OR cm.menu_set_id IS NOT NULL AND s.diet_type_id = @diet_type_id::bigint))
        AND (cm.therapeutic_id IS NULL OR cm.therapeutic_id = sqlc.narg(therapeutic_id)::bigint)
)
SELECT e.day_no, e.meal_time_id, t.code AS meal_time_code, t.name_th AS meal_time_name_th, t.name_en AS meal_time_name_en,
    coalesce(e.menu_set_id, 0)::bigint AS alternative, d.nutrient::text AS nutrient, sum(d.amount)::float8 AS amount
FROM e
    JOIN meal_time t ON t.branch_code = @branch_code::text AND t.id = e.meal_time_id
    LEFT JOIN menu_set_item si ON e.menu_set_id IS NOT NULL AND si.branch_code = @branch_code::text AND si.menu_set_id = e.menu_set_id
    JOIN dish_nutrient d ON d.branch_code = @branch_code::text AND d.menu_id = coalesce(e.menu_id, si.menu_id)
WHERE d.amount IS NOT NULL
GROUP BY e.day_no, e.meal_time_id, t.code, t.name_th, t.name_en, t.start_time, coalesce(e.menu_set_id, 0), d.nutrient
ORDER BY e.day_no, t.start_time, e.meal_time_id, coalesce(e.menu_set_id, 0);

-- What became of patients' trays, per patient and day from..to (issue 27 §3–4): one pass over
-- the trays for both the intake and the worklist's outcomes (two statements read the week's
-- trays twice: 25,200 rows for a branch).
-- The intake: the day's own served trays (as a day counts them) with how many were collected,
-- and what the collected ones gave of the nutrients asked: the figures each tray keeps from its
-- collection (tray_intake.eaten, migration 00031: its items' amounts as its dishes were then, ×
-- the fractions eaten), added per nutrient and rounded once. No dish is read: a dish corrected
-- later does not change what was eaten. The worklist asks for energy and protein only (the
-- nutrients its low day reads), a patient's intake for every nutrient (menus.Nutrients, the
-- seven named below). A day with trays but none served answers 0 trays, as a day without any.
-- The outcomes: the day's known ones in meal order — UNTOUCHED (collected, nothing eaten),
-- EATEN (collected, some eaten), REFUSED (not served and not collected, its last serve record a
-- rejection of the patient's own tray: matched). A tray waiting, or served and not collected,
-- is not known and left out. The patients' own ORD trays, not cancelled. The last serve record
-- is read for the trays not served only, picked first: a subquery in the scan of every tray is
-- costed for every tray (PostgreSQL charges a condition in full for each row), which put the
-- statement over jit_above_cost (100,000): 80 ms and more of compiling at load, for a plan that
-- runs in a few.
-- name: NutritionTrayDays :many
WITH unserved AS MATERIALIZED (
    SELECT o.id FROM meal_order o
    WHERE o.branch_code = @branch_code AND o.patient_id = ANY (@patient_ids::bigint[])
        AND o.order_date BETWEEN @date_from::date AND @date_to::date
        AND NOT o.caregiver AND o.order_type = 'ORD' AND o.status NOT IN ('CANCELLED', 'SERVED')
), refused AS (
    SELECT u.id FROM unserved u
    WHERE (SELECT r.action = 'REJECTED' AND r.matched FROM serve_record r
        WHERE r.order_id = u.id ORDER BY r.served_at DESC, r.id DESC LIMIT 1)
)
SELECT o.patient_id, o.order_date,
    count(*) FILTER (WHERE o.status = 'SERVED')::int AS trays,
    count(x.quarters) FILTER (WHERE o.status = 'SERVED')::int AS collected,
    -- each nutrient asked summed from the figures kept, a float column each, NaN when none (not
    -- asked, or no collected tray gave it: sqlc reads a NULL float as never NULL, and a numeric
    -- costs Go a big-number parse per value); a row of unnested nutrients per tray, aggregated
    -- twice and joined, took 2–3 times as long for a branch's week, and one JSON object per day
    -- built here and decoded in Go about a third of this statement's time
    coalesce(round((sum((x.eaten ->> 'energy')::float8) FILTER (WHERE o.status = 'SERVED' AND 'energy' = ANY (@nutrients::text[])))::numeric, 1)::float8, 'NaN')::float8 AS energy,
    coalesce(round((sum((x.eaten ->> 'protein')::float8) FILTER (WHERE o.status = 'SERVED' AND 'protein' = ANY (@nutrients::text[])))::numeric, 1)::float8, 'NaN')::float8 AS protein,
    coalesce(round((sum((x.eaten ->> 'fat')::float8) FILTER (WHERE o.status = 'SERVED' AND 'fat' = ANY (@nutrients::text[])))::numeric, 1)::float8, 'NaN')::float8 AS fat,
    coalesce(round((sum((x.eaten ->> 'carbohydrate')::float8) FILTER (WHERE o.status = 'SERVED' AND 'carbohydrate' = ANY (@nutrients::text[])))::numeric, 1)::float8, 'NaN')::float8 AS carbohydrate,
    coalesce(round((sum((x.eaten ->> 'sodium')::float8) FILTER (WHERE o.status = 'SERVED' AND 'sodium' = ANY (@nutrients::text[])))::numeric, 1)::float8, 'NaN')::float8 AS sodium,
    coalesce(round((sum((x.eaten ->> 'sugar')::float8) FILTER (WHERE o.status = 'SERVED' AND 'sugar' = ANY (@nutrients::text[])))::numeric, 1)::float8, 'NaN')::float8 AS sugar,
    coalesce(round((sum((x.eaten ->> 'fiber')::float8) FILTER (WHERE o.status = 'SERVED' AND 'fiber' = ANY (@nutrients::text[])))::numeric, 1)::float8, 'NaN')::float8 AS fiber,
    coalesce(array_agg(CASE WHEN x.quarters = 0 THEN 'UNTOUCHED' WHEN x.quarters > 0 THEN 'EATEN' ELSE 'REFUSED' END
        ORDER BY t.start_time, o.id) FILTER (WHERE x.order_id IS NOT NULL OR f.id IS NOT NULL), '{}')::text[] AS outcomes
FROM meal_order o
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
    LEFT JOIN tray_intake x ON x.order_id = o.id
    LEFT JOIN refused f ON f.id = o.id
WHERE o.branch_code = @branch_code AND o.patient_id = ANY (@patient_ids::bigint[])
    AND o.order_date BETWEEN @date_from::date AND @date_to::date
    AND NOT o.caregiver AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
GROUP BY o.patient_id, o.order_date
ORDER BY o.patient_id, o.order_date;

-- The last time each of patients was marked seen on the worklist.
-- name: NutritionLastSeen :many
SELECT DISTINCT ON (s.patient_id) s.patient_id, s.reasons, s.note, s.seen_by, s.seen_at
FROM nutrition_seen s WHERE s.branch_code = @branch_code AND s.patient_id = ANY (@patient_ids::bigint[])
ORDER BY s.patient_id, s.seen_at DESC, s.id DESC;

-- Marks a patient seen on the worklist.
-- name: NutritionSeenAdd :one
INSERT INTO nutrition_seen (branch_code, patient_id, reasons, note, seen_by)
VALUES (@branch_code, @patient_id, @reasons::text[], @note, @seen_by)
RETURNING patient_id, reasons, note, seen_by, seen_at;
