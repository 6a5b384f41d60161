-- Token checks (pkg/session).

-- Whether a sign-in session is still open (not revoked) and is the session of the token's
-- user: a token pointing at another user's session is refused like a revoked one.
-- name: SessionOpen :one
SELECT (revoked_at IS NULL)::boolean AS open FROM auth_session WHERE id = @id AND user_id = @user_id;
