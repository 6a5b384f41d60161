-- Reports (pkg/reports, docs/reports.md). The trays of a date are orders as every reader
-- sees them (orders.Trays, the query OrderTrays of orders.sql over the view order_detail).

-- Records the cards rendered for printing (generatePDF): each order with the ward and bed
-- its card names (0: none); a moved order's card printed again is no longer moved
-- (migration 00019, meal_order_printed).
-- name: ReportCardsPrinted :exec
SELECT meal_order_printed(@branch::text, @order_ids::uuid[], @ward_ids::bigint[], @room_ids::bigint[]);

-- The charged live ORD orders of a branch between two dates (the finance screen, our
-- call), as every reader sees an order (order_detail: the ward and bed are the patient's
-- now), each with its price: the dishes' prices for dishes, the set's for a set, nothing for
-- a specific meal.
-- name: ReportFinance :many
SELECT sqlc.embed(d), coalesce((SELECT sum(coalesce(m.price, s.price)) * 100
        FROM meal_order_item i
            LEFT JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
            LEFT JOIN menu_set s ON s.branch_code = i.branch_code AND s.id = i.menu_set_id
        WHERE i.order_id = d.id), 0)::bigint AS price_satang
FROM order_detail d
WHERE d.branch_code = @branch AND d.order_date BETWEEN @date_from::date AND @date_to::date AND d.charge
    AND d.order_type = 'ORD' AND d.status <> 'CANCELLED'
ORDER BY d.order_date, d.ward_code NULLS LAST, d.room_code NULLS LAST, d.hn_id, d.meal_start_time, d.caregiver;

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

-- The branch's meal card setting (migration 00028): the defaults when it has none.
-- name: MealCardSetting :one
SELECT b.code AS branch_code, coalesce(s.show_nutrients, false)::boolean AS show_nutrients,
    coalesce(s.version, 0)::integer AS version, coalesce(s.updated_by, '')::text AS updated_by, s.updated_at
FROM branch b LEFT JOIN meal_card_setting s ON s.branch_code = b.code
WHERE b.code = @branch;

-- Saves the branch's meal card setting.
-- name: MealCardSettingSave :exec
INSERT INTO meal_card_setting (branch_code, show_nutrients, updated_by)
VALUES (@branch, @show_nutrients::boolean, sqlc.arg(by)::text)
ON CONFLICT (branch_code) DO UPDATE SET show_nutrients = excluded.show_nutrients,
    updated_by = excluded.updated_by, updated_at = now(), version = meal_card_setting.version + 1;
