-- +goose Up
-- Nutrition (issue 27 §1–2, docs/nutrition.md): the Nutritionist's targets per diet type and
-- therapeutic food (master data, kind NutrientTarget of pkg/params), a patient's weight and own
-- targets (pkg/nutrition), and what a tray gives: the order's nutrients in order_detail.

-- The nutrients a dish states (menu_nutrient) are in a nutrient unit of the branch, whose unit
-- is free text. A day adds trays, so every amount is brought to its nutrient's base unit:
-- energy in kcal, sodium in mg, the others in g. A unit it does not know answers NULL: the
-- amount is left out rather than added in the wrong unit.
CREATE FUNCTION nutrient_base(p_nutrient text, p_amount numeric, p_unit text) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    -- in floating point: a branch's day adds some 25,000 amounts, and numeric arithmetic at
    -- the scale of 1/4.184 cost more than the rest of the query; sums are rounded to a tenth
    SELECT p_amount::float8 * CASE WHEN p_nutrient = 'energy' THEN
            CASE lower(btrim(p_unit)) WHEN 'kcal' THEN 1.0 WHEN 'kj' THEN 1 / 4.184 END
        ELSE CASE lower(btrim(p_unit)) WHEN 'g' THEN 1.0 WHEN 'mg' THEN 0.001 WHEN 'mcg' THEN 0.000001
                WHEN 'µg' THEN 0.000001 WHEN 'ug' THEN 0.000001 END
            * CASE WHEN p_nutrient = 'sodium' THEN 1000 ELSE 1 END
        END::float8
$$;

-- What one serving of a dish gives, per nutrient, in base units: the one definition of a
-- dish's amounts that trays and days add up.
CREATE VIEW dish_nutrient AS
SELECT n.branch_code, n.menu_id, n.nutrient, nutrient_base(n.nutrient, n.amount, u.unit) AS amount
FROM menu_nutrient n JOIN nutrient_unit u ON u.branch_code = n.branch_code AND u.id = n.nutrient_unit_id;

-- What an order's items give: each item's dish, or a set's dishes, one row per dish and
-- nutrient (an amount in a unit Samrap does not know left out). The order's nutrients (the
-- view order_detail) and a day's (pkg/nutrition) are its sums: one join a planner can run for
-- one order by key or for a branch's day at once (a function called per item cost 0.1 ms an
-- order, 350 ms for a branch's day).
CREATE VIEW order_item_nutrient AS
SELECT i.branch_code, i.order_id, d.nutrient, d.amount
FROM meal_order_item i
    LEFT JOIN menu_set_item si ON i.menu_set_id IS NOT NULL AND si.branch_code = i.branch_code AND si.menu_set_id = i.menu_set_id
    JOIN dish_nutrient d ON d.branch_code = i.branch_code AND d.menu_id = coalesce(i.menu_id, si.menu_id)
WHERE d.amount IS NOT NULL;

