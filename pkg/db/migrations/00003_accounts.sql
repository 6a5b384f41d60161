-- +goose Up
-- Two factors, single-use links (invitations, password resets) and second-factor
-- challenges (sign-in, registration, account changes).

ALTER TABLE app_user
    ADD COLUMN mfa_enabled         boolean NOT NULL DEFAULT false,
    ADD COLUMN totp_secret         text NOT NULL DEFAULT '',
    ADD COLUMN totp_pending_secret text NOT NULL DEFAULT '',
    ADD COLUMN totp_last_step      bigint NOT NULL DEFAULT 0;

-- Links sent by e-mail. Only the SHA-256 of the token is kept; a newer link of the same
-- purpose revokes the older ones.
CREATE TABLE auth_link (
    token_hash  bytea PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    purpose     text NOT NULL CHECK (purpose IN ('invite', 'reset')),
    created_at  timestamptz NOT NULL,
    created_by  text NOT NULL DEFAULT '',
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    revoked_at  timestamptz
);
CREATE INDEX auth_link_user ON auth_link (user_id, purpose);

-- A second-factor step in progress: the password was right (sign-in) or the link was
-- (registration), and a code must follow. Attempts and e-mail sends are counted here.
CREATE TABLE auth_challenge (
    token_hash            bytea PRIMARY KEY,
    user_id               bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    purpose               text NOT NULL CHECK (purpose IN ('signin', 'register', 'account')),
    created_at            timestamptz NOT NULL,
    expires_at            timestamptz NOT NULL,
    attempts              int NOT NULL DEFAULT 0,
    email_code_hash       bytea,
    email_code_expires_at timestamptz,
    email_sends           int NOT NULL DEFAULT 0,
    email_sent_at         timestamptz,
    consumed_at           timestamptz,
    address               text NOT NULL DEFAULT '',
    user_agent            text NOT NULL DEFAULT ''
);
CREATE INDEX auth_challenge_user ON auth_challenge (user_id);

-- +goose Down
DROP TABLE auth_challenge, auth_link;
ALTER TABLE app_user DROP COLUMN mfa_enabled, DROP COLUMN totp_secret,
    DROP COLUMN totp_pending_secret, DROP COLUMN totp_last_step;
