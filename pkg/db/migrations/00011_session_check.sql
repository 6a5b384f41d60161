-- +goose Up
-- The token check (pkg/session) as a function that raises when the session no longer lets
-- its token in, rather than a statement that answers false: pkg/db sends it in the same
-- round trip as a read's first statement (one pipeline, one Sync), and an error in the
-- first statement makes PostgreSQL skip the rest of the pipeline — so nothing runs, read
-- or write, for a revoked session, and a token-checked read costs one round trip
-- (ARCHITECTURE.md §10). SQLSTATE 28000 (invalid_authorization_specification) is the
-- refusal pkg/session answers as 401. What "lets in" means is unchanged (00003's
-- SessionOpen): the session is open and is the token's user's, the account is active and
-- not deleted, and the pair chosen in the session is still held in an active branch.
-- +goose StatementBegin
CREATE FUNCTION session_check(p_id uuid, p_user_id bigint) RETURNS void
LANGUAGE plpgsql STABLE AS $$
BEGIN
    PERFORM 1
    FROM auth_session s
        JOIN app_user u ON u.id = s.user_id
    WHERE s.id = p_id AND s.user_id = p_user_id
      AND s.revoked_at IS NULL AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
      AND (s.current_role_code IS NULL OR EXISTS (
            SELECT 1 FROM user_permission p JOIN branch b ON b.code = p.branch_code AND b.active
            WHERE p.user_id = s.user_id AND p.branch_code = s.current_branch_code
              AND p.role_code = s.current_role_code));
    IF NOT FOUND THEN
        RAISE EXCEPTION 'session closed' USING ERRCODE = '28000';
    END IF;
END $$;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION session_check(uuid, bigint);
