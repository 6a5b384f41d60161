-- The change log and the activity log (pkg/audit). The JSON documents are sent as text and
-- cast here: a []byte argument would be sent as bytea by the pool's exec mode.

-- before is NULL for a create, after for a delete.
-- name: AuditInsertChange :exec
INSERT INTO change_log (branch_code, entity, entity_id, action, before, after, changed_by)
VALUES (@branch_code, @entity, @entity_id, @action, CAST(sqlc.narg(before)::text AS jsonb),
    CAST(sqlc.narg(after)::text AS jsonb), @changed_by);

-- user_id is NULL when the actor is unknown (a failed sign-in for an unknown e-mail).
-- name: AuditInsertActivity :exec
INSERT INTO activity_log (branch_code, user_id, actor, action, detail, address)
VALUES (@branch_code, sqlc.narg(user_id), @actor, @action, CAST(@detail::text AS jsonb), @address);
