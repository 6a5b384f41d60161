-- Reports (pkg/reports, docs/reports.md): the trays of a branch's date, one row per live
-- ORD order (patients and caregivers), each the document the reports read: the person,
-- ward and bed, meal type, diet, therapeutic food, kitchen, allergies (the patient's, or the
-- caregiver's stated ones), textures and the dishes (a set's dishes in its order). The
-- filters of SPEC.md §5 are applied to the documents (pkg/reports, filter.go).
-- name: ReportTrays :many
SELECT jsonb_build_object('orderId', o.id, 'hnId', p.hn_id, 'caregiver', o.caregiver, 'dateOrder', o.order_date,
    'status', o.status, 'courseType', o.course_type, 'foodScope', o.food_scope, 'description', o.description,
    'remark', o.remark, 'charge', o.charge, 'dysphagiaFoodType', o.dysphagia_food_type,
    'needsReview', o.needs_review, 'reviewReasons', o.review_reasons,
    -- moved since the card was printed (migration 00019): a served tray is past moving
    'moved', o.moved AND o.status <> 'SERVED', 'printedAt', o.printed_at,
    'printedWard', (SELECT jsonb_build_object('id', w.id, 'code', w.code, 'nameTh', w.name_th, 'nameEn', w.name_en)
        FROM ward w WHERE w.branch_code = o.branch_code AND w.id = o.printed_ward_id),
    'printedRoom', (SELECT jsonb_build_object('id', r.id, 'code', r.code, 'nameTh', r.name_th, 'nameEn', r.name_en)
        FROM room r WHERE r.branch_code = o.branch_code AND r.id = o.printed_room_id),
    'cardLanguage', p.card_language, 'firstNameTh', p.first_name_th, 'lastNameTh', p.last_name_th,
    'firstNameEn', p.first_name_en, 'lastNameEn', p.last_name_en, 'specialRequest', p.special_request,
    'unmappedAllergies', CASE WHEN o.caregiver THEN '{}' ELSE p.unmapped_allergies END,
    'textureFood', CASE WHEN o.caregiver THEN NULL ELSE p.texture_food END,
    'textureDrink', CASE WHEN o.caregiver THEN NULL ELSE p.texture_drink END,
    'mealType', jsonb_build_object('id', t.id, 'code', t.code, 'nameTh', t.name_th, 'nameEn', t.name_en,
        'abbreviation', t.abbreviation, 'mealColor', t.meal_color, 'textColor', t.text_color),
    'ward', (SELECT jsonb_build_object('id', w.id, 'code', w.code, 'nameTh', w.name_th, 'nameEn', w.name_en,
        'wardTypeId', w.ward_type_id) FROM ward w WHERE w.branch_code = p.branch_code AND w.id = p.ward_id),
    'room', (SELECT jsonb_build_object('id', r.id, 'code', r.code, 'nameTh', r.name_th, 'nameEn', r.name_en)
        FROM room r WHERE r.branch_code = p.branch_code AND r.id = p.room_id),
    'diet', (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM diet_type x WHERE x.branch_code = o.branch_code AND x.id = o.diet_type_id),
    'therapeutic', (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM therapeutic x WHERE x.branch_code = o.branch_code AND x.id = o.therapeutic_id),
    'cuisine', (SELECT jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th, 'nameEn', x.name_en)
        FROM cuisine_type x WHERE x.branch_code = o.branch_code AND x.id = o.cuisine_type_id),
    'allergens', coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th,
            'nameEn', x.name_en) ORDER BY x.code)
        FROM allergen x WHERE x.branch_code = o.branch_code AND x.id IN (
            SELECT l.allergen_id FROM patient_allergen l WHERE NOT o.caregiver AND l.branch_code = p.branch_code AND l.patient_id = p.id
            UNION ALL SELECT e::bigint FROM jsonb_array_elements_text(CASE WHEN o.caregiver
                THEN coalesce(o.caregiver_info -> 'allergenIds', '[]') ELSE '[]' END) e)), '[]'),
    'restricted', coalesce((SELECT jsonb_agg(jsonb_build_object('id', x.id, 'code', x.code, 'nameTh', x.name_th,
            'nameEn', x.name_en) ORDER BY x.code)
        FROM restricted_ingredient x WHERE x.branch_code = o.branch_code AND x.id IN (
            SELECT l.restricted_id FROM patient_restricted l WHERE NOT o.caregiver AND l.branch_code = p.branch_code AND l.patient_id = p.id
            UNION ALL SELECT e::bigint FROM jsonb_array_elements_text(CASE WHEN o.caregiver
                THEN coalesce(o.caregiver_info -> 'restrictedIds', '[]') ELSE '[]' END) e)), '[]'),
    'items', coalesce((SELECT jsonb_agg(jsonb_build_object('menuId', i.menu_id, 'menuSetId', i.menu_set_id,
            'code', coalesce(m.code, s.code), 'nameTh', coalesce(m.name_th, s.name_th), 'nameEn', coalesce(m.name_en, s.name_en),
            'alternativeNote', i.alternative_note,
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
        WHERE i.order_id = o.id), '[]'))::jsonb AS doc
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
WHERE o.branch_code = @branch AND o.order_date = @on_date::date AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
ORDER BY (SELECT w.code FROM ward w WHERE w.branch_code = p.branch_code AND w.id = p.ward_id) NULLS LAST,
    (SELECT r.code FROM room r WHERE r.branch_code = p.branch_code AND r.id = p.room_id) NULLS LAST,
    p.hn_id, t.start_time, o.caregiver;

-- Records the cards rendered for printing (generatePDF): each order with the ward and bed
-- its card names (0: none); a moved order's card printed again is no longer moved
-- (migration 00019, meal_order_printed).
-- name: ReportCardsPrinted :exec
SELECT meal_order_printed(@branch::text, @order_ids::uuid[], @ward_ids::bigint[], @room_ids::bigint[]);

-- The charged live ORD orders of a branch between two dates (the finance screen, our
-- call), each with its price: the dishes' prices for dishes, the set's for a set, nothing
-- for a specific meal; the ward and bed are the patient's now.
-- name: ReportFinance :many
SELECT o.id, o.order_date::text AS order_date, o.caregiver, p.hn_id, p.first_name_th, p.last_name_th, p.first_name_en,
    p.last_name_en, coalesce(w.code, '')::text AS ward_code, coalesce(w.name_th, '')::text AS ward_th,
    coalesce(w.name_en, '')::text AS ward_en, coalesce(r.code, '')::text AS room_code, t.name_th AS meal_th, t.name_en AS meal_en,
    coalesce((SELECT string_agg(coalesce(m.name_th, s.name_th), ', ' ORDER BY i.position)
        FROM meal_order_item i
            LEFT JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
            LEFT JOIN menu_set s ON s.branch_code = i.branch_code AND s.id = i.menu_set_id
        WHERE i.order_id = o.id), o.description)::text AS items,
    coalesce((SELECT sum(coalesce(m.price, s.price)) * 100
        FROM meal_order_item i
            LEFT JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
            LEFT JOIN menu_set s ON s.branch_code = i.branch_code AND s.id = i.menu_set_id
        WHERE i.order_id = o.id), 0)::bigint AS price_satang
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
    LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
    LEFT JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
WHERE o.branch_code = @branch AND o.order_date BETWEEN @date_from::date AND @date_to::date AND o.charge
    AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
ORDER BY o.order_date, w.code NULLS LAST, r.code NULLS LAST, p.hn_id, t.start_time, o.caregiver;

-- name: ReportFilterNames :many
-- The rows a report's filter chooses, named as they are now (the activity record keeps them
-- beside the ids: what the user saw when printing): the filter's key, the row's id and names.
SELECT 'mealTimeIds'::text AS choice, id, code, name_th, name_en FROM meal_time
    WHERE branch_code = @branch::text AND id = ANY(@meal_time_ids::bigint[])
