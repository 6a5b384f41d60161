-- Work performance (pkg/performance, docs/performance.md): figures of the orders and serve
-- records of a date range (order dates, inclusive; a mismatch by the date it was scanned, in
-- Asia/Bangkok). A Super Admin reads every branch (all_branches; entry_branch narrows to
-- one, "" for all), anyone else the current branch only. ward_ids and meal_time_ids narrow
-- to the patients' wards now and the orders' meal types (null: all).

-- The trays (live ORD orders) by date, ward and meal type: served on time (the SERVED
-- record's time at or before the meal type's end time on the order's date, Asia/Bangkok),
-- late, not served after the end time, and not served yet before it (pending); and the served
-- trays collected (a tray_intake record: issue 27 §3).
-- name: PerfTrays :many
SELECT o.order_date, o.branch_code, coalesce(w.id, 0)::bigint AS ward_id, coalesce(w.code, '')::text AS ward_code,
    coalesce(w.name_th, '')::text AS ward_name_th, coalesce(w.name_en, '')::text AS ward_name_en,
    t.id AS meal_time_id, t.code AS meal_code, t.name_th AS meal_name_th, t.name_en AS meal_name_en,
    t.meal_color, t.text_color, to_char(t.start_time, 'HH24:MI')::text AS start_time,
    to_char(t.end_time, 'HH24:MI')::text AS end_time,
    count(*) FILTER (WHERE s.served_at <= d.deadline) AS on_time,
    count(*) FILTER (WHERE s.served_at > d.deadline) AS late,
    count(*) FILTER (WHERE s.served_at IS NULL AND d.deadline < sqlc.arg(now)::timestamptz) AS not_served,
    count(*) FILTER (WHERE s.served_at IS NULL AND d.deadline >= sqlc.arg(now)::timestamptz) AS pending,
    count(*) FILTER (WHERE s.served_at IS NOT NULL AND ti.order_id IS NOT NULL) AS collected
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
    LEFT JOIN ward w ON w.branch_code = p.branch_code AND w.id = p.ward_id
    LEFT JOIN serve_record s ON s.order_id = o.id AND s.action = 'SERVED'
    LEFT JOIN tray_intake ti ON ti.order_id = o.id
    CROSS JOIN LATERAL (SELECT ((o.order_date + t.end_time) AT TIME ZONE 'Asia/Bangkok') AS deadline) d
WHERE (@all_branches::boolean OR o.branch_code = @branch::text)
    AND (@entry_branch::text = '' OR o.branch_code = @entry_branch::text)
    AND o.order_date BETWEEN @date_from::date AND @date_to::date
    AND o.order_type = 'ORD' AND o.status <> 'CANCELLED'
    AND (sqlc.narg(ward_ids)::bigint[] IS NULL OR p.ward_id = ANY (sqlc.narg(ward_ids)::bigint[]))
    AND (sqlc.narg(meal_time_ids)::bigint[] IS NULL OR o.meal_time_id = ANY (sqlc.narg(meal_time_ids)::bigint[]))
GROUP BY o.order_date, o.branch_code, w.id, w.code, w.name_th, w.name_en, t.id, t.code, t.name_th, t.name_en, t.meal_color,
    t.text_color, t.start_time, t.end_time
ORDER BY o.order_date, t.start_time, o.branch_code, t.id, ward_code;

-- The verifications that answered no match, by reason (a scan may give several), and the
-- scans in all (reason ""). With a ward or meal type filter, only the scans of an order of
-- the branch that passes it.
-- name: PerfMismatches :many
WITH m AS (
    SELECT m.id, m.reasons FROM serve_mismatch m
        LEFT JOIN meal_order o ON o.branch_code = m.branch_code AND o.id = m.order_id
        LEFT JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    WHERE (@all_branches::boolean OR m.branch_code = @branch::text)
        AND (@entry_branch::text = '' OR m.branch_code = @entry_branch::text)
        AND (m.scanned_at AT TIME ZONE 'Asia/Bangkok')::date >= @date_from::date
        AND (m.scanned_at AT TIME ZONE 'Asia/Bangkok')::date <= @date_to::date
        AND (sqlc.narg(ward_ids)::bigint[] IS NULL OR p.ward_id = ANY (sqlc.narg(ward_ids)::bigint[]))
        AND (sqlc.narg(meal_time_ids)::bigint[] IS NULL OR o.meal_time_id = ANY (sqlc.narg(meal_time_ids)::bigint[])))
SELECT r.reason::text AS reason, count(*) AS n FROM m CROSS JOIN unnest(m.reasons) AS r(reason) GROUP BY r.reason
UNION ALL
SELECT ''::text AS reason, count(*) AS n FROM m
ORDER BY n DESC, reason;

-- The rejections of trays (serve records REJECTED) by the reason written (trimmed), and
-- the trays rejected in all (reason "", n the records, trays the distinct orders).
-- name: PerfRejections :many
WITH x AS (
    SELECT s.order_id, btrim(s.reject_reason) AS reason FROM serve_record s
        JOIN meal_order o ON o.branch_code = s.branch_code AND o.id = s.order_id
        JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    WHERE s.action = 'REJECTED'
        AND (@all_branches::boolean OR o.branch_code = @branch::text)
        AND (@entry_branch::text = '' OR o.branch_code = @entry_branch::text)
        AND o.order_date BETWEEN @date_from::date AND @date_to::date
        AND (sqlc.narg(ward_ids)::bigint[] IS NULL OR p.ward_id = ANY (sqlc.narg(ward_ids)::bigint[]))
        AND (sqlc.narg(meal_time_ids)::bigint[] IS NULL OR o.meal_time_id = ANY (sqlc.narg(meal_time_ids)::bigint[])))
SELECT x.reason::text AS reason, count(*) AS n, count(DISTINCT x.order_id) AS trays FROM x GROUP BY x.reason
UNION ALL
SELECT ''::text AS reason, count(*) AS n, count(DISTINCT x.order_id) AS trays FROM x
ORDER BY n DESC, reason;

-- The orders flagged "needs review" (any type and status) and their wait, in minutes, from
-- review_flagged_at to reviewed_at; the live orders still waiting and the longest wait so
-- far. An order flagged before the flag time was kept counts, without a wait.
-- name: PerfReview :one
WITH o AS (
    SELECT o.status, o.needs_review, o.review_flagged_at, o.reviewed_at FROM meal_order o
        JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    WHERE (@all_branches::boolean OR o.branch_code = @branch::text)
        AND (@entry_branch::text = '' OR o.branch_code = @entry_branch::text)
        AND o.order_date BETWEEN @date_from::date AND @date_to::date
        AND (o.needs_review OR o.review_flagged_at IS NOT NULL)
        AND (sqlc.narg(ward_ids)::bigint[] IS NULL OR p.ward_id = ANY (sqlc.narg(ward_ids)::bigint[]))
        AND (sqlc.narg(meal_time_ids)::bigint[] IS NULL OR o.meal_time_id = ANY (sqlc.narg(meal_time_ids)::bigint[]))),
w AS (
    SELECT extract(epoch FROM o.reviewed_at - o.review_flagged_at) / 60 AS minutes FROM o
    WHERE NOT o.needs_review AND o.reviewed_at >= o.review_flagged_at)
SELECT (SELECT count(*) FROM o) AS flagged,
    (SELECT count(*) FROM w) AS reviewed,
    (SELECT coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY w.minutes), 0) FROM w)::float8 AS median_minutes,
    (SELECT coalesce(percentile_cont(0.9) WITHIN GROUP (ORDER BY w.minutes), 0) FROM w)::float8 AS p90_minutes,
    (SELECT coalesce(max(w.minutes), 0) FROM w)::float8 AS max_minutes,
    (SELECT count(*) FROM o WHERE o.needs_review AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL')) AS waiting,
    (SELECT coalesce(max(extract(epoch FROM sqlc.arg(now)::timestamptz - o.review_flagged_at) / 60), 0) FROM o
        WHERE o.needs_review AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL'))::float8 AS oldest_waiting_minutes;

-- The orders taken per person (ordered_by), with the person's name, and the cancelled
-- among them.
-- name: PerfOrderTakers :many
SELECT o.ordered_by::text AS person,
    coalesce(nullif(trim(min(u.first_name_th || ' ' || u.last_name_th)), ''), '')::text AS name_th,
    coalesce(nullif(trim(min(u.first_name_en || ' ' || u.last_name_en)), ''), '')::text AS name_en,
    count(*) AS orders, count(*) FILTER (WHERE o.status = 'CANCELLED') AS cancelled
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    LEFT JOIN app_user u ON u.employee_code = o.ordered_by AND o.ordered_by <> '' AND u.deleted_at IS NULL
WHERE (@all_branches::boolean OR o.branch_code = @branch::text)
    AND (@entry_branch::text = '' OR o.branch_code = @entry_branch::text)
    AND o.order_date BETWEEN @date_from::date AND @date_to::date
    AND (sqlc.narg(ward_ids)::bigint[] IS NULL OR p.ward_id = ANY (sqlc.narg(ward_ids)::bigint[]))
    AND (sqlc.narg(meal_time_ids)::bigint[] IS NULL OR o.meal_time_id = ANY (sqlc.narg(meal_time_ids)::bigint[]))
GROUP BY o.ordered_by
ORDER BY orders DESC, person;

-- The serve confirmations (SERVED) and rejections per person (served_by), with the name.
-- name: PerfServers :many
SELECT s.served_by::text AS person,
    coalesce(nullif(trim(min(u.first_name_th || ' ' || u.last_name_th)), ''), '')::text AS name_th,
    coalesce(nullif(trim(min(u.first_name_en || ' ' || u.last_name_en)), ''), '')::text AS name_en,
    count(*) FILTER (WHERE s.action = 'SERVED') AS served, count(*) FILTER (WHERE s.action = 'REJECTED') AS rejected
FROM serve_record s
    JOIN meal_order o ON o.branch_code = s.branch_code AND o.id = s.order_id
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    LEFT JOIN app_user u ON u.employee_code = s.served_by AND u.deleted_at IS NULL
WHERE (@all_branches::boolean OR o.branch_code = @branch::text)
    AND (@entry_branch::text = '' OR o.branch_code = @entry_branch::text)
    AND o.order_date BETWEEN @date_from::date AND @date_to::date
    AND (sqlc.narg(ward_ids)::bigint[] IS NULL OR p.ward_id = ANY (sqlc.narg(ward_ids)::bigint[]))
    AND (sqlc.narg(meal_time_ids)::bigint[] IS NULL OR o.meal_time_id = ANY (sqlc.narg(meal_time_ids)::bigint[]))
GROUP BY s.served_by
ORDER BY served DESC, person;

-- The filters' choices of the scope: its wards and meal types (kind WARD or MEAL), active
-- ones, by branch and code.
-- name: PerfChoices :many
SELECT 'WARD'::text AS kind, w.branch_code, w.id, w.code, w.name_th, w.name_en FROM ward w
WHERE w.active AND (@all_branches::boolean OR w.branch_code = @branch::text)
    AND (@entry_branch::text = '' OR w.branch_code = @entry_branch::text)
UNION ALL
SELECT 'MEAL'::text AS kind, t.branch_code, t.id, t.code, t.name_th, t.name_en FROM meal_time t
WHERE t.active AND (@all_branches::boolean OR t.branch_code = @branch::text)
    AND (@entry_branch::text = '' OR t.branch_code = @entry_branch::text)
ORDER BY kind, branch_code, code;
