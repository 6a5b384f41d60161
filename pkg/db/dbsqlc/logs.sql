-- The log screens (pkg/logs): the activity record and the change log, newest first. A
-- Super Admin reads every branch (all_branches; entry_branch narrows to one, "" for all),
-- anyone else the current branch only. person matches the actor (employee code, or the
-- e-mail of a failed sign-in) or the person's name, in any case.

-- name: LogsActivities :many
SELECT a.id, a.branch_code, a.actor, a.action, a.detail, a.address, a.at,
    coalesce(nullif(trim(u.first_name_th || ' ' || u.last_name_th), ''), '')::text AS name_th,
    coalesce(nullif(trim(u.first_name_en || ' ' || u.last_name_en), ''), '')::text AS name_en,
    count(*) OVER () AS total
FROM activity_log a
    LEFT JOIN app_user u ON u.id = a.user_id
-- a branch's reader also sees the entries of no branch (failed sign-ins, refused codes,
-- password and authenticator changes) of the accounts holding a role in the branch
WHERE (@all_branches::boolean OR a.branch_code = @branch::text
        OR (a.branch_code = '' AND EXISTS (SELECT 1 FROM user_permission p
            WHERE p.user_id = a.user_id AND p.branch_code = @branch::text AND p.role_code <> 'SAM')))
    AND (@entry_branch::text = '' OR a.branch_code = @entry_branch::text)
    AND a.at >= @from_time::timestamptz AND a.at < @to_time::timestamptz
    AND (@action::text = '' OR a.action = @action::text)
    AND (@person::text = '' OR strpos(lower(a.actor), lower(@person::text)) > 0
        OR strpos(lower(u.first_name_th || ' ' || u.last_name_th), lower(@person::text)) > 0
        OR strpos(lower(u.first_name_en || ' ' || u.last_name_en), lower(@person::text)) > 0)
ORDER BY a.at DESC, a.id DESC
LIMIT @page_size::integer OFFSET @page_offset::bigint;

-- name: LogsChanges :many
SELECT c.id, c.branch_code, c.entity, c.entity_id, c.action, c.before, c.after, c.changed_by, c.changed_at,
    coalesce(nullif(trim(u.first_name_th || ' ' || u.last_name_th), ''), '')::text AS name_th,
    coalesce(nullif(trim(u.first_name_en || ' ' || u.last_name_en), ''), '')::text AS name_en,
    count(*) OVER () AS total
FROM change_log c
    LEFT JOIN app_user u ON u.employee_code = c.changed_by AND u.deleted_at IS NULL
WHERE (@all_branches::boolean OR c.branch_code = @branch::text)
    AND (@entry_branch::text = '' OR c.branch_code = @entry_branch::text)
    AND c.changed_at >= @from_time::timestamptz AND c.changed_at < @to_time::timestamptz
    AND (@entity::text = '' OR c.entity = @entity::text)
    AND (@entity_id::text = '' OR c.entity_id = @entity_id::text)
    AND (@person::text = '' OR strpos(lower(c.changed_by), lower(@person::text)) > 0
        OR strpos(lower(u.first_name_th || ' ' || u.last_name_th), lower(@person::text)) > 0
        OR strpos(lower(u.first_name_en || ' ' || u.last_name_en), lower(@person::text)) > 0)
ORDER BY c.changed_at DESC, c.id DESC
LIMIT @page_size::integer OFFSET @page_offset::bigint;

-- The records a page of the change log names, read when the page is read (pkg/logs
-- records.go): an order (a serving record is keyed by its order) by its patient, meal type
-- and day; a patient by HN and name; an account by employee code and name.
-- name: LogsOrderRecords :many
SELECT o.id::text AS id, p.hn_id,
    trim(p.first_name_th || ' ' || p.last_name_th)::text AS name_th,
    trim(p.first_name_en || ' ' || p.last_name_en)::text AS name_en,
    coalesce(t.name_th, '')::text AS meal_th, coalesce(t.name_en, '')::text AS meal_en,
    to_char(o.order_date, 'YYYY-MM-DD')::text AS order_date
FROM meal_order o
    JOIN patient p ON p.branch_code = o.branch_code AND p.id = o.patient_id
    LEFT JOIN meal_time t ON t.branch_code = o.branch_code AND t.id = o.meal_time_id
WHERE o.id = ANY(@ids::uuid[]);

-- name: LogsPatientRecords :many
SELECT p.branch_code, p.hn_id,
    trim(p.first_name_th || ' ' || p.last_name_th)::text AS name_th,
    trim(p.first_name_en || ' ' || p.last_name_en)::text AS name_en
FROM patient p
WHERE p.hn_id = ANY(@hns::text[]) AND p.branch_code = ANY(@branches::text[]);

-- The people a page's entries name (an actor, an order's orderedBy, a serving's servedBy),
-- by employee code; an account since deleted too, as an entry outlives its author.
-- name: LogsPeople :many
SELECT u.id, u.employee_code,
    trim(u.first_name_th || ' ' || u.last_name_th)::text AS name_th,
    trim(u.first_name_en || ' ' || u.last_name_en)::text AS name_en
FROM app_user u
WHERE u.employee_code = ANY(@codes::text[]) OR u.id = ANY(@ids::bigint[])
ORDER BY u.deleted_at NULLS FIRST;
