-- Patient satisfaction surveys (pkg/surveys, docs/surveys.md).

-- The tray a survey link or a staff entry names: its branch, date, meal type, whether it is a
-- live tray (an ORD order not cancelled), the patient's ward now, and whether it is answered.
-- name: SurveyOrder :one
SELECT o.id, o.branch_code, o.order_date, (o.order_type = 'ORD' AND o.status <> 'CANCELLED')::boolean AS live,
    t.id AS meal_time_id, t.name_th AS meal_name_th, t.name_en AS meal_name_en, t.meal_color, p.ward_id,
    EXISTS (SELECT 1 FROM survey_answer a WHERE a.order_id = o.id)::boolean AS answered
FROM meal_order o
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
WHERE o.id = @id;

-- One answer per order: a second one inserts nothing and answers no row.
-- name: SurveyInsert :one
INSERT INTO survey_answer (branch_code, order_id, ward_id, taste, temperature, portion, on_time, overall,
    comment, source, entered_by, lang)
VALUES (@branch_code, @order_id, sqlc.narg(ward_id), @taste, @temperature, @portion, @on_time, @overall,
    @comment, @source, @entered_by, @lang)
ON CONFLICT (order_id) DO NOTHING
RETURNING id;

-- The live trays of a branch's date for staff to enter a survey for (patients' and
-- caregivers'), with whether each is answered.
-- name: SurveyTrays :many
SELECT o.id, p.hn_id, p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en, o.caregiver, o.status,
    o.order_date, coalesce(w.name_th, '')::text AS ward_th, coalesce(w.name_en, '')::text AS ward_en,
    coalesce(r.code, '')::text AS room, t.id AS meal_time_id, t.name_th AS meal_name_th, t.name_en AS meal_name_en,
    t.meal_color, EXISTS (SELECT 1 FROM survey_answer a WHERE a.order_id = o.id)::boolean AS answered
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
    LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
    LEFT JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
WHERE o.branch_code = @branch AND o.order_date = @on_date::date AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
    AND (sqlc.narg(ward_id)::bigint IS NULL OR p.ward_id = sqlc.narg(ward_id)::bigint)
    AND (sqlc.narg(meal_time_id)::bigint IS NULL OR o.meal_time_id = sqlc.narg(meal_time_id)::bigint)
    AND (sqlc.narg(pattern)::text IS NULL
        OR (p.hn_id || ' ' || p.first_name_th || ' ' || p.last_name_th || ' ' || p.first_name_en || ' ' || p.last_name_en)
            ILIKE sqlc.narg(pattern)::text)
ORDER BY t.start_time, w.code NULLS LAST, r.code NULLS LAST, p.hn_id, o.caregiver, o.id
LIMIT 2000;

-- The answers the results screen and its export read, newest first: a Super Admin every
-- branch (all_branches; entry_branch narrows to one, '' for all), anyone else the current
-- branch. Dates are the trays' dates; empty id lists select all. dishes: the tray's menus,
-- a menu set's menus included.
-- name: SurveyAnswers :many
WITH dish AS (
    SELECT i.order_id, m.id, m.name_th, m.name_en
    FROM meal_order_item i JOIN menu m ON m.branch_code = i.branch_code AND m.id = i.menu_id
    UNION
    SELECT i.order_id, m.id, m.name_th, m.name_en
    FROM meal_order_item i
        JOIN menu_set_item s ON s.branch_code = i.branch_code AND s.menu_set_id = i.menu_set_id
        JOIN menu m ON m.branch_code = s.branch_code AND m.id = s.menu_id)
SELECT a.id, a.branch_code, a.answered_at, o.order_date, a.ward_id,
    coalesce(w.name_th, '')::text AS ward_th, coalesce(w.name_en, '')::text AS ward_en,
    t.id AS meal_time_id, t.name_th AS meal_name_th, t.name_en AS meal_name_en, t.meal_color,
    a.source, a.taste, a.temperature, a.portion, a.on_time, a.overall, a.comment,
    coalesce((SELECT jsonb_agg(jsonb_build_object('id', d.id, 'nameTh', d.name_th, 'nameEn', d.name_en) ORDER BY d.id)
        FROM dish d WHERE d.order_id = a.order_id), '[]')::jsonb AS dishes
FROM survey_answer a
    JOIN meal_order o ON o.branch_code = a.branch_code AND o.id = a.order_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
    LEFT JOIN ward w ON w.branch_code = a.branch_code AND w.id = a.ward_id
WHERE (@all_branches::boolean OR a.branch_code = @branch::text)
    AND (@entry_branch::text = '' OR a.branch_code = @entry_branch::text)
    AND o.order_date BETWEEN @date_from::date AND @date_to::date
    AND (cardinality(@ward_ids::bigint[]) = 0 OR a.ward_id = ANY(@ward_ids::bigint[]))
    AND (cardinality(@meal_time_ids::bigint[]) = 0 OR o.meal_time_id = ANY(@meal_time_ids::bigint[]))
    AND (cardinality(@menu_ids::bigint[]) = 0 OR EXISTS (SELECT 1 FROM dish d
        WHERE d.order_id = a.order_id AND d.id = ANY(@menu_ids::bigint[])))
ORDER BY a.answered_at DESC, a.id DESC
LIMIT @max_rows::integer;