-- A target (master data, kind NutrientTarget): for one diet type or one therapeutic food, the
-- range of one nutrient a day should give (daily_min, daily_max) and, where it matters, one
-- meal (meal_min, meal_max), in the nutrient's base unit. Guidance, never a block.
CREATE TABLE nutrient_target (
    branch_code    text NOT NULL REFERENCES branch (code),
    id             bigint GENERATED ALWAYS AS IDENTITY,
    code           text NOT NULL CHECK (code ~ '^\S{1,30}$'),
    name_th        text NOT NULL DEFAULT '',
    name_en        text NOT NULL DEFAULT '' CHECK (length(name_en) <= 200),
    active         boolean NOT NULL DEFAULT true,
    created_at     timestamptz NOT NULL DEFAULT now(),
    created_by     text NOT NULL DEFAULT '',
    updated_at     timestamptz NOT NULL DEFAULT now(),
    updated_by     text NOT NULL DEFAULT '',
    diet_type_id   bigint,
    therapeutic_id bigint,
    nutrient       text NOT NULL CHECK (nutrient IN ('energy', 'protein', 'fat', 'carbohydrate', 'sodium', 'sugar', 'fiber')),
    daily_min      double precision CHECK (daily_min >= 0),
    daily_max      double precision CHECK (daily_max >= 0),
    meal_min       double precision CHECK (meal_min >= 0),
    meal_max       double precision CHECK (meal_max >= 0),
    PRIMARY KEY (branch_code, id),
    CONSTRAINT nutrient_target_code_key UNIQUE (branch_code, code),
    CONSTRAINT nutrient_target_for_one CHECK (num_nonnulls(diet_type_id, therapeutic_id) = 1),
    CONSTRAINT nutrient_target_bounded CHECK (num_nonnulls(daily_min, daily_max, meal_min, meal_max) > 0),
    CONSTRAINT nutrient_target_daily_order CHECK (daily_min <= daily_max),
    CONSTRAINT nutrient_target_meal_order CHECK (meal_min <= meal_max),
    -- one range per nutrient of a diet type or a therapeutic food
    CONSTRAINT nutrient_target_key UNIQUE NULLS NOT DISTINCT (branch_code, diet_type_id, therapeutic_id, nutrient),
    CONSTRAINT nutrient_target_diet_type_fkey FOREIGN KEY (branch_code, diet_type_id) REFERENCES diet_type (branch_code, id),
    CONSTRAINT nutrient_target_therapeutic_fkey FOREIGN KEY (branch_code, therapeutic_id) REFERENCES therapeutic (branch_code, id)
);
CREATE INDEX nutrient_target_diet_type ON nutrient_target (branch_code, diet_type_id) WHERE diet_type_id IS NOT NULL;
CREATE INDEX nutrient_target_therapeutic ON nutrient_target (branch_code, therapeutic_id) WHERE therapeutic_id IS NOT NULL;

-- A patient's nutrition record, kept by the Nutritionist: the weight (kg), which energy and
-- protein targets per kilogram need, and the patient's own targets, each replacing the diet's
-- range of its nutrient. basis KG: the bounds are per kilogram of weight per day.
CREATE TABLE patient_nutrition (
    branch_code text NOT NULL,
    patient_id  bigint NOT NULL,
    weight_kg   double precision CHECK (weight_kg > 0 AND weight_kg <= 400),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    updated_by  text NOT NULL DEFAULT '',
    PRIMARY KEY (branch_code, patient_id),
    CONSTRAINT patient_nutrition_patient_fkey FOREIGN KEY (branch_code, patient_id)
        REFERENCES patient (branch_code, id) ON DELETE CASCADE
);

CREATE TABLE patient_nutrient_target (
    branch_code text NOT NULL,
    patient_id  bigint NOT NULL,
    nutrient    text NOT NULL CHECK (nutrient IN ('energy', 'protein', 'fat', 'carbohydrate', 'sodium', 'sugar', 'fiber')),
    basis       text NOT NULL DEFAULT 'DAY' CHECK (basis IN ('DAY', 'KG')),
    daily_min   double precision CHECK (daily_min >= 0),
    daily_max   double precision CHECK (daily_max >= 0),
    meal_min    double precision CHECK (meal_min >= 0),
    meal_max    double precision CHECK (meal_max >= 0),
    PRIMARY KEY (branch_code, patient_id, nutrient),
    CONSTRAINT patient_nutrient_target_bounded CHECK (num_nonnulls(daily_min, daily_max, meal_min, meal_max) > 0),
    CONSTRAINT patient_nutrient_target_daily_order CHECK (daily_min <= daily_max),
    CONSTRAINT patient_nutrient_target_meal_order CHECK (meal_min <= meal_max),
    -- per kilogram: energy and protein, a day's range only
    CONSTRAINT patient_nutrient_target_per_kg CHECK (basis = 'DAY'
        OR (nutrient IN ('energy', 'protein') AND meal_min IS NULL AND meal_max IS NULL)),
    CONSTRAINT patient_nutrient_target_nutrition_fkey FOREIGN KEY (branch_code, patient_id)
        REFERENCES patient_nutrition (branch_code, patient_id) ON DELETE CASCADE
);

