-- Menus (dishes), menu sets, cycle rounds and their contents, and the menu of a day
-- (pkg/menus). Records are read from the views of migration 00006 as their API document
-- (doc, camelCase JSON): the derived allergens, restricted ingredients and textures are
-- computed there, in one place. Every statement is scoped to one branch.
--
-- Lists take an optional ILIKE pattern and status (NULL: not applied), a sort key of the
-- screens (code when unknown) and the page; rows sorting equal keep the id order; the total
-- comes in the same round trip.

-- name: MenusSearch :many
SELECT d.doc, count(*) OVER () AS total
FROM menu_detail d
    CROSS JOIN LATERAL (SELECT
        CASE @sort_by::text
            WHEN 'nameTh' THEN d.name_th
            WHEN 'nameEn' THEN d.name_en
            WHEN 'cuisineTypeCode' THEN d.cuisine_type_code
            WHEN 'mealComponentCode' THEN d.meal_component_code
            WHEN 'iddsiType' THEN d.iddsi_type
            WHEN 'status' THEN CASE WHEN d.active THEN 'ACTIVE' ELSE 'INACTIVE' END
            WHEN 'price' THEN NULL
            WHEN 'iddsiLevel' THEN NULL
            WHEN 'updatedAt' THEN NULL
            ELSE d.code
        END AS text_key,
        CASE @sort_by::text WHEN 'price' THEN d.price WHEN 'iddsiLevel' THEN d.iddsi_level END AS num_key,
        CASE @sort_by::text WHEN 'updatedAt' THEN d.updated_at END AS time_key) k
WHERE d.branch_code = @branch
    AND (sqlc.narg(pattern)::text IS NULL OR concat_ws(' ', d.code, d.name_th, d.name_en) ILIKE sqlc.narg(pattern)::text)
    AND (sqlc.narg(active)::boolean IS NULL OR d.active = sqlc.narg(active)::boolean)
    AND (sqlc.narg(cuisine_type_id)::bigint IS NULL OR d.cuisine_type_id = sqlc.narg(cuisine_type_id)::bigint)
    AND (sqlc.narg(meal_component_id)::bigint IS NULL OR d.meal_component_id = sqlc.narg(meal_component_id)::bigint)
ORDER BY
    CASE WHEN NOT @sort_desc::boolean THEN k.text_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.text_key END DESC NULLS LAST,
    CASE WHEN NOT @sort_desc::boolean THEN k.num_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.num_key END DESC NULLS LAST,
    CASE WHEN NOT @sort_desc::boolean THEN k.time_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.time_key END DESC NULLS LAST,
    d.id
LIMIT @page_size OFFSET @page_offset;

-- name: MenusByID :one
SELECT doc FROM menu_detail WHERE branch_code = @branch AND id = @id;

-- Every dish of the branch, by code (the export).
-- name: MenusAll :many
SELECT doc FROM menu_detail WHERE branch_code = @branch ORDER BY code;

-- name: MenusInsert :one
INSERT INTO menu (branch_code, code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level,
    price, remark, active, created_by, updated_by)
VALUES (@branch, @code, @name_th, @name_en, @cuisine_type_id, @meal_component_id, @iddsi_type, @iddsi_level,
    @price::float8, @remark, @active, @by, @by)
RETURNING id;

-- name: MenusUpdate :execrows
UPDATE menu SET code = @code, name_th = @name_th, name_en = @name_en, cuisine_type_id = @cuisine_type_id,
    meal_component_id = @meal_component_id, iddsi_type = @iddsi_type, iddsi_level = @iddsi_level,
    price = @price::float8, remark = @remark, active = @active, updated_at = now(), updated_by = @by
WHERE branch_code = @branch AND id = @id;

-- The dish's lists are replaced: this removes them, MenusInsertLinks writes the new ones.
-- name: MenusDeleteLinks :exec
WITH a AS (DELETE FROM menu_allergen x WHERE x.branch_code = @branch AND x.menu_id = @menu_id),
    r AS (DELETE FROM menu_restricted x WHERE x.branch_code = @branch AND x.menu_id = @menu_id),
    g AS (DELETE FROM menu_meal_class x WHERE x.branch_code = @branch AND x.menu_id = @menu_id),
    d AS (DELETE FROM menu_diet_type x WHERE x.branch_code = @branch AND x.menu_id = @menu_id),
    n AS (DELETE FROM menu_nutrient x WHERE x.branch_code = @branch AND x.menu_id = @menu_id)
