-- Reports (pkg/reports, docs/reports.md). The trays of a date are orders as every reader
-- sees them (orders.Trays, the query OrderTrays of orders.sql over the view order_detail).

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
