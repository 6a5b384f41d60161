-- Serving by scan (pkg/serve, docs/serve.md).

-- The branch's wristband setting, the defaults when it has none (version 0).
-- name: ServeSetting :one
SELECT b.code AS branch_code, coalesce(s.symbologies, '{CODE128,QR}')::text[] AS symbologies,
    coalesce(s.pattern, '{hn}')::text AS pattern, coalesce(s.version, 0)::integer AS version,
    coalesce(s.updated_by, '')::text AS updated_by, s.updated_at
FROM branch b LEFT JOIN serve_setting s ON s.branch_code = b.code
WHERE b.code = @branch;

-- Saves the branch's wristband setting.
-- name: ServeSettingSave :exec
INSERT INTO serve_setting (branch_code, symbologies, pattern, updated_by)
VALUES (@branch, @symbologies::text[], @pattern, sqlc.arg(by)::text)
ON CONFLICT (branch_code) DO UPDATE SET symbologies = excluded.symbologies, pattern = excluded.pattern,
    updated_by = excluded.updated_by, updated_at = now(), version = serve_setting.version + 1;

-- The trays of a date: the live ORD orders of the branch (one row each), filtered, sorted
-- and paged here, each then read as every reader sees an order (order_detail) with its serve
-- status and its last serve record (none: an empty action); pkg/serve builds the answer.
-- name: ServeSearch :many
WITH hit AS (
    SELECT o.id, p.hn_id, t.start_time,
        CASE WHEN o.status = 'SERVED' THEN 'SERVED'
            WHEN l.action = 'REJECTED' THEN 'REJECTED' ELSE 'WAITING' END AS serve_status,
        CASE @sort_by::text
            WHEN 'room' THEN r.code
            WHEN 'hnId' THEN p.hn_id
            WHEN 'name' THEN lower(concat_ws(' ', p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en))
            ELSE concat_ws(' ', w.code, r.code)
        END AS sort_key,
        l.action, l.reject_reason, l.served_by, l.served_at, l.device_id
    FROM meal_order o
        JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
        JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
        LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
        LEFT JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
        LEFT JOIN LATERAL (SELECT x.action, x.reject_reason, x.served_by, x.served_at, x.device_id
            FROM serve_record x WHERE x.order_id = o.id ORDER BY x.served_at DESC, x.id DESC LIMIT 1) l ON true
    WHERE o.branch_code = @branch AND o.order_date = @on_date::date AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
        AND (sqlc.narg(ward_id)::bigint IS NULL OR p.ward_id = sqlc.narg(ward_id)::bigint)
        AND (sqlc.narg(meal_time_id)::bigint IS NULL OR o.meal_time_id = sqlc.narg(meal_time_id)::bigint)
        AND (sqlc.narg(pattern)::text IS NULL
            OR (p.hn_id || ' ' || p.first_name_th || ' ' || p.last_name_th || ' ' || p.first_name_en || ' ' || p.last_name_en)
                ILIKE sqlc.narg(pattern)::text
            OR r.code ILIKE sqlc.narg(pattern)::text OR w.code ILIKE sqlc.narg(pattern)::text)),
ranked AS (
    SELECT hit.*, count(*) OVER () AS total,
        row_number() OVER (ORDER BY CASE WHEN NOT @sort_desc::boolean THEN hit.sort_key END ASC NULLS LAST,
            CASE WHEN @sort_desc::boolean THEN hit.sort_key END DESC NULLS LAST,
            hit.start_time, hit.hn_id, hit.id) AS ord
    FROM hit WHERE @status::text = 'ALL' OR hit.serve_status = @status::text),
page AS (SELECT * FROM ranked ORDER BY ranked.ord LIMIT @page_size::integer OFFSET @page_offset::bigint)
SELECT page.total, page.serve_status::text AS serve_status, sqlc.embed(d), coalesce(page.action, '')::text AS record_action,
    coalesce(page.reject_reason, '')::text AS record_reject_reason, coalesce(page.served_by, '')::text AS record_served_by,
    page.served_at::timestamptz AS record_served_at, coalesce(page.device_id, '')::text AS record_device_id
FROM page JOIN order_detail d ON d.branch_code = @branch AND d.id = page.id
ORDER BY page.ord;

-- The orders of a patient of the branch on a date (ids), with the patient's row id; no row
-- when the branch has no such HN.
-- name: ServePatientOrders :one
SELECT p.id, p.hn_id, ARRAY(SELECT o.id::text FROM meal_order o
        WHERE o.branch_code = p.branch_code AND o.patient_id = p.id AND o.order_date = @on_date::date)::text[] AS order_ids
FROM patient p
WHERE p.branch_code = @branch AND p.hn_id = @hn_id;

-- The serve records of a patient's orders of a date, in the order they were made.
-- name: ServePatientRecords :many
SELECT x.* FROM serve_record x JOIN meal_order o ON o.id = x.order_id
WHERE o.branch_code = @branch AND o.patient_id = @patient_id AND o.order_date = @on_date::date
ORDER BY x.served_at, x.id;

-- What a verification reads besides the order: the branch's wristband setting (the
-- defaults when it has none) and the tray's patient as shown (names, ward, room; all null
-- when the branch has no such order).
-- name: ServeScanContext :one
SELECT coalesce(s.symbologies, '{CODE128,QR}')::text[] AS symbologies, coalesce(s.pattern, '{hn}')::text AS pattern,
    p.hn_id, p.first_name_th, p.last_name_th, p.first_name_en, p.last_name_en,
    w.id AS ward_id, w.code AS ward_code, w.name_th AS ward_name_th, w.name_en AS ward_name_en,
    r.id AS room_id, r.code AS room_code, r.name_th AS room_name_th, r.name_en AS room_name_en
