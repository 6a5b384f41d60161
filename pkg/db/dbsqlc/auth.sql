-- Sign-in, sessions, links, second factors and throttling (pkg/auth).

-- An account as sign-in needs it, with the (branch, role) pairs it holds in active
-- branches (two parallel arrays, in branch then role order).
-- name: AuthUserByEmail :one
SELECT u.id, u.email, u.employee_code, u.first_name_th, u.last_name_th, u.first_name_en,
    u.last_name_en, u.password_hash, u.status, u.language, u.password_changed_at,
    u.mfa_enabled, u.totp_secret, u.totp_pending_secret, u.totp_last_step,
    coalesce(array_agg(p.branch_code ORDER BY p.branch_code, r.position) FILTER (WHERE b.active), '{}')::text[] AS branch_codes,
    coalesce(array_agg(p.role_code ORDER BY p.branch_code, r.position) FILTER (WHERE b.active), '{}')::text[] AS role_codes
FROM app_user u
    LEFT JOIN user_permission p ON p.user_id = u.id
    LEFT JOIN branch b ON b.code = p.branch_code
    LEFT JOIN role r ON r.code = p.role_code
WHERE lower(u.email) = lower(@email) AND u.deleted_at IS NULL
GROUP BY u.id;

-- The same columns as AuthUserByEmail (store.go converts one row type to the other).
-- name: AuthUserByID :one
SELECT u.id, u.email, u.employee_code, u.first_name_th, u.last_name_th, u.first_name_en,
    u.last_name_en, u.password_hash, u.status, u.language, u.password_changed_at,
    u.mfa_enabled, u.totp_secret, u.totp_pending_secret, u.totp_last_step,
    coalesce(array_agg(p.branch_code ORDER BY p.branch_code, r.position) FILTER (WHERE b.active), '{}')::text[] AS branch_codes,
    coalesce(array_agg(p.role_code ORDER BY p.branch_code, r.position) FILTER (WHERE b.active), '{}')::text[] AS role_codes
FROM app_user u
    LEFT JOIN user_permission p ON p.user_id = u.id
    LEFT JOIN branch b ON b.code = p.branch_code
    LEFT JOIN role r ON r.code = p.role_code
WHERE u.id = @id AND u.deleted_at IS NULL
GROUP BY u.id;

-- pairs is JSON text: a []byte argument would be sent as bytea by the pool's exec mode.
-- name: AuthInsertSession :one
INSERT INTO auth_session
    (user_id, login_issued_at, current_branch_code, current_role_code, pairs, address, user_agent)
VALUES (@user_id, @login_issued_at, sqlc.narg(current_branch_code), sqlc.narg(current_role_code),
    CAST(@pairs::text AS jsonb), @address, @user_agent)
RETURNING id::text;

-- name: AuthInsertRefreshToken :exec
INSERT INTO auth_refresh_token (token_hash, session_id, issued_at, expires_at)
VALUES (@token_hash, @session_id, @issued_at, @expires_at);

-- A refresh token with its session and user, locked for rotation.
-- name: AuthLockRefreshToken :one
SELECT s.id::text AS session_id, t.expires_at, (t.spent_at IS NOT NULL)::boolean AS spent,
    (s.revoked_at IS NOT NULL)::boolean AS revoked,
    s.login_issued_at, s.current_branch_code, s.current_role_code, s.pairs,
    u.id AS user_id, u.employee_code, (u.status = 'ACTIVE' AND u.deleted_at IS NULL)::boolean AS user_active,
    (SELECT coalesce(jsonb_agg(jsonb_build_object('b', p.branch_code, 'r', p.role_code)), '[]')::jsonb
       FROM user_permission p JOIN branch b ON b.code = p.branch_code AND b.active
       WHERE p.user_id = u.id) AS held_pairs
FROM auth_refresh_token t
    JOIN auth_session s ON s.id = t.session_id
    JOIN app_user u ON u.id = s.user_id
WHERE t.token_hash = @token_hash
FOR UPDATE OF t, s;

-- name: AuthSpendRefreshTokens :exec
UPDATE auth_refresh_token SET spent_at = @now
WHERE session_id = @session_id AND spent_at IS NULL;

-- name: AuthRevokeSession :exec
UPDATE auth_session SET revoked_at = @now, revoked_reason = @reason
WHERE id = @id AND revoked_at IS NULL;

-- name: AuthSetCurrentPair :one
UPDATE auth_session SET current_branch_code = @branch_code::text, current_role_code = @role_code::text
WHERE id = @id AND revoked_at IS NULL
RETURNING login_issued_at;

