-- +goose Up
-- The HL7 v2 feed (issue 30 §2, docs/hl7.md): each branch's feed key and every message the
-- feed received, with its outcome. pkg/patientsync rotates the key (the Super Admin, beside
-- the hospital connector settings); pkg/hl7feed receives, queues and applies the messages.

-- A branch's feed: the SHA-256 of its key (the key itself is shown once, when rotated, and
-- never stored), and the receiving facility (MSH-6.1) its messages may name besides the
-- branch code ('' : only the branch code, or none).
CREATE TABLE hl7_feed (
    branch_code text PRIMARY KEY REFERENCES branch (code),
    key_hash    bytea NOT NULL CHECK (length(key_hash) = 32),
    facility    text NOT NULL DEFAULT '',
    rotated_at  timestamptz NOT NULL DEFAULT now(),
    rotated_by  text NOT NULL DEFAULT ''
);

-- Every message received, as sent (raw: the ER7 text; in AWS it belongs in S3 with the
-- uploads' encryption, docs/hl7.md), with what came of it. ack is what the sender was
-- answered (AA, AE, AR); status what Samrap did: queued (acknowledged, waiting for the
-- worker), applied, skipped (read, not for Samrap: another message type, a merge), stale
-- (older than the last one applied for the patient), duplicate (its MSH-10 was received
-- before), failed (not readable, not ours, or the apply refused it: error says why).
CREATE TABLE hl7_message (
    id           uuid PRIMARY KEY,
    branch_code  text NOT NULL REFERENCES branch (code),
    control_id   text NOT NULL DEFAULT '',
    message_type text NOT NULL DEFAULT '',
    kind         text NOT NULL DEFAULT '',
    patient_hn   text NOT NULL DEFAULT '',
    sent_at      timestamptz,
    received_at  timestamptz NOT NULL DEFAULT now(),
    raw          text NOT NULL,
    ack          text NOT NULL CHECK (ack IN ('AA', 'AE', 'AR')),
    status       text NOT NULL
        CHECK (status IN ('queued', 'applied', 'skipped', 'stale', 'duplicate', 'failed')),
    error_key    text NOT NULL DEFAULT '',
    error        text NOT NULL DEFAULT '',
    changes      jsonb,
    applied_at   timestamptz
);
-- One accepted message per control ID and branch: a second is a duplicate.
CREATE UNIQUE INDEX hl7_message_control ON hl7_message (branch_code, control_id)
    WHERE ack = 'AA' AND status <> 'duplicate';
-- The last message applied for a patient (the stale check) and the feed's recent messages.
CREATE INDEX hl7_message_patient ON hl7_message (branch_code, patient_hn, sent_at DESC) WHERE status = 'applied';
CREATE INDEX hl7_message_received ON hl7_message (branch_code, received_at DESC);

-- +goose Down
DROP TABLE hl7_message, hl7_feed;