DELETE FROM menu_therapeutic x WHERE x.branch_code = @branch AND x.menu_id = @menu_id;

-- Writes the dish's lists, answering how many of each it wrote: an id of no row of the
-- branch (or an inactive ingredient) is not written, and the service refuses the save when
-- a count falls short. Ids come without repeats.
-- name: MenusInsertLinks :one
WITH a AS (INSERT INTO menu_allergen (branch_code, menu_id, allergen_id)
        SELECT t.branch_code, @menu_id, t.id FROM allergen t
        WHERE t.branch_code = @branch AND t.id = ANY(@allergen_ids::bigint[]) AND t.active RETURNING 1),
    r AS (INSERT INTO menu_restricted (branch_code, menu_id, restricted_id)
        SELECT t.branch_code, @menu_id, t.id FROM restricted_ingredient t
        WHERE t.branch_code = @branch AND t.id = ANY(@restricted_ids::bigint[]) AND t.active RETURNING 1),
    g AS (INSERT INTO menu_meal_class (branch_code, menu_id, meal_class_id)
        SELECT t.branch_code, @menu_id, t.id FROM meal_class t
        WHERE t.branch_code = @branch AND t.id = ANY(@meal_class_ids::bigint[]) RETURNING 1),
    d AS (INSERT INTO menu_diet_type (branch_code, menu_id, diet_type_id)
        SELECT t.branch_code, @menu_id, t.id FROM diet_type t
        WHERE t.branch_code = @branch AND t.id = ANY(@diet_type_ids::bigint[]) RETURNING 1),
    th AS (INSERT INTO menu_therapeutic (branch_code, menu_id, therapeutic_id)
        SELECT t.branch_code, @menu_id, t.id FROM therapeutic t
        WHERE t.branch_code = @branch AND t.id = ANY(@therapeutic_ids::bigint[]) RETURNING 1),
    n AS (INSERT INTO menu_nutrient (branch_code, menu_id, nutrient, amount, nutrient_unit_id)
        SELECT u.branch_code, @menu_id, i.nutrient, i.amount, u.id
        FROM ROWS FROM (unnest(@nutrients::text[]), unnest(@amounts::float8[]), unnest(@unit_ids::bigint[])) AS i(nutrient, amount, unit_id)
            JOIN nutrient_unit u ON u.branch_code = @branch AND u.id = i.unit_id RETURNING 1)
SELECT (SELECT count(*) FROM a)::int AS allergens, (SELECT count(*) FROM r)::int AS restricted,
    (SELECT count(*) FROM g)::int AS meal_classes, (SELECT count(*) FROM d)::int AS diet_types,
    (SELECT count(*) FROM th)::int AS therapeutics, (SELECT count(*) FROM n)::int AS nutrients;

-- name: MenusDelete :execrows
DELETE FROM menu WHERE branch_code = @branch AND id = @id;

-- The ids of the branch's rows by code, per master kind a dish or a round names (imports).
-- name: MenusCodes :many
SELECT 'cuisine'::text AS kind, code, id, active FROM cuisine_type WHERE cuisine_type.branch_code = @branch
UNION ALL SELECT 'component', code, id, active FROM meal_component WHERE meal_component.branch_code = @branch
UNION ALL SELECT 'allergen', code, id, active FROM allergen WHERE allergen.branch_code = @branch
UNION ALL SELECT 'restricted', code, id, active FROM restricted_ingredient WHERE restricted_ingredient.branch_code = @branch
UNION ALL SELECT 'mealClass', code, id, active FROM meal_class WHERE meal_class.branch_code = @branch
UNION ALL SELECT 'dietType', code, id, active FROM diet_type WHERE diet_type.branch_code = @branch
UNION ALL SELECT 'therapeutic', code, id, active FROM therapeutic WHERE therapeutic.branch_code = @branch
UNION ALL SELECT 'unit', unit, id, active FROM nutrient_unit WHERE nutrient_unit.branch_code = @branch
UNION ALL SELECT 'unitCode', code, id, active FROM nutrient_unit WHERE nutrient_unit.branch_code = @branch
UNION ALL SELECT 'mealTime', code, id, active FROM meal_time WHERE meal_time.branch_code = @branch
UNION ALL SELECT 'tray', code, id, active FROM tray_category WHERE tray_category.branch_code = @branch
UNION ALL SELECT 'menu', code, id, active FROM menu WHERE menu.branch_code = @branch
UNION ALL SELECT 'menuSet', code, id, active FROM menu_set WHERE menu_set.branch_code = @branch;

