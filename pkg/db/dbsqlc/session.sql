-- Token checks (pkg/session).

-- Whether a sign-in session is still open (not revoked).
-- name: SessionOpen :one
SELECT (revoked_at IS NULL)::boolean AS open FROM auth_session WHERE id = @id;