FROM branch b LEFT JOIN serve_setting s ON s.branch_code = b.code
    LEFT JOIN meal_order o ON o.branch_code = b.code AND o.id = @id
    LEFT JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
    LEFT JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
WHERE b.code = @branch;

-- Locks an order of the branch for a serve record; its status.
-- name: ServeLockOrder :one
SELECT o.status FROM meal_order o WHERE o.branch_code = @branch AND o.id = @id FOR UPDATE;

-- The record of a confirmation already received (its request id), if any.
-- name: ServeRecordByRequest :many
SELECT * FROM serve_record x WHERE x.request_id = @request_id;

-- Records a confirmation or a rejection (the caller marks a confirmed order SERVED and logs
-- both in the same transaction).
-- name: ServeRecordAdd :one
INSERT INTO serve_record (branch_code, order_id, action, matched, reasons, reject_reason, wristband, device_id, request_id, served_by)
VALUES (@branch, @order_id, @action, @matched, @reasons::text[], @reject_reason, @wristband, @device_id, @request_id,
    sqlc.arg(by)::text)
RETURNING *;

-- The branch's active meal types in start-time order, for the list's filter.
-- name: ServeMealTypes :many
SELECT t.id, t.code, t.name_th, t.name_en, to_char(t.start_time, 'HH24:MI')::text AS start_time,
    to_char(t.end_time, 'HH24:MI')::text AS end_time, t.abbreviation, t.meal_color, t.text_color
FROM meal_time t WHERE t.branch_code = @branch AND t.active ORDER BY t.start_time, t.id;

-- name: ServeMarkServed :exec
UPDATE meal_order SET status = 'SERVED', version = version + 1 WHERE branch_code = @branch AND id = @id;

-- Records a verification that answered no match (docs/performance.md): the order when the
-- card is a true card of the branch, else null.
-- name: ServeMismatchAdd :exec
INSERT INTO serve_mismatch (branch_code, order_id, reasons, device_id, scanned_by)
VALUES (@branch, sqlc.narg(order_id)::uuid, @reasons::text[], @device_id, sqlc.arg(by)::text);

-- The HNs an order's patient had before its HN changed (an HL7 v2 A40 merge, docs/hl7.md):
-- the order moved from a merged patient, or its patient renamed (hn the patient's HN now).
-- Read only when a card's HN is not the wristband's or the order's.
-- name: ServeFormerHns :many
SELECT DISTINCT (c.before ->> 'hnId')::text AS hn FROM change_log c
WHERE c.branch_code = @branch
    AND ((c.entity = 'meal_order' AND c.entity_id = @order_id::text) OR (c.entity = 'patient' AND c.entity_id = @hn::text))
    AND c.before ? 'hnId' AND c.before ->> 'hnId' IS DISTINCT FROM c.after ->> 'hnId';

-- What the patient ate (issue 27 §3): the intake recorded for an order, locked for a
-- correction (none: not collected yet).
-- name: ServeIntake :many
SELECT * FROM tray_intake x WHERE x.branch_code = @branch AND x.order_id = @order_id FOR UPDATE;

-- Records or corrects the intake of a served tray (the caller logs it in the same transaction).
-- A first record keeps what the tray's items give now (tray_gave, migration 00031); a
-- correction keeps the figures of the first and writes what was eaten again from them
-- (tray_eaten): a dish corrected in between does not change the record.
-- The items' JSON is sent as text (a []byte would be sent as bytea).
-- name: ServeIntakeSave :one
WITH arg AS (SELECT @item_quarters::text AS items,
    -- a correction's figures are those kept: the tray's dishes are expanded for a first record only
    CASE WHEN EXISTS (SELECT 1 FROM tray_intake x WHERE x.order_id = @order_id) THEN '{}'
        ELSE tray_gave(@branch, @order_id) END AS gave)
INSERT INTO tray_intake (branch_code, order_id, quarters, item_quarters, scanned, device_id, recorded_by, gave, eaten)
SELECT @branch, @order_id, @quarters, arg.items::jsonb, @scanned, @device_id, sqlc.arg(by)::text, arg.gave,
    tray_eaten(arg.gave, @quarters, arg.items::jsonb) FROM arg
ON CONFLICT (order_id) DO UPDATE SET quarters = excluded.quarters, item_quarters = excluded.item_quarters,
    scanned = excluded.scanned, device_id = excluded.device_id, recorded_by = excluded.recorded_by, recorded_at = now(),
    eaten = tray_eaten(tray_intake.gave, excluded.quarters, excluded.item_quarters), version = tray_intake.version + 1
RETURNING *;

-- The served trays of a date not collected yet (no intake recorded), optionally of one ward
-- and one meal: ids, by ward, bed, meal and HN.
-- name: ServeUncollected :many
SELECT o.id::text AS id
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
    LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
    LEFT JOIN room r ON r.branch_code = p.branch_code AND r.id = p.room_id
WHERE o.branch_code = @branch AND o.order_date = @on_date::date AND o.order_type = 'ORD' AND o.status = 'SERVED'
    AND NOT EXISTS (SELECT 1 FROM tray_intake x WHERE x.order_id = o.id)
    AND (sqlc.narg(ward_id)::bigint IS NULL OR p.ward_id = sqlc.narg(ward_id)::bigint)
    AND (sqlc.narg(meal_time_id)::bigint IS NULL OR o.meal_time_id = sqlc.narg(meal_time_id)::bigint)
ORDER BY w.code NULLS LAST, r.code NULLS LAST, t.start_time, p.hn_id, o.id
LIMIT 500;