-- name: MenuSetsSearch :many
SELECT d.doc, count(*) OVER () AS total
FROM menu_set_detail d
    CROSS JOIN LATERAL (SELECT
        CASE @sort_by::text
            WHEN 'nameTh' THEN d.name_th
            WHEN 'nameEn' THEN d.name_en
            WHEN 'status' THEN CASE WHEN d.active THEN 'ACTIVE' ELSE 'INACTIVE' END
            WHEN 'price' THEN NULL
            WHEN 'updatedAt' THEN NULL
            ELSE d.code
        END AS text_key,
        CASE @sort_by::text WHEN 'price' THEN d.price END AS num_key,
        CASE @sort_by::text WHEN 'updatedAt' THEN d.updated_at END AS time_key) k
WHERE d.branch_code = @branch
    AND (sqlc.narg(pattern)::text IS NULL OR concat_ws(' ', d.code, d.name_th, d.name_en) ILIKE sqlc.narg(pattern)::text)
    AND (sqlc.narg(active)::boolean IS NULL OR d.active = sqlc.narg(active)::boolean)
    AND (sqlc.narg(diet_type_id)::bigint IS NULL OR d.diet_type_id = sqlc.narg(diet_type_id)::bigint)
    AND (sqlc.narg(therapeutic_id)::bigint IS NULL OR d.therapeutic_id = sqlc.narg(therapeutic_id)::bigint)
ORDER BY
    CASE WHEN NOT @sort_desc::boolean THEN k.text_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.text_key END DESC NULLS LAST,
    CASE WHEN NOT @sort_desc::boolean THEN k.num_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.num_key END DESC NULLS LAST,
    CASE WHEN NOT @sort_desc::boolean THEN k.time_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.time_key END DESC NULLS LAST,
    d.id
LIMIT @page_size OFFSET @page_offset;

-- name: MenuSetsByID :one
SELECT doc FROM menu_set_detail WHERE branch_code = @branch AND id = @id;

-- name: MenuSetsInsert :one
INSERT INTO menu_set (branch_code, code, name_th, name_en, tray_category_id, diet_type_id, therapeutic_id, price,
    remark, active, created_by, updated_by)
VALUES (@branch, @code, @name_th, @name_en, sqlc.narg(tray_category_id), sqlc.narg(diet_type_id),
    sqlc.narg(therapeutic_id), @price::float8, @remark, @active, @by, @by)
RETURNING id;

-- name: MenuSetsUpdate :execrows
UPDATE menu_set SET code = @code, name_th = @name_th, name_en = @name_en, tray_category_id = sqlc.narg(tray_category_id),
    diet_type_id = sqlc.narg(diet_type_id), therapeutic_id = sqlc.narg(therapeutic_id), price = @price::float8,
    remark = @remark, active = @active, updated_at = now(), updated_by = @by
WHERE branch_code = @branch AND id = @id;

-- name: MenuSetsDeleteItems :exec
DELETE FROM menu_set_item WHERE branch_code = @branch AND menu_set_id = @menu_set_id;

-- Writes the set's dishes in the order given, answering how many were written: an id of no
-- dish of the branch is not. Ids come without repeats.
-- name: MenuSetsInsertItems :one
WITH i AS (INSERT INTO menu_set_item (branch_code, menu_set_id, menu_id, position)
    SELECT m.branch_code, @menu_set_id, m.id, x.position::int
    FROM unnest(@menu_ids::bigint[]) WITH ORDINALITY AS x(menu_id, position)
        JOIN menu m ON m.branch_code = @branch AND m.id = x.menu_id
    RETURNING 1)
SELECT count(*)::int FROM i;

-- name: MenuSetsDelete :execrows
DELETE FROM menu_set WHERE branch_code = @branch AND id = @id;

-- name: CyclesSearch :many
SELECT sqlc.embed(c), (SELECT count(*) FROM cycle_menu cm WHERE cm.branch_code = c.branch_code AND cm.cycle_id = c.id) AS items,
    count(*) OVER () AS total
