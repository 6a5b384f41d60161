-- The activity log (pkg/audit; the change log is written by audit.Changes, the one statement
-- every area's writes use). The JSON documents are sent as text and
-- cast here: a []byte argument would be sent as bytea by the pool's exec mode.

-- user_id is NULL when the actor is unknown (a failed sign-in for an unknown e-mail).
-- name: AuditInsertActivity :exec
INSERT INTO activity_log (branch_code, user_id, actor, action, detail, address)
VALUES (@branch_code, sqlc.narg(user_id), @actor, @action, CAST(@detail::text AS jsonb), @address);
