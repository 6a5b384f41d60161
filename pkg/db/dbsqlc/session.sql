-- Token checks (pkg/session).

-- Whether a token's session still lets it in, in one statement: the session is open (not
-- revoked) and is the session of the token's user, the account is active and not deleted,
-- and the pair chosen in the session is still held, in a branch still active. A token pointing at another user's
-- session is refused like a revoked one; a removed pair or a deleted account ends access at
-- once, not when the access token expires.
-- name: SessionOpen :one
SELECT (s.revoked_at IS NULL AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
        AND (s.current_role_code IS NULL OR EXISTS (
            SELECT 1 FROM user_permission p JOIN branch b ON b.code = p.branch_code AND b.active
            WHERE p.user_id = s.user_id AND p.branch_code = s.current_branch_code
              AND p.role_code = s.current_role_code)))::boolean AS open
FROM auth_session s
    JOIN app_user u ON u.id = s.user_id
WHERE s.id = @id AND s.user_id = @user_id;