FROM cycle c
    CROSS JOIN LATERAL (SELECT
        CASE @sort_by::text
            WHEN 'code' THEN c.code
            WHEN 'nameTh' THEN c.name_th
            WHEN 'nameEn' THEN c.name_en
            WHEN 'roundType' THEN c.round_type
            WHEN 'status' THEN CASE WHEN c.active THEN 'ACTIVE' ELSE 'INACTIVE' END
        END AS text_key,
        CASE @sort_by::text WHEN 'dayCount' THEN c.day_count END AS num_key,
        CASE @sort_by::text
            WHEN 'code' THEN NULL WHEN 'nameTh' THEN NULL WHEN 'nameEn' THEN NULL WHEN 'roundType' THEN NULL
            WHEN 'status' THEN NULL WHEN 'dayCount' THEN NULL WHEN 'updatedAt' THEN NULL
            WHEN 'endDate' THEN coalesce(c.end_date, 'infinity'::date)
            ELSE c.start_date
        END AS date_key,
        CASE @sort_by::text WHEN 'updatedAt' THEN c.updated_at END AS time_key) k
WHERE c.branch_code = @branch
    AND (sqlc.narg(pattern)::text IS NULL OR concat_ws(' ', c.code, c.name_th, c.name_en) ILIKE sqlc.narg(pattern)::text)
    AND (sqlc.narg(active)::boolean IS NULL OR c.active = sqlc.narg(active)::boolean)
ORDER BY
    CASE WHEN NOT @sort_desc::boolean THEN k.text_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.text_key END DESC NULLS LAST,
    CASE WHEN NOT @sort_desc::boolean THEN k.num_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.num_key END DESC NULLS LAST,
    CASE WHEN NOT @sort_desc::boolean THEN k.date_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.date_key END DESC NULLS LAST,
    CASE WHEN NOT @sort_desc::boolean THEN k.time_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.time_key END DESC NULLS LAST,
    c.id
LIMIT @page_size OFFSET @page_offset;

-- name: CyclesByID :one
SELECT sqlc.embed(c), (SELECT count(*) FROM cycle_menu cm WHERE cm.branch_code = c.branch_code AND cm.cycle_id = c.id) AS items
FROM cycle c WHERE c.branch_code = @branch AND c.id = @id;

-- name: CyclesInsert :one
INSERT INTO cycle (branch_code, code, name_th, name_en, round_type, day_count, start_date, end_date, remark, active,
    created_by, updated_by)
VALUES (@branch, @code, @name_th, @name_en, @round_type, @day_count, @start_date, sqlc.narg(end_date), @remark, @active,
    @by, @by)
RETURNING id;

-- name: CyclesUpdate :execrows
UPDATE cycle SET code = @code, name_th = @name_th, name_en = @name_en, round_type = @round_type, day_count = @day_count,
    start_date = @start_date, end_date = sqlc.narg(end_date), remark = @remark, active = @active, updated_at = now(),
    updated_by = @by
WHERE branch_code = @branch AND id = @id;

-- name: CyclesDelete :execrows
DELETE FROM cycle WHERE branch_code = @branch AND id = @id;

-- The active rounds of the branch, other than id, whose dates overlap [start, end] (end
-- NULL: open): who an overlap refusal names.
-- name: CyclesOverlapping :many
SELECT sqlc.embed(c), (SELECT count(*) FROM cycle_menu cm WHERE cm.branch_code = c.branch_code AND cm.cycle_id = c.id) AS items
FROM cycle c
WHERE c.branch_code = @branch AND c.active AND c.id <> @id
    AND daterange(c.start_date, c.end_date, '[]') && daterange(@start_date::date, sqlc.narg(end_date)::date, '[]')
ORDER BY c.start_date;

