-- +goose Up
-- Branches, roles, staff accounts and their (branch, role) pairs; sign-in sessions with
-- rotating refresh tokens; sign-in throttling; the change and activity logs.
-- Identity tables are group-wide (a member of staff works across branches); every pair,
-- log row and business record carries branch_code.

CREATE TABLE branch (
    code        text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_-]{2,20}$'),
    name_th     text NOT NULL,
    name_en     text NOT NULL DEFAULT '',
    time_zone   text NOT NULL DEFAULT 'Asia/Bangkok',
    active      boolean NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    updated_by  text NOT NULL DEFAULT ''
);

CREATE TABLE role (
    code     text PRIMARY KEY,
    name_th  text NOT NULL,
    name_en  text NOT NULL,
    position int NOT NULL
);

INSERT INTO role (code, name_th, name_en, position) VALUES
    ('BCT', 'ผู้ควบคุม', 'Controller', 1),
    ('BOD', 'ผู้รับคำสั่งอาหาร', 'Order Taker', 2),
    ('BSV', 'ผู้เสิร์ฟ', 'Serve', 3),
    ('BNT', 'นักโภชนาการ', 'Nutritionist', 4),
    ('SAM', 'ผู้ดูแลระบบสูงสุด', 'Super Admin', 5),
    ('BAM', 'ผู้ดูแลสาขา', 'Branch Admin', 6);

CREATE TABLE app_user (
    id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email               text NOT NULL,
    employee_code       text NOT NULL,
    first_name_th       text NOT NULL,
    last_name_th        text NOT NULL,
    first_name_en       text NOT NULL DEFAULT '',
    last_name_en        text NOT NULL DEFAULT '',
    password_hash       text NOT NULL DEFAULT '',
    status              text NOT NULL DEFAULT 'NOT_INVITED'
                        CHECK (status IN ('NOT_INVITED', 'INVITED', 'ACTIVE', 'INACTIVE')),
    note                text NOT NULL DEFAULT '',
    language            text NOT NULL DEFAULT 'th' CHECK (language IN ('th', 'en')),
    password_changed_at timestamptz,
    created_at          timestamptz NOT NULL DEFAULT now(),
    created_by          text NOT NULL DEFAULT '',
    updated_at          timestamptz NOT NULL DEFAULT now(),
    updated_by          text NOT NULL DEFAULT '',
    deleted_at          timestamptz
);
CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX app_user_employee_code_key ON app_user (employee_code) WHERE deleted_at IS NULL;

CREATE TABLE user_permission (
    user_id     bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    branch_code text NOT NULL REFERENCES branch (code),
    role_code   text NOT NULL REFERENCES role (code),
    created_at  timestamptz NOT NULL DEFAULT now(),
    created_by  text NOT NULL DEFAULT '',
    PRIMARY KEY (user_id, branch_code, role_code)
);
CREATE INDEX user_permission_branch_role ON user_permission (branch_code, role_code);

-- One row per sign-in: the refresh-token family. Revoking it ends every token of the
-- sign-in, access tokens included (they carry its id).
CREATE TABLE auth_session (
    id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id         bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
    login_issued_at timestamptz NOT NULL,
    current_branch_code text REFERENCES branch (code),
    current_role_code   text REFERENCES role (code),
    pairs           jsonb NOT NULL DEFAULT '[]', -- the (branch, role) pairs held at sign-in
    revoked_at      timestamptz,
    revoked_reason  text NOT NULL DEFAULT '',
    address         text NOT NULL DEFAULT '',
    user_agent      text NOT NULL DEFAULT ''
);
CREATE INDEX auth_session_user ON auth_session (user_id) WHERE revoked_at IS NULL;

CREATE TABLE auth_refresh_token (
    token_hash  bytea PRIMARY KEY,
    session_id  uuid NOT NULL REFERENCES auth_session (id) ON DELETE CASCADE,
    issued_at   timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL,
    spent_at    timestamptz
);
CREATE INDEX auth_refresh_token_session ON auth_refresh_token (session_id);

-- Failed sign-ins counted per key ('account:<e-mail>' or 'address:<ip>') within a window.
CREATE TABLE auth_throttle (
    key           text PRIMARY KEY,
    failures      int NOT NULL DEFAULT 0,
    window_start  timestamptz NOT NULL,
    locked_until  timestamptz
);

-- Who changed what: one row per write of a business record, in the same transaction.
CREATE TABLE change_log (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    branch_code text NOT NULL DEFAULT '',
    entity      text NOT NULL,
    entity_id   text NOT NULL,
    action      text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
    before      jsonb,
    after       jsonb,
    changed_by  text NOT NULL,
    changed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX change_log_entity ON change_log (branch_code, entity, entity_id, changed_at DESC);

-- What people did: sign-ins, sign-outs, exports, imports.
CREATE TABLE activity_log (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    branch_code text NOT NULL DEFAULT '',
    user_id     bigint,
    actor       text NOT NULL DEFAULT '',
    action      text NOT NULL,
    detail      jsonb NOT NULL DEFAULT '{}',
    address     text NOT NULL DEFAULT '',
    at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_log_at ON activity_log (branch_code, at DESC);

-- +goose Down
DROP TABLE activity_log, change_log, auth_throttle, auth_refresh_token, auth_session,
    user_permission, app_user, role, branch;