-- The display names of pairs, in the order given (ROWS FROM of two unnests is what
-- unnest(a, b) means; sqlc knows only the one-array unnest).
-- name: AuthNamePairs :many
SELECT p.b::text AS branch_code, b.name_th AS branch_name_th, b.name_en AS branch_name_en,
    p.r::text AS role_code, r.name_th AS role_name_th, r.name_en AS role_name_en
FROM ROWS FROM (unnest(@branch_codes::text[]), unnest(@role_codes::text[])) WITH ORDINALITY AS p(b, r, n)
    JOIN branch b ON b.code = p.b JOIN role r ON r.code = p.r
ORDER BY p.n;

-- Throttling: state lives in the database because Lambda instances share nothing else.

-- One attempt counted against key in one statement, so that concurrent attempts queue on the
-- row and each sees the count the others left (no check-then-act), answering the lock the
-- key is under afterwards. A lock in force counts nothing and is kept; a lapsed lock or
-- window starts a new window; the attempt past max_attempts locks the key until lock_until.
-- The failures column counts attempts: failures, and attempts still being checked.
-- name: AuthThrottleHit :one
INSERT INTO auth_throttle AS t (key, failures, window_start)
VALUES (@key, 1, @now)
ON CONFLICT (key) DO UPDATE SET
    failures = CASE
        WHEN t.locked_until > @now THEN t.failures
        WHEN t.locked_until IS NOT NULL OR t.window_start < @window_from THEN 1
        ELSE t.failures + 1 END,
    window_start = CASE
        WHEN t.locked_until > @now THEN t.window_start
        WHEN t.locked_until IS NOT NULL OR t.window_start < @window_from THEN @now
        ELSE t.window_start END,
    locked_until = CASE
        WHEN t.locked_until > @now THEN t.locked_until
        WHEN t.locked_until IS NOT NULL OR t.window_start < @window_from THEN NULL
        WHEN t.failures + 1 > @max_attempts::int THEN @lock_until
        ELSE NULL END
RETURNING locked_until;

-- One attempt counted against a key of growing delays, in one statement like AuthThrottleHit.
-- While the key's delay runs nothing is counted and no row is answered (the caller reads the
-- delay with AuthThrottleLockedUntil). Otherwise the attempt is counted (the count starts
-- again after quiet: no attempt since quiet_from) and, from the free_attempts-th attempt on,
-- the delay the next attempt waits is set at once, as if this one fails: first_secs, doubled
-- at each further attempt, at most max_secs. A right password clears the key. window_start
-- holds the time of the last attempt counted. (sqlc.arg rather than @ where sqlc misreads
-- "@a + @b" and parameters inside least().)
-- name: AuthThrottleDelayHit :one
INSERT INTO auth_throttle AS t (key, account, failures, window_start)
VALUES (@key, sqlc.narg(account), 1, @now)
ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN t.window_start < @quiet_from THEN 1 ELSE t.failures + 1 END,
    window_start = @now,
    locked_until = CASE
        WHEN t.window_start < @quiet_from OR t.failures + 1 < sqlc.arg(free_attempts)::int THEN NULL
        ELSE sqlc.arg(now)::timestamptz + interval '1 second' * least(sqlc.arg(max_secs)::float8,
            sqlc.arg(first_secs)::float8 * power(2, least(t.failures + 1 - sqlc.arg(free_attempts)::int, 30))) END
WHERE t.locked_until IS NULL OR t.locked_until <= @now
RETURNING failures;

-- name: AuthThrottleLockedUntil :one
SELECT locked_until FROM auth_throttle WHERE key = @key;

-- The accounts holding a pair in branch whose sign-in is delayed now from some address, or
-- that have failed often enough from one to be delayed at its next failure there, for a
-- Branch Admin to see and lift. An account's delays are kept per address (key
-- 'account:<e-mail>|<address>', column account the e-mail), so one line sums them: the
-- failures of every address, the latest delay ('epoch' for none), how many addresses failed.
-- An account holding Super Admin is listed but not liftable by a Branch Admin.
-- name: AuthDelayedAccounts :many
SELECT u.id, u.employee_code, u.first_name_th, u.last_name_th, u.first_name_en, u.last_name_en,
    sum(t.failures)::int AS failures, max(t.window_start)::pg_catalog.timestamptz AS last_attempt_at,
    max(coalesce(t.locked_until, 'epoch'))::pg_catalog.timestamptz AS locked_until, count(*)::int AS addresses,
    NOT EXISTS (SELECT 1 FROM user_permission s WHERE s.user_id = u.id AND s.role_code = 'SAM') AS liftable