-- Contents: optional filters by round and by the codes of the kitchen (the content's, else
-- the dish's), diet type, therapeutic food and meal component (the dish's, or one of the
-- set's dishes'); ordered by round, day, meal type, then dish or set code.
-- name: CycleMenusSearch :many
SELECT d.doc, count(*) OVER () AS total
FROM cycle_menu_detail d
WHERE d.branch_code = @branch
    AND (sqlc.narg(cycle_id)::bigint IS NULL OR d.cycle_id = sqlc.narg(cycle_id)::bigint)
    AND (sqlc.narg(cuisine_code)::text IS NULL OR d.cuisine_type_code = sqlc.narg(cuisine_code)::text)
    AND (sqlc.narg(diet_type_code)::text IS NULL OR d.diet_type_code = sqlc.narg(diet_type_code)::text)
    AND (sqlc.narg(therapeutic_code)::text IS NULL OR d.therapeutic_code = sqlc.narg(therapeutic_code)::text)
    AND (sqlc.narg(meal_component_code)::text IS NULL OR EXISTS (
        SELECT 1 FROM menu m JOIN meal_component mc ON mc.branch_code = m.branch_code AND mc.id = m.meal_component_id
        WHERE m.branch_code = d.branch_code AND mc.code = sqlc.narg(meal_component_code)::text
            AND (m.id = d.menu_id OR m.id IN (SELECT i.menu_id FROM menu_set_item i
                WHERE i.branch_code = d.branch_code AND i.menu_set_id = d.menu_set_id))))
ORDER BY d.cycle_id, d.day_no, d.meal_time_code, d.item_code, d.id
LIMIT @page_size OFFSET @page_offset;

-- name: CycleMenusByID :one
SELECT doc FROM cycle_menu_detail WHERE branch_code = @branch AND id = @id;

-- Every content of a round (the export).
-- name: CycleMenusOfCycle :many
SELECT doc FROM cycle_menu_detail WHERE branch_code = @branch AND cycle_id = @cycle_id
ORDER BY day_no, meal_time_code, item_code, id;

-- A content takes its round's day count from the round (the check of its day).
-- name: CycleMenusInsert :one
INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id, menu_set_id,
    tray_category_id, diet_type_id, therapeutic_id, cuisine_type_id, created_by, updated_by)
SELECT c.branch_code, c.id, c.day_count, @day_no, @meal_time_id, sqlc.narg(menu_id), sqlc.narg(menu_set_id),
    sqlc.narg(tray_category_id), sqlc.narg(diet_type_id), sqlc.narg(therapeutic_id), sqlc.narg(cuisine_type_id), @by, @by
FROM cycle c WHERE c.branch_code = @branch AND c.id = @cycle_id
RETURNING id;

-- name: CycleMenusUpdate :execrows
UPDATE cycle_menu cm SET cycle_id = c.id, cycle_day_count = c.day_count, day_no = @day_no, meal_time_id = @meal_time_id,
    menu_id = sqlc.narg(menu_id), menu_set_id = sqlc.narg(menu_set_id), tray_category_id = sqlc.narg(tray_category_id),
    diet_type_id = sqlc.narg(diet_type_id), therapeutic_id = sqlc.narg(therapeutic_id),
    cuisine_type_id = sqlc.narg(cuisine_type_id), updated_at = now(), updated_by = @by
FROM cycle c
WHERE cm.branch_code = @branch AND cm.id = @id AND c.branch_code = @branch AND c.id = @cycle_id;

-- name: CycleMenusDelete :execrows
DELETE FROM cycle_menu WHERE branch_code = @branch AND id = @id;

