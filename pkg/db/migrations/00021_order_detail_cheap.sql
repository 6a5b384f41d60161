-- +goose Up
-- Reading one order cheaply again (issue 26). Every statement is planned at every call (pgx's
-- exec mode, docs/decisions.md), and the view order_detail of migration 00020 joined eleven
-- tables: planning it took 3–4 ms where running it for one order took 0.5 ms, so reading
-- one order went from 1.7 ms to 6–8 ms. The view is the same rows and columns, its lookups
-- (the printed ward and bed, the patient's ward and bed, diet, therapeutic food and cuisine,
-- the patient's own facts) now subqueries keyed by the order's or patient's row: each is
-- planned on its own (a join order over eleven tables is not), and run only for the rows a
-- reader keeps, whose columns it reads.
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
        WHERE i.order_id = o.id), '[]')::jsonb AS items
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id;

-- Orders by id (pkg/orders Orders: getOrderDetails, the submits, cancel, review, the bedside
-- check), in a PL/pgSQL function as patients_by_id (migration 00010): its statement is
-- planned once per database session, with a generic plan (one plan for any ids: the ids
-- are keys), where the same statement sent by pgx was planned at every call.
-- +goose StatementBegin
CREATE FUNCTION order_details(p_branch text, p_ids uuid[]) RETURNS SETOF order_detail
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    RETURN QUERY SELECT * FROM order_detail v WHERE v.branch_code = p_branch AND v.id = ANY (p_ids);
END
$$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION order_details(text, uuid[]);
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
    CASE WHEN pw.id IS NOT NULL THEN jsonb_build_object('id', pw.id, 'code', pw.code, 'nameTh', pw.name_th,
        'nameEn', pw.name_en) END AS printed_ward,
    CASE WHEN pr.id IS NOT NULL THEN jsonb_build_object('id', pr.id, 'code', pr.code, 'nameTh', pr.name_th,
        'nameEn', pr.name_en) END AS printed_room,
    p.card_language, p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en, p.special_request,
    coalesce(pf.unmapped_allergies, '{}')::text[] AS unmapped_allergies, pf.texture_food, pf.texture_drink,
    w.code AS ward_code, r.code AS room_code,
    CASE WHEN w.id IS NOT NULL THEN jsonb_build_object('id', w.id, 'code', w.code, 'nameTh', w.name_th,
        'nameEn', w.name_en, 'wardTypeId', w.ward_type_id) END AS ward,
    CASE WHEN r.id IS NOT NULL THEN jsonb_build_object('id', r.id, 'code', r.code, 'nameTh', r.name_th,
        'nameEn', r.name_en) END AS room,
    CASE WHEN dt.id IS NOT NULL THEN jsonb_build_object('id', dt.id, 'code', dt.code, 'nameTh', dt.name_th,
        'nameEn', dt.name_en) END AS diet,
    CASE WHEN th.id IS NOT NULL THEN jsonb_build_object('id', th.id, 'code', th.code, 'nameTh', th.name_th,
        'nameEn', th.name_en) END AS therapeutic,
    CASE WHEN ct.id IS NOT NULL THEN jsonb_build_object('id', ct.id, 'code', ct.code, 'nameTh', ct.name_th,
        'nameEn', ct.name_en) END AS cuisine,
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
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
    LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
    LEFT JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
    -- the patient's own facts, none for a caregiver's order
    LEFT JOIN patient pf ON NOT o.caregiver AND pf.branch_code = p.branch_code AND pf.id = p.id
    LEFT JOIN ward pw ON pw.branch_code = o.branch_code AND pw.id = o.printed_ward_id
    LEFT JOIN room pr ON pr.branch_code = o.branch_code AND pr.id = o.printed_room_id
    LEFT JOIN diet_type dt ON dt.branch_code = o.branch_code AND dt.id = o.diet_type_id
    LEFT JOIN therapeutic th ON th.branch_code = o.branch_code AND th.id = o.therapeutic_id
    LEFT JOIN cuisine_type ct ON ct.branch_code = o.branch_code AND ct.id = o.cuisine_type_id;