FROM app_user u JOIN auth_throttle t ON t.account = lower(u.email)
WHERE u.deleted_at IS NULL
    AND EXISTS (SELECT 1 FROM user_permission p WHERE p.user_id = u.id AND p.branch_code = @branch)
    AND t.window_start >= @quiet_from AND t.failures > 0
GROUP BY u.id
HAVING max(t.locked_until) > @now OR max(t.failures) >= sqlc.arg(free_attempts)::int
ORDER BY max(coalesce(t.locked_until, 'epoch')) DESC, u.employee_code;

-- Lifts the sign-in delays of an account holding a pair in branch: its failures from every
-- address are forgotten. Answers what was cleared (0 failures when nothing was) and whether
-- the account holds Super Admin (whose delay a Branch Admin does not lift: the caller
-- checks, and the transaction is rolled back); no row when the account holds no pair there.
-- name: AuthLiftDelay :one
WITH acct AS (
    SELECT u.id, lower(u.email) AS account,
        EXISTS (SELECT 1 FROM user_permission s WHERE s.user_id = u.id AND s.role_code = 'SAM') AS super_admin
    FROM app_user u
    WHERE u.id = @user_id AND u.deleted_at IS NULL
        AND EXISTS (SELECT 1 FROM user_permission p WHERE p.user_id = u.id AND p.branch_code = @branch)
), cleared AS (
    DELETE FROM auth_throttle t USING acct WHERE t.account = acct.account
    RETURNING t.failures, t.locked_until
)
SELECT acct.id, acct.super_admin, coalesce((SELECT sum(c.failures) FROM cleared c), 0)::int AS failures,
    (SELECT coalesce(max(c.locked_until), 'epoch') FROM cleared c)::pg_catalog.timestamptz AS locked_until
FROM acct;

-- Who is told of a burst of failed sign-ins against an account: the Branch Admins of the
-- branches where it holds a pair, and every Super Admin; active accounts only.
-- name: AuthBurstRecipients :many
SELECT DISTINCT u.id, u.email, u.language FROM app_user u JOIN user_permission p ON p.user_id = u.id
WHERE u.deleted_at IS NULL AND u.status = 'ACTIVE'
    AND (p.role_code = 'SAM' OR (p.role_code = 'BAM' AND p.branch_code IN
        (SELECT q.branch_code FROM user_permission q WHERE q.user_id = @user_id)))
ORDER BY u.id;

-- Gives back an attempt that turned out not to be a failure (a right password or code).
-- name: AuthThrottleRefund :exec
UPDATE auth_throttle SET failures = greatest(failures - 1, 0) WHERE key = @key;

-- name: AuthThrottleClear :exec
DELETE FROM auth_throttle WHERE key = @key;

-- Links (registration and password reset).

-- name: AuthRevokeLinks :exec
UPDATE auth_link SET revoked_at = @now
WHERE user_id = @user_id AND purpose = @purpose AND used_at IS NULL AND revoked_at IS NULL;

-- name: AuthInsertLink :exec
INSERT INTO auth_link (token_hash, user_id, purpose, created_at, created_by, expires_at)
VALUES (@token_hash, @user_id, @purpose, @created_at, @created_by, @expires_at);

-- A usable link of purpose, locked for update.
-- name: AuthLockOpenLink :one
SELECT user_id FROM auth_link
WHERE token_hash = @token_hash AND purpose = @purpose AND used_at IS NULL AND revoked_at IS NULL
    AND expires_at > @now
FOR UPDATE;

-- name: AuthUseLink :exec
UPDATE auth_link SET used_at = @now WHERE token_hash = @token_hash;

-- The account an invitation link (expired or not) was for, while it still waits for
-- confirmation.
-- name: AuthInvitedUserOfLink :one
SELECT l.user_id FROM auth_link l JOIN app_user u ON u.id = l.user_id
WHERE l.token_hash = @token_hash AND l.purpose = 'invite' AND u.status = 'INVITED' AND u.deleted_at IS NULL;

-- Accounts.

-- name: AuthMarkInvited :exec
UPDATE app_user SET status = 'INVITED', updated_at = @now, updated_by = @by WHERE id = @id;