-- The menu of a branch for a date and meal type, in one round trip: the active round
-- covering the date (at most one: active rounds do not overlap), the day of it (LOOP: days
-- since the start modulo the day count, from 1; WEEKDAY: the ISO weekday, Monday 1), and
-- that day's active dishes and sets for the meal type as their documents (derived
-- allergens, restricted ingredients, textures). No row: no round covers the date; one row
-- with neither dish nor set: the round has nothing for that meal. The statement is the
-- function menus_of_day of migration 00007, whose plan the session keeps (planning the
-- views at every call was most of the resolver's time).
-- name: MenusOfDay :many
SELECT doc::jsonb FROM menus_of_day(@branch::text, @meal_time_id::bigint, @on_date::date) AS doc;

-- Whether the branch has the meal type, active or not: asked only when the menu of a day
-- has no item, which is also what a meal type the branch does not have gives.
-- name: MenusMealTimeExists :one
SELECT EXISTS (SELECT 1 FROM meal_time WHERE branch_code = @branch AND id = @id);

-- ---- imports (pkg/menus/import.go): set-based, a few statements whatever the row count ----

-- Adds the file's new dishes and updates its stored ones (by code), answering their ids.
-- name: MenusImportUpsert :many
INSERT INTO menu AS m (branch_code, code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level,
    price, remark, active, created_by, updated_by)
SELECT @branch::text, i.code, i.name_th, i.name_en, i.cuisine_type_id, i.meal_component_id, i.iddsi_type, i.iddsi_level,
    i.price, i.remark, i.active, @by::text, @by::text
FROM ROWS FROM (unnest(@codes::text[]), unnest(@names_th::text[]), unnest(@names_en::text[]),
    unnest(@cuisine_type_ids::bigint[]), unnest(@meal_component_ids::bigint[]), unnest(@iddsi_types::text[]),
    unnest(@iddsi_levels::int2[]), unnest(@prices::float8[]), unnest(@remarks::text[]), unnest(@actives::boolean[]))
    AS i(code, name_th, name_en, cuisine_type_id, meal_component_id, iddsi_type, iddsi_level, price, remark, active)
ON CONFLICT (branch_code, code) DO UPDATE SET name_th = excluded.name_th, name_en = excluded.name_en,
    cuisine_type_id = excluded.cuisine_type_id, meal_component_id = excluded.meal_component_id,
    iddsi_type = excluded.iddsi_type, iddsi_level = excluded.iddsi_level, price = excluded.price,
    remark = excluded.remark, active = excluded.active, updated_at = now(), updated_by = excluded.updated_by
RETURNING m.id, m.code;

-- The lists of the dishes named are replaced: this removes them, MenusImportInsertLinks
-- writes the new ones (two statements: one statement cannot delete and insert the same key).
-- name: MenusImportDeleteLinks :exec
WITH a AS (DELETE FROM menu_allergen x WHERE x.branch_code = @branch AND x.menu_id = ANY(@menu_ids::bigint[])),
    r AS (DELETE FROM menu_restricted x WHERE x.branch_code = @branch AND x.menu_id = ANY(@menu_ids::bigint[])),
    g AS (DELETE FROM menu_meal_class x WHERE x.branch_code = @branch AND x.menu_id = ANY(@menu_ids::bigint[])),
    d AS (DELETE FROM menu_diet_type x WHERE x.branch_code = @branch AND x.menu_id = ANY(@menu_ids::bigint[])),
    n AS (DELETE FROM menu_nutrient x WHERE x.branch_code = @branch AND x.menu_id = ANY(@menu_ids::bigint[]))
DELETE FROM menu_therapeutic x WHERE x.branch_code = @branch AND x.menu_id = ANY(@menu_ids::bigint[]);

-- Writes the lists as (dish id, row id) pairs; the ids were resolved from the branch's codes
-- in the same transaction (the foreign keys check them again).
-- name: MenusImportInsertLinks :exec
WITH a AS (INSERT INTO menu_allergen (branch_code, menu_id, allergen_id)
        SELECT @branch, x.menu_id, x.id FROM ROWS FROM (unnest(@allergen_menu_ids::bigint[]), unnest(@allergen_ids::bigint[])) AS x(menu_id, id)),
    r AS (INSERT INTO menu_restricted (branch_code, menu_id, restricted_id)
        SELECT @branch, x.menu_id, x.id FROM ROWS FROM (unnest(@restricted_menu_ids::bigint[]), unnest(@restricted_ids::bigint[])) AS x(menu_id, id)),
    g AS (INSERT INTO menu_meal_class (branch_code, menu_id, meal_class_id)
        SELECT @branch, x.menu_id, x.id FROM ROWS FROM (unnest(@meal_class_menu_ids::bigint[]), unnest(@meal_class_ids::bigint[])) AS x(menu_id, id)),
    d AS (INSERT INTO menu_diet_type (branch_code, menu_id, diet_type_id)
        SELECT @branch, x.menu_id, x.id FROM ROWS FROM (unnest(@diet_type_menu_ids::bigint[]), unnest(@diet_type_ids::bigint[])) AS x(menu_id, id)),
    t AS (INSERT INTO menu_therapeutic (branch_code, menu_id, therapeutic_id)
        SELECT @branch, x.menu_id, x.id FROM ROWS FROM (unnest(@therapeutic_menu_ids::bigint[]), unnest(@therapeutic_ids::bigint[])) AS x(menu_id, id))
INSERT INTO menu_nutrient (branch_code, menu_id, nutrient, amount, nutrient_unit_id)
SELECT @branch, x.menu_id, x.nutrient, x.amount, x.unit_id
FROM ROWS FROM (unnest(@nutrient_menu_ids::bigint[]), unnest(@nutrients::text[]), unnest(@amounts::float8[]),
    unnest(@unit_ids::bigint[])) AS x(menu_id, nutrient, amount, unit_id);

-- name: MenusByIDs :many
SELECT doc FROM menu_detail WHERE branch_code = @branch AND id = ANY(@ids::bigint[]);

-- The stored dishes a workbook names, by code (what the import compares its rows with).
-- name: MenusByCodes :many
SELECT doc FROM menu_detail WHERE branch_code = @branch AND code = ANY(@codes::text[]);

-- The branch's rounds by code, for the contents import (its round column names one by
-- code or name; its day is checked against the day count).
-- name: CyclesAllBrief :many
SELECT id, code, name_th, name_en, day_count FROM cycle WHERE branch_code = @branch ORDER BY code;

