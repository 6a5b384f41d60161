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