UNION ALL SELECT 'wardTypeIds', id, code, name_th, name_en FROM ward_type
    WHERE branch_code = @branch::text AND id = ANY(@ward_type_ids::bigint[])
UNION ALL SELECT 'wardIds', id, code, name_th, name_en FROM ward
    WHERE branch_code = @branch::text AND id = ANY(@ward_ids::bigint[])
UNION ALL SELECT 'roomIds', id, code, name_th, name_en FROM room
    WHERE branch_code = @branch::text AND id = ANY(@room_ids::bigint[])
UNION ALL SELECT 'cuisineTypeIds', id, code, name_th, name_en FROM cuisine_type
    WHERE branch_code = @branch::text AND id = ANY(@cuisine_type_ids::bigint[])
UNION ALL SELECT 'dietTypeIds', id, code, name_th, name_en FROM diet_type
    WHERE branch_code = @branch::text AND id = ANY(@diet_type_ids::bigint[])
UNION ALL SELECT 'therapeuticIds', id, code, name_th, name_en FROM therapeutic
    WHERE branch_code = @branch::text AND id = ANY(@therapeutic_ids::bigint[])
UNION ALL SELECT 'allergenIds', id, code, name_th, name_en FROM allergen
    WHERE branch_code = @branch::text AND id = ANY(@allergen_ids::bigint[])
UNION ALL SELECT 'restrictedIds', id, code, name_th, name_en FROM restricted_ingredient
    WHERE branch_code = @branch::text AND id = ANY(@restricted_ids::bigint[])
ORDER BY 1, 3;
