-- Staff accounts, their (branch, role) pairs, the user import and the permission report
-- (pkg/users).
--
-- An account is read with the same columns everywhere (UsersAccountByID): its pairs as a
-- JSON array in branch then role order, and whether it has registered (set a password).
-- pkg/users/store.go converts the row types of these queries to one another.

-- name: UsersAccountByID :one
SELECT u.id, u.employee_code, u.first_name_th, u.last_name_th, u.first_name_en, u.last_name_en,
    u.email, u.status, u.note,
    coalesce((SELECT json_agg(json_build_object('branchCode', p.branch_code, 'roleCode', p.role_code)
        ORDER BY p.branch_code, r.position) FROM user_permission p JOIN role r ON r.code = p.role_code
        WHERE p.user_id = u.id), '[]')::json AS permissions,
    u.created_at, u.created_by, u.updated_at, u.updated_by, u.password_changed_at,
    (u.password_hash <> '')::boolean AS registered
FROM app_user u
WHERE u.id = @id AND u.deleted_at IS NULL;

-- UsersAccountByID, locked for a change.
-- name: UsersAccountByIDForUpdate :one
SELECT u.id, u.employee_code, u.first_name_th, u.last_name_th, u.first_name_en, u.last_name_en,
    u.email, u.status, u.note,
    coalesce((SELECT json_agg(json_build_object('branchCode', p.branch_code, 'roleCode', p.role_code)
        ORDER BY p.branch_code, r.position) FROM user_permission p JOIN role r ON r.code = p.role_code
        WHERE p.user_id = u.id), '[]')::json AS permissions,
    u.created_at, u.created_by, u.updated_at, u.updated_by, u.password_changed_at,
    (u.password_hash <> '')::boolean AS registered
FROM app_user u
WHERE u.id = @id AND u.deleted_at IS NULL
FOR UPDATE OF u;

-- A page of accounts, with the total in the same round trip. Every filter is optional
-- (NULL: not applied):
--   pattern  an ILIKE pattern matched against the employee code, the e-mail and every name;
--   status   one status;
--   branch   accounts holding a role in that branch (role, if given, that role).
-- sort_by is a field of the screens (employeeCode when unknown); rows ordered equal keep
-- the id order. Text and time columns have one sort key each, NULL when not chosen, so
-- that only the chosen column and then the id order the rows.
-- name: UsersSearch :many
SELECT u.id, u.employee_code, u.first_name_th, u.last_name_th, u.first_name_en, u.last_name_en,
    u.email, u.status, u.note,
    coalesce((SELECT json_agg(json_build_object('branchCode', p.branch_code, 'roleCode', p.role_code)
        ORDER BY p.branch_code, r.position) FROM user_permission p JOIN role r ON r.code = p.role_code
        WHERE p.user_id = u.id), '[]')::json AS permissions,
    u.created_at, u.created_by, u.updated_at, u.updated_by, u.password_changed_at,
    (u.password_hash <> '')::boolean AS registered,
    count(*) OVER () AS total
FROM app_user u
    CROSS JOIN LATERAL (SELECT
        CASE @sort_by::text
            WHEN 'createdAt' THEN NULL
            WHEN 'updatedAt' THEN NULL
            WHEN 'passwordChangedAt' THEN NULL
            WHEN 'firstNameTh' THEN u.first_name_th
            WHEN 'lastNameTh' THEN u.last_name_th
            WHEN 'firstNameEn' THEN u.first_name_en
            WHEN 'lastNameEn' THEN u.last_name_en
            WHEN 'email' THEN lower(u.email)
            WHEN 'status' THEN u.status
            ELSE u.employee_code
        END AS text_key,
        CASE @sort_by::text
            WHEN 'createdAt' THEN u.created_at
            WHEN 'updatedAt' THEN u.updated_at
            WHEN 'passwordChangedAt' THEN u.password_changed_at
        END AS time_key) k