-- Every content of the branch (the export, and what the import compares with), ordered by
-- round code, day, meal type, then dish or set code.
-- name: CycleMenusAll :many
SELECT d.doc FROM cycle_menu_detail d JOIN cycle c ON c.branch_code = d.branch_code AND c.id = d.cycle_id
WHERE d.branch_code = @branch
ORDER BY c.code, d.day_no, d.meal_time_code, d.item_code, d.id;

-- Adds contents; each takes its round's day count (the check of its day).
-- name: CycleMenusImportInsert :many
INSERT INTO cycle_menu (branch_code, cycle_id, cycle_day_count, day_no, meal_time_id, menu_id, menu_set_id,
    tray_category_id, diet_type_id, therapeutic_id, cuisine_type_id, created_by, updated_by)
SELECT c.branch_code, c.id, c.day_count, i.day_no, i.meal_time_id, nullif(i.menu_id, 0), nullif(i.menu_set_id, 0),
    nullif(i.tray_category_id, 0), nullif(i.diet_type_id, 0), nullif(i.therapeutic_id, 0), nullif(i.cuisine_type_id, 0),
    @by::text, @by::text
FROM ROWS FROM (unnest(@cycle_ids::bigint[]), unnest(@day_nos::int[]), unnest(@meal_time_ids::bigint[]),
    unnest(@menu_ids::bigint[]), unnest(@menu_set_ids::bigint[]), unnest(@tray_category_ids::bigint[]),
    unnest(@diet_type_ids::bigint[]), unnest(@therapeutic_ids::bigint[]), unnest(@cuisine_type_ids::bigint[]))
    AS i(cycle_id, day_no, meal_time_id, menu_id, menu_set_id, tray_category_id, diet_type_id, therapeutic_id, cuisine_type_id)
    JOIN cycle c ON c.branch_code = @branch::text AND c.id = i.cycle_id
RETURNING id;

-- Updates what a stored content is cooked for (0: none).
-- name: CycleMenusImportUpdate :exec
UPDATE cycle_menu cm SET tray_category_id = nullif(i.tray_category_id, 0), diet_type_id = nullif(i.diet_type_id, 0),
    therapeutic_id = nullif(i.therapeutic_id, 0), cuisine_type_id = nullif(i.cuisine_type_id, 0),
    updated_at = now(), updated_by = @by::text
FROM ROWS FROM (unnest(@ids::bigint[]), unnest(@tray_category_ids::bigint[]), unnest(@diet_type_ids::bigint[]),
    unnest(@therapeutic_ids::bigint[]), unnest(@cuisine_type_ids::bigint[]))
    AS i(id, tray_category_id, diet_type_id, therapeutic_id, cuisine_type_id)
WHERE cm.branch_code = @branch::text AND cm.id = i.id;

-- name: CycleMenusByIDs :many
SELECT doc FROM cycle_menu_detail WHERE branch_code = @branch AND id = ANY(@ids::bigint[]);

-- The menus of several (date, meal type) pairs of a branch in one round trip (pkg/orders: a
-- submit orders several dates and meal types): the rows of menus_of_day for each pair, in
-- the pairs' order, each row naming its pair (doc is NULL for a pair no round covers).
-- name: MenusOfDays :many
SELECT k.on_date::date AS on_date, k.meal_time_id::bigint AS meal_time_id, d.doc::jsonb AS doc
FROM ROWS FROM (unnest(@on_dates::date[]), unnest(@meal_time_ids::bigint[])) WITH ORDINALITY AS k(on_date, meal_time_id, ord)
    LEFT JOIN LATERAL menus_of_day(@branch::text, k.meal_time_id, k.on_date) WITH ORDINALITY AS d(doc, n) ON true
ORDER BY k.ord, d.n;