-- The order's nutrients, appended to the view (the view of 00021 with one more column).
CREATE OR REPLACE VIEW order_detail AS
SELECT o.branch_code, o.id, o.patient_id, p.hn_id, o.caregiver, o.caregiver_info, o.order_date, o.meal_time_id,
    t.code AS meal_time_code, t.name_th AS meal_time_name_th, t.name_en AS meal_time_name_en,
    to_char(t.start_time, 'HH24:MI') AS meal_time_start, to_char(t.end_time, 'HH24:MI') AS meal_time_end,
    t.start_time AS meal_start_time,
    t.abbreviation AS meal_time_abbreviation, t.meal_color AS meal_time_color, t.text_color AS meal_time_text_color,
    o.order_type, o.status, o.food_scope, o.course_type, o.diet_type_id, o.therapeutic_id, o.cuisine_type_id,
    o.description, o.remark, o.charge, o.dysphagia_food_type,
    o.unmapped_allergies_checked, o.free_text_rules,
    ARRAY(SELECT x.other_item_id FROM meal_order_other x WHERE x.order_id = o.id ORDER BY 1)::bigint[] AS other_ids,
    ARRAY(SELECT x.remark_id FROM meal_order_remark x WHERE x.order_id = o.id ORDER BY 1)::bigint[] AS remark_ids,
    o.needs_review, o.review_reasons, o.ordered_by, o.ordered_at, o.cancelled_by, o.cancelled_at, o.cancel_reason,
    o.cancel_remark, o.reviewed_by, o.reviewed_at, o.version,
    -- moved since the card was printed (migration 00019): a served tray is past moving
    o.moved AND o.status <> 'SERVED' AS moved, o.printed_at,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM ward x WHERE x.branch_code = o.branch_code AND x.id = o.printed_ward_id) AS printed_ward,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM room x WHERE x.branch_code = o.branch_code AND x.id = o.printed_room_id) AS printed_room,
    p.card_language, p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en, p.special_request,
    -- the patient's own facts, none for a caregiver's order
    CASE WHEN o.caregiver THEN '{}' ELSE coalesce(p.unmapped_allergies, '{}') END::text[] AS unmapped_allergies,
    CASE WHEN NOT o.caregiver THEN p.texture_food END AS texture_food,
    CASE WHEN NOT o.caregiver THEN p.texture_drink END AS texture_drink,
    (SELECT x.code FROM ward x WHERE x.branch_code = p.branch_code AND x.id = p.ward_id) AS ward_code,
    (SELECT x.code FROM room x WHERE x.branch_code = p.branch_code AND x.id = p.room_id) AS room_code,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en,
        'wardTypeId', x.ward_type_id) FROM ward x WHERE x.branch_code = p.branch_code AND x.id = p.ward_id) AS ward,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM room x WHERE x.branch_code = p.branch_code AND x.id = p.room_id) AS room,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM diet_type x WHERE x.branch_code = o.branch_code AND x.id = o.diet_type_id) AS diet,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM therapeutic x WHERE x.branch_code = o.branch_code AND x.id = o.therapeutic_id) AS therapeutic,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM cuisine_type x WHERE x.branch_code = o.branch_code AND x.id = o.cuisine_type_id) AS cuisine,
    coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th,
            'nameEn', x.name_en) ORDER BY x.code)
        FROM allergen x WHERE x.branch_code = o.branch_code AND x.id IN (
            SELECT l.allergen_id FROM patient_allergen l WHERE NOT o.caregiver AND l.branch_code = p.branch_code AND l.patient_id = p.id
            UNION ALL SELECT e::bigint FROM jsonb_array_elements_text(CASE WHEN o.caregiver
                THEN coalesce(o.caregiver_info -> 'allergenIds', '[]') ELSE '[]' END) e)), '[]')::jsonb AS allergens,
    coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th,
            'nameEn', x.name_en) ORDER BY x.code)
        FROM restricted_ingredient x WHERE x.branch_code = o.branch_code AND x.id IN (
            SELECT l.restricted_id FROM patient_restricted l WHERE NOT o.caregiver AND l.branch_code = p.branch_code AND l.patient_id = p.id
            UNION ALL SELECT e::bigint FROM jsonb_array_elements_text(CASE WHEN o.caregiver
                THEN coalesce(o.caregiver_info -> 'restrictedIds', '[]') ELSE '[]' END) e)), '[]')::jsonb AS restricted,
    coalesce((SELECT jsonb_agg(jsonb_build_object('position', i.position, 'menuId', i.menu_id,
            'menuSetId', i.menu_set_id, 'code', coalesce(m.code, s.code), 'nameTh', coalesce(m.name_th, s.name_th),
            'nameEn', coalesce(m.name_en, s.name_en), 'alternativeNote', i.alternative_note, 'conflicts', i.conflicts,
            -- the dish itself, or the set's dishes in the set's order: two lookups by key (an OR
            -- of the two read every dish of the branch for every item)
            'dishes', (SELECT jsonb_agg(jsonb_build_object('id', d.id, 'code', d.code, 'nameTh', d.name_th, 'nameEn', d.name_en,
                    'iddsiType', d.iddsi_type, 'iddsiLevel', d.iddsi_level,
                    'cuisine', jsonb_build_object('id', c.id, 'code', c.code, 'nameTh', c.name_th, 'nameEn', c.name_en))
                    ORDER BY x.position, d.code)
                FROM (SELECT i.menu_id AS menu_id, NULL::int AS position WHERE i.menu_id IS NOT NULL
                    UNION ALL SELECT si.menu_id, si.position FROM menu_set_item si
                        WHERE si.branch_code = i.branch_code AND si.menu_set_id = i.menu_set_id) x
                    JOIN menu d ON d.branch_code = i.branch_code AND d.id = x.menu_id
                    JOIN cuisine_type c ON c.branch_code = d.branch_code AND c.id = d.cuisine_type_id))
            ORDER BY i.position)
        FROM meal_order_item i
            LEFT JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
            LEFT JOIN menu_set s ON s.branch_code = i.branch_code AND s.id = i.menu_set_id
        WHERE i.order_id = o.id), '[]')::jsonb AS items,
    -- what the tray gives (migration 00025): its dishes' nutrients per serving, a set as its
    -- dishes, in base units (order_item_nutrient), summed per nutrient; {} when no dish states any
    coalesce((SELECT jsonb_object_agg(n.nutrient, n.amount) FROM (
            SELECT x.nutrient, round(sum(x.amount)::numeric, 1) AS amount FROM order_item_nutrient x
            WHERE x.order_id = o.id GROUP BY x.nutrient) n), '{}')::jsonb AS nutrients
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id;