WHERE u.deleted_at IS NULL
    AND (sqlc.narg(pattern)::text IS NULL OR concat_ws(' ', u.employee_code, u.email,
        u.first_name_th, u.last_name_th, u.first_name_en, u.last_name_en) ILIKE sqlc.narg(pattern)::text)
    AND (sqlc.narg(status)::text IS NULL OR u.status = sqlc.narg(status)::text)
    AND (sqlc.narg(branch)::text IS NULL OR EXISTS (SELECT 1 FROM user_permission p
        WHERE p.user_id = u.id AND p.branch_code = sqlc.narg(branch)::text
            AND (sqlc.narg(role)::text IS NULL OR p.role_code = sqlc.narg(role)::text)))
ORDER BY
    CASE WHEN NOT @sort_desc::boolean THEN k.text_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.text_key END DESC NULLS LAST,
    CASE WHEN NOT @sort_desc::boolean THEN k.time_key END ASC NULLS LAST,
    CASE WHEN @sort_desc::boolean THEN k.time_key END DESC NULLS LAST,
    u.id
LIMIT @page_size::integer OFFSET @page_offset::bigint;

-- The accounts, not inactive, that do not hold role in branch, as a pick-list (the key, the
-- employee code and the names: no e-mail, note or other pairs), the caller left out: the
-- first 1,000 by employee code.
-- name: UsersUnassigned :many
SELECT u.id, u.employee_code, u.first_name_th, u.last_name_th, u.first_name_en, u.last_name_en
FROM app_user u
WHERE u.deleted_at IS NULL AND u.status <> 'INACTIVE' AND u.id <> @caller
    AND NOT EXISTS (SELECT 1 FROM user_permission p
        WHERE p.user_id = u.id AND p.branch_code = @branch AND p.role_code = @role)
ORDER BY u.employee_code, u.id
LIMIT 1000;

-- name: UsersInsertAccount :one
INSERT INTO app_user (employee_code, first_name_th, last_name_th, first_name_en,
    last_name_en, email, note, status, created_by, updated_by)
VALUES (@employee_code, @first_name_th, @last_name_th, @first_name_en, @last_name_en, @email, @note,
    'NOT_INVITED', @by::text, @by::text)
RETURNING id;

-- name: UsersUpdateAccount :exec
UPDATE app_user SET employee_code = @employee_code, first_name_th = @first_name_th,
    last_name_th = @last_name_th, first_name_en = @first_name_en, last_name_en = @last_name_en,
    email = @email, note = @note, status = @status, updated_at = now(), updated_by = @by::text
WHERE id = @id;

-- name: UsersSoftDeleteAccount :exec
UPDATE app_user SET deleted_at = now(), updated_at = now(), updated_by = @by::text
WHERE id = @id;

-- name: UsersIDsByStatus :many
SELECT id FROM app_user WHERE deleted_at IS NULL AND status = ANY(@statuses::text[]) ORDER BY id;

-- How many of ids are accounts (not deleted).
-- name: UsersCountExisting :one
SELECT count(*) FROM app_user WHERE id = ANY(@ids::bigint[]) AND deleted_at IS NULL;

-- The active accounts holding Super Admin.
-- name: UsersCountActiveSuperAdmins :one
SELECT count(DISTINCT u.id) FROM app_user u
    JOIN user_permission p ON p.user_id = u.id AND p.role_code = 'SAM'
WHERE u.deleted_at IS NULL AND u.status = 'ACTIVE';

-- Locks the active Super Admin accounts (in id order) until the transaction ends, so that two
-- administrators changing each other at the same moment take turns, and the second sees what
-- the first did before deciding whether any Super Admin would be left.
-- name: UsersLockActiveSuperAdmins :many
SELECT u.id FROM app_user u
WHERE u.deleted_at IS NULL AND u.status = 'ACTIVE'
    AND EXISTS (SELECT 1 FROM user_permission p WHERE p.user_id = u.id AND p.role_code = 'SAM')
