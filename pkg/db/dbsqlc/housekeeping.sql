-- Housekeeping (pkg/housekeeping): what has expired, deleted in bounded batches. Rows a
-- request holds locked are skipped and taken by a later run.

-- Throttle keys whose window and lock are both long over.
-- name: PurgeThrottles :execrows
DELETE FROM auth_throttle d WHERE d.key IN (
    SELECT x.key FROM auth_throttle x
    WHERE x.window_start < @before AND (x.locked_until IS NULL OR x.locked_until < @now)
    LIMIT @batch FOR UPDATE SKIP LOCKED);

-- Refresh tokens of sign-ins older than any session cap: none of them can refresh again.
-- name: PurgeRefreshTokens :execrows
DELETE FROM auth_refresh_token d WHERE d.token_hash IN (
    SELECT t.token_hash FROM auth_refresh_token t JOIN auth_session s ON s.id = t.session_id
    WHERE s.login_issued_at < @before
    LIMIT @batch FOR UPDATE OF t SKIP LOCKED);

-- Sign-in sessions kept for investigation, then removed (their refresh tokens with them).
-- name: PurgeSessions :execrows
DELETE FROM auth_session d WHERE d.id IN (
    SELECT x.id FROM auth_session x WHERE x.login_issued_at < @before
    LIMIT @batch FOR UPDATE SKIP LOCKED);

-- E-mailed links (invitations, resets) used, revoked or expired long ago.
-- name: PurgeLinks :execrows
DELETE FROM auth_link d WHERE d.token_hash IN (
    SELECT x.token_hash FROM auth_link x
    WHERE x.expires_at < @before OR x.used_at < @before OR x.revoked_at < @before
    LIMIT @batch FOR UPDATE SKIP LOCKED);

-- Second-factor challenges (and their one-time codes) expired long ago.
-- name: PurgeChallenges :execrows
DELETE FROM auth_challenge d WHERE d.token_hash IN (
    SELECT x.token_hash FROM auth_challenge x WHERE x.expires_at < @before
    LIMIT @batch FOR UPDATE SKIP LOCKED);

-- Submit idempotency keys (pkg/orders) older than the day a retry is answered within.
-- name: PurgeHL7Messages :execrows
DELETE FROM hl7_message d WHERE d.id IN (
    SELECT x.id FROM hl7_message x WHERE x.received_at < @before
    LIMIT @batch FOR UPDATE SKIP LOCKED);

-- name: PurgeOrderKeys :execrows
DELETE FROM order_idempotency d WHERE (d.caller, d.key) IN (
    SELECT x.caller, x.key FROM order_idempotency x WHERE x.created_at < @before
    LIMIT @batch FOR UPDATE SKIP LOCKED);

-- Imports still queued or running long after any worker could be on them: the worker died
-- (a Lambda runs minutes, a message is tried a few times then dead-lettered; the local
-- server was killed). They fail with a message saying so, instead of spinning for ever.
-- name: ExpireImportJobs :execrows
UPDATE import_job SET status = 'FAILED', error_key = 'imports.expired', finished_at = @now
WHERE id IN (
    SELECT x.id FROM import_job x WHERE x.status IN ('QUEUED', 'RUNNING') AND x.created_at < @before
    LIMIT @batch FOR UPDATE SKIP LOCKED);

-- Hospital syncs that no worker is on: queued since before @queued_before, or running with
-- no sign of life since @silent_since (their worker beats every housekeeping.JobHeartbeat);
-- of one branch (a branch's next sync ends its own first) or of every branch (NULL).
-- name: ExpireSyncJobs :execrows
UPDATE patient_sync_job SET status = 'FAILED', phase = 'FAILED', error_key = 'patientSync.expired', finished_at = @now
WHERE id IN (
    SELECT x.id FROM patient_sync_job x
    WHERE (sqlc.narg(branch)::text IS NULL OR x.branch_code = sqlc.narg(branch))
      AND ((x.status = 'QUEUED' AND x.created_at < @queued_before)
        OR (x.status = 'RUNNING' AND coalesce(x.heartbeat_at, x.started_at, x.created_at) < @silent_since))
    LIMIT @batch FOR UPDATE SKIP LOCKED);
