-- Import jobs (pkg/imports): the upload API creates one per file, import-worker runs it,
-- the client follows it. Every query answers the whole row (ImportJob).

-- name: ImportsCreateJob :one
INSERT INTO import_job (id, branch_code, kind, file_name, object_key, lang, created_by, send_email)
VALUES (@id::uuid, @branch_code, @kind, @file_name, @object_key, @lang, @created_by, @send_email)
RETURNING *;

-- name: ImportsGetJob :one
SELECT * FROM import_job WHERE id = @id::uuid AND branch_code = @branch_code;

-- A job that has not ended fails with the reason's message key.
-- name: ImportsFailJob :exec
UPDATE import_job SET status = 'FAILED', error_key = @error_key, finished_at = now(),
    started_at = coalesce(started_at, now())
WHERE id = @id::uuid AND status IN ('QUEUED', 'RUNNING');

-- A job that has not ended starts (no row: it has ended, or there is none).
-- name: ImportsStartJob :one
UPDATE import_job SET status = 'RUNNING', started_at = coalesce(started_at, now())
WHERE id = @id::uuid AND status IN ('QUEUED', 'RUNNING')
RETURNING *;

-- The job's status, locked for the import's transaction.
-- name: ImportsLockJob :one
SELECT status FROM import_job WHERE id = @id::uuid FOR UPDATE;

-- name: ImportsFinishJob :exec
UPDATE import_job SET status = 'DONE', total_rows = @total_rows, added = @added, updated = @updated,
    deleted = @deleted, unchanged = @unchanged, skipped = @skipped, failed_key = @failed_key, finished_at = now()
WHERE id = @id::uuid;

-- name: ImportsCountInvitations :exec
UPDATE import_job SET invited = @invited, invite_failed = @invite_failed WHERE id = @id::uuid;