ORDER BY u.id
FOR UPDATE OF u;

-- name: UsersClearPermissions :exec
DELETE FROM user_permission WHERE user_id = @user_id;

-- Every pair (branch_codes[i], role_codes[i]) to every account of user_ids; pairs held
-- already are kept.
-- (ROWS FROM of several unnests, here and below, is what unnest(a, b, ...) means; sqlc
-- knows only the one-array unnest.)
-- The pairs added, which the change log records (not those already held).
-- name: UsersAddPermissions :many
INSERT INTO user_permission (user_id, branch_code, role_code, created_by)
SELECT u, p.b, p.r, @by::text
FROM unnest(@user_ids::bigint[]) AS u, ROWS FROM (unnest(@branch_codes::text[]), unnest(@role_codes::text[])) AS p(b, r)
ON CONFLICT DO NOTHING
RETURNING user_id, branch_code, role_code;

-- The accounts whose pair went, which the change log records (not those that did not hold it).
-- name: UsersRemovePermission :many
DELETE FROM user_permission WHERE branch_code = @branch AND role_code = @role AND user_id = ANY(@user_ids::bigint[])
RETURNING user_id;

-- The user import in one round trip: the branches and roles that exist (kind b and r) and
-- which of the file's e-mails (e) and employee codes (c) are taken.
-- name: UsersKnownPairsAndIdentities :many
SELECT 'b'::text AS kind, code AS value FROM branch WHERE active
UNION ALL SELECT 'r'::text, code FROM role
UNION ALL SELECT 'e'::text, lower(email) FROM app_user WHERE deleted_at IS NULL AND lower(email) = ANY(@emails::text[])
UNION ALL SELECT 'c'::text, employee_code FROM app_user WHERE deleted_at IS NULL AND employee_code = ANY(@employee_codes::text[]);

-- The imported accounts, one per array position, answering their ids in that order.
-- name: UsersInsertAccounts :many
INSERT INTO app_user (employee_code, first_name_th, last_name_th, first_name_en,
    last_name_en, email, note, status, created_by, updated_by)
SELECT c, ft, lt, fe, le, e, n, 'NOT_INVITED', @by::text, @by::text
FROM ROWS FROM (unnest(@employee_codes::text[]), unnest(@first_names_th::text[]),
        unnest(@last_names_th::text[]), unnest(@first_names_en::text[]), unnest(@last_names_en::text[]),
        unnest(@emails::text[]), unnest(@notes::text[]))
    WITH ORDINALITY AS t(c, ft, lt, fe, le, e, n, ord)
ORDER BY ord
RETURNING id;

-- The imported accounts' pairs (user_ids[i], branch_codes[i], role_codes[i]).
-- name: UsersInsertPairs :exec
INSERT INTO user_permission (user_id, branch_code, role_code, created_by)
SELECT u, b, r, @by::text
FROM ROWS FROM (unnest(@user_ids::bigint[]), unnest(@branch_codes::text[]), unnest(@role_codes::text[])) AS t(u, b, r);

-- The accounts holding a role in branch (role '' for any), with their roles there, for the
-- permission workbook.
-- name: UsersPermissionReport :many
SELECT u.employee_code, (u.first_name_th || ' ' || u.last_name_th)::text AS name_th,
    trim(u.first_name_en || ' ' || u.last_name_en)::text AS name_en, u.email, u.status,
    string_agg(r.name_th || ' / ' || r.name_en, ', ' ORDER BY r.position)::text AS roles,
    u.password_changed_at
FROM app_user u
    JOIN user_permission p ON p.user_id = u.id AND p.branch_code = @branch::text
    JOIN role r ON r.code = p.role_code
WHERE u.deleted_at IS NULL AND (@role::text = '' OR EXISTS (SELECT 1 FROM user_permission q
    WHERE q.user_id = u.id AND q.branch_code = @branch::text AND q.role_code = @role::text))
GROUP BY u.id
ORDER BY u.employee_code;