-- +goose Down
DROP TABLE patient_nutrient_target, patient_nutrition, nutrient_target;
DROP FUNCTION order_details(text, uuid[]);
DROP VIEW order_detail;
CREATE VIEW order_detail AS
SELECT o.branch_code, o.id, o.patient_id, p.hn_id, o.caregiver, o.caregiver_info, o.order_date, o.meal_time_id,
    t.code AS meal_time_code, t.name_th AS meal_time_name_th, t.name_en AS meal_time_name_en,
    to_char(t.start_time, 'HH24:MI') AS meal_time_start, to_char(t.end_time, 'HH24:MI') AS meal_time_end,
    t.start_time AS meal_start_time,
    t.abbreviation AS meal_time_abbreviation, t.meal_color AS meal_time_color, t.text_color AS meal_time_text_color,
    o.order_type, o.status, o.food_scope, o.course_type, o.diet_type_id, o.therapeutic_id, o.cuisine_type_id,
    o.description, o.remark, o.charge, o.dysphagia_food_type,
    o.unmapped_allergies_checked, o.free_text_rules,
    ARRAY(SELECT x.other_item_id FROM meal_order_other x WHERE x.order_id = o.id ORDER BY 1)::bigint[] AS other_ids,
    ARRAY(SELECT x.remark_id FROM meal_order_remark x WHERE x.order_id = o.id ORDER BY 1)::bigint[] AS remark_ids,
    o.needs_review, o.review_reasons, o.ordered_by, o.ordered_at, o.cancelled_by, o.cancelled_at, o.cancel_reason,
    o.cancel_remark, o.reviewed_by, o.reviewed_at, o.version,
    -- moved since the card was printed (migration 00019): a served tray is past moving
    o.moved AND o.status <> 'SERVED' AS moved, o.printed_at,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM ward x WHERE x.branch_code = o.branch_code AND x.id = o.printed_ward_id) AS printed_ward,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM room x WHERE x.branch_code = o.branch_code AND x.id = o.printed_room_id) AS printed_room,
    p.card_language, p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en, p.special_request,
    -- the patient's own facts, none for a caregiver's order
    CASE WHEN o.caregiver THEN '{}' ELSE coalesce(p.unmapped_allergies, '{}') END::text[] AS unmapped_allergies,
    CASE WHEN NOT o.caregiver THEN p.texture_food END AS texture_food,
    CASE WHEN NOT o.caregiver THEN p.texture_drink END AS texture_drink,
    (SELECT x.code FROM ward x WHERE x.branch_code = p.branch_code AND x.id = p.ward_id) AS ward_code,
    (SELECT x.code FROM room x WHERE x.branch_code = p.branch_code AND x.id = p.room_id) AS room_code,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en,
        'wardTypeId', x.ward_type_id) FROM ward x WHERE x.branch_code = p.branch_code AND x.id = p.ward_id) AS ward,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM room x WHERE x.branch_code = p.branch_code AND x.id = p.room_id) AS room,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM diet_type x WHERE x.branch_code = o.branch_code AND x.id = o.diet_type_id) AS diet,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM therapeutic x WHERE x.branch_code = o.branch_code AND x.id = o.therapeutic_id) AS therapeutic,
    (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM cuisine_type x WHERE x.branch_code = o.branch_code AND x.id = o.cuisine_type_id) AS cuisine,
    coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th,
            'nameEn', x.name_en) ORDER BY x.code)
        FROM allergen x WHERE x.branch_code = o.branch_code AND x.id IN (
            SELECT l.allergen_id FROM patient_allergen l WHERE NOT o.caregiver AND l.branch_code = p.branch_code AND l.patient_id = p.id
            UNION ALL SELECT e::bigint FROM jsonb_array_elements_text(CASE WHEN o.caregiver
                THEN coalesce(o.caregiver_info -> 'allergenIds', '[]') ELSE '[]' END) e)), '[]')::jsonb AS allergens,
    coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th,
            'nameEn', x.name_en) ORDER BY x.code)
        FROM restricted_ingredient x WHERE x.branch_code = o.branch_code AND x.id IN (
            SELECT l.restricted_id FROM patient_restricted l WHERE NOT o.caregiver AND l.branch_code = p.branch_code AND l.patient_id = p.id
            UNION ALL SELECT e::bigint FROM jsonb_array_elements_text(CASE WHEN o.caregiver
                THEN coalesce(o.caregiver_info -> 'restrictedIds', '[]') ELSE '[]' END) e)), '[]')::jsonb AS restricted,
    coalesce((SELECT jsonb_agg(jsonb_build_object('position', i.position, 'menuId', i.menu_id,
            'menuSetId', i.menu_set_id, 'code', coalesce(m.code, s.code), 'nameTh', coalesce(m.name_th, s.name_th),
            'nameEn', coalesce(m.name_en, s.name_en), 'alternativeNote', i.alternative_note, 'conflicts', i.conflicts,
            -- the dish itself, or the set's dishes in the set's order: two lookups by key (an OR
            -- of the two read every dish of the branch for every item)
            'dishes', (SELECT jsonb_agg(jsonb_build_object('id', d.id, 'code', d.code, 'nameTh', d.name_th, 'nameEn', d.name_en,
                    'iddsiType', d.iddsi_type, 'iddsiLevel', d.iddsi_level,
                    'cuisine', jsonb_build_object('id', c.id, 'code', c.code, 'nameTh', c.name_th, 'nameEn', c.name_en))
                    ORDER BY x.position, d.code)
                FROM (SELECT i.menu_id AS menu_id, NULL::int AS position WHERE i.menu_id IS NOT NULL
                    UNION ALL SELECT si.menu_id, si.position FROM menu_set_item si
                        WHERE si.branch_code = i.branch_code AND si.menu_set_id = i.menu_set_id) x
                    JOIN menu d ON d.branch_code = i.branch_code AND d.id = x.menu_id
                    JOIN cuisine_type c ON c.branch_code = d.branch_code AND c.id = d.cuisine_type_id))
            ORDER BY i.position)
        FROM meal_order_item i
            LEFT JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
            LEFT JOIN menu_set s ON s.branch_code = i.branch_code AND s.id = i.menu_set_id
        WHERE i.order_id = o.id), '[]')::jsonb AS items
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id;

-- +goose StatementBegin
CREATE FUNCTION order_details(p_branch text, p_ids uuid[]) RETURNS SETOF order_detail
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    RETURN QUERY SELECT * FROM order_detail v WHERE v.branch_code = p_branch AND v.id = ANY (p_ids);
END
$$;
-- +goose StatementEnd

DROP VIEW order_item_nutrient, dish_nutrient;
DROP FUNCTION nutrient_base(text, numeric, text);