-- Registration: the password, the account active, an authenticator pending.
-- name: AuthActivateUser :exec
UPDATE app_user SET password_hash = @password_hash, status = 'ACTIVE', password_changed_at = @now,
    totp_pending_secret = @totp_pending_secret, updated_at = @now, updated_by = email
WHERE id = @id;

-- name: AuthSetPassword :exec
UPDATE app_user SET password_hash = @password_hash, password_changed_at = @now, updated_at = @now,
    updated_by = employee_code
WHERE id = @id;

-- Every open session of the user but keep_session ('' keeps none).
-- name: AuthRevokeOtherSessions :exec
UPDATE auth_session SET revoked_at = @now, revoked_reason = 'password changed'
WHERE user_id = @user_id AND revoked_at IS NULL AND id::text <> @keep_session;

-- name: AuthSetLanguage :exec
UPDATE app_user SET language = @language WHERE id = @id;

-- name: AuthSetPendingTOTP :exec
UPDATE app_user SET totp_pending_secret = @totp_pending_secret WHERE id = @id;

-- The pending authenticator confirmed: two factors on.
-- name: AuthEnableMFA :exec
UPDATE app_user SET mfa_enabled = true, totp_secret = totp_pending_secret,
    totp_pending_secret = ''
WHERE id = @id;

-- name: AuthDisableMFA :exec
UPDATE app_user SET mfa_enabled = false, totp_secret = '', totp_pending_secret = ''
WHERE id = @id;

-- Accepts a time step of the account's authenticator once: no row changes when this step
-- or a later one was accepted before, a concurrent acceptance included (the second UPDATE
-- waits for the first's row lock, then finds the condition false).
-- name: AuthRecordTOTPStep :execrows
UPDATE app_user SET totp_last_step = @step WHERE id = @id AND totp_last_step < @step;

-- Second-factor challenges.

-- name: AuthInsertChallenge :exec
INSERT INTO auth_challenge (token_hash, user_id, purpose, created_at, expires_at, address, user_agent)
VALUES (@token_hash, @user_id, @purpose, @created_at, @expires_at, @address, @user_agent);

-- An open challenge of purpose, locked for update: not consumed, not expired, not
-- exhausted.
-- name: AuthLockChallenge :one
SELECT user_id, purpose, attempts, email_code_hash, email_code_expires_at, email_sends,
    email_sent_at, expires_at
FROM auth_challenge
WHERE token_hash = @token_hash AND purpose = @purpose AND consumed_at IS NULL AND expires_at > @now
    AND attempts < @max_attempts
FOR UPDATE;

-- The account of an open challenge of purpose (as AuthLockChallenge finds it), not locked:
-- code checks are counted against the account before the challenge is locked.
-- name: AuthChallengeUser :one
SELECT user_id FROM auth_challenge
WHERE token_hash = @token_hash AND purpose = @purpose AND consumed_at IS NULL AND expires_at > @now
    AND attempts < @max_attempts;

-- name: AuthStoreEmailCode :exec
UPDATE auth_challenge SET email_code_hash = @email_code_hash, email_code_expires_at = @email_code_expires_at,
    email_sends = email_sends + 1, email_sent_at = @now
WHERE token_hash = @token_hash;

-- name: AuthCountChallengeAttempt :exec
UPDATE auth_challenge SET attempts = attempts + 1 WHERE token_hash = @token_hash;

-- name: AuthConsumeChallenge :exec
UPDATE auth_challenge SET consumed_at = @now WHERE token_hash = @token_hash;

-- The first administrator (docs/deploy.md).

-- name: AuthCountSuperAdmins :one
SELECT count(*) FROM user_permission p JOIN app_user u ON u.id = p.user_id
WHERE p.role_code = 'SAM' AND u.deleted_at IS NULL;

-- name: AuthFirstAdminBranch :exec
INSERT INTO branch (code, name_th, name_en, updated_by) VALUES (@code, @name_th, @name_en, 'first-admin')
ON CONFLICT (code) DO NOTHING;

-- name: AuthFirstAdminUser :one
INSERT INTO app_user (email, employee_code, first_name_th, last_name_th, first_name_en,
    last_name_en, status, created_by, updated_by)
VALUES (@email, @employee_code, @first_name_th, @last_name_th, @first_name_en, @last_name_en,
    'INVITED', 'first-admin', 'first-admin')
RETURNING id;

-- name: AuthFirstAdminPermission :exec
INSERT INTO user_permission (user_id, branch_code, role_code, created_by)
VALUES (@user_id, @branch_code, 'SAM', 'first-admin');
