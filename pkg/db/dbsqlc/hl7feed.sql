-- The HL7 v2 feed (pkg/hl7feed, docs/hl7.md): the branch's key, and every message received.

-- name: FeedKey :one
SELECT key_hash, facility FROM hl7_feed WHERE branch_code = @branch;

-- Keeps a message received. An accepted one (ack AA) whose MSH-10 the branch's accepted
-- messages already hold is not inserted (no row): the caller keeps it as a duplicate.
-- name: FeedInsertMessage :many
INSERT INTO hl7_message (id, branch_code, control_id, message_type, kind, patient_hn, sent_at, raw, ack, status,
    error_key, error)
VALUES (@id, @branch, @control_id, @message_type, @kind, @patient_hn, @sent_at, @raw, @ack, @status, @error_key, @error)
ON CONFLICT (branch_code, control_id) WHERE ack = 'AA' AND status <> 'duplicate' DO NOTHING
RETURNING id;

-- A message whose queueing failed: answered AE, so that the sender sends it again.
-- name: FeedUnqueue :exec
UPDATE hl7_message SET ack = 'AE', status = 'failed', error_key = @error_key, error = @error
WHERE id = @id AND status = 'queued';

-- Locks a message for the worker.
-- name: FeedLockMessage :one
SELECT * FROM hl7_message WHERE id = @id AND branch_code = @branch FOR UPDATE;

-- When the last message of a patient's stream (ADT or diet orders) applied was sent.
-- name: FeedLastApplied :one
SELECT sent_at FROM hl7_message
WHERE branch_code = @branch AND patient_hn = @hn AND status = 'applied' AND (kind = 'diet-order') = @diet::boolean
ORDER BY sent_at DESC LIMIT 1;

-- The text of a message whose outcome is final is kept in S3 only (pkg/hl7feed ArchiveKey);
-- a failed one keeps it here too, to be applied again.
-- name: FeedFinishMessage :exec
UPDATE hl7_message SET status = @status, error_key = @error_key, error = @error,
    raw = CASE WHEN @status = 'failed' THEN raw ELSE '' END,
    changes = nullif(@changes::text, '')::jsonb, applied_at = CASE WHEN @status = 'applied' THEN now() END
WHERE id = @id;

-- A branch's messages of the last 24 hours by the hour they came in (the feed screen): how
-- many, how many applied, how many failed (refused or not applied). The database's clock,
-- as received_at's.
-- name: FeedHours :many
SELECT date_trunc('hour', received_at)::timestamptz AS hour, count(*)::int AS received,
    (count(*) FILTER (WHERE status = 'applied'))::int AS applied,
    (count(*) FILTER (WHERE status = 'failed'))::int AS failed
FROM hl7_message
WHERE branch_code = @branch AND received_at >= now() - interval '24 hours'
GROUP BY 1
ORDER BY 1;

-- A branch's messages, newest first, of one status (empty: all), with the total.
-- name: FeedMessages :many
SELECT id, control_id, message_type, kind, patient_hn, sent_at, received_at, ack, status, error_key, error,
    applied_at, count(*) OVER () AS total
FROM hl7_message
WHERE branch_code = @branch AND (@status::text = '' OR status = @status)
ORDER BY received_at DESC, id
LIMIT @lim OFFSET @off;

-- A message accepted whose apply failed, queued again (after a map was fixed): no row when
-- the message is not one.
-- name: FeedRequeue :one
UPDATE hl7_message SET status = 'queued', error_key = '', error = '', changes = NULL
WHERE id = @id AND branch_code = @branch AND ack = 'AA' AND status = 'failed'
RETURNING patient_hn;

-- An A40 merge whose survivor Samrap does not have: the prior patient takes the survivor's
-- HN (its orders, which name the patient by id, go with it).
-- name: FeedRenamePatient :one
UPDATE patient SET hn_id = @new_hn, version = version + 1, updated_at = now(), updated_by = 'hl7-feed'
WHERE branch_code = @branch AND hn_id = @old_hn
RETURNING id;

-- An A40 merge of two patients Samrap has: the prior's live orders to come become the
-- survivor's, except a meal the survivor already has a live order of (that one stays with the
-- discharged prior, flagged). The moved orders keep the facts they were checked against (the
-- prior's): FeedReviewOrders then flags each that differs from the survivor's now. Answers
-- the orders moved and the survivor.
-- name: FeedMoveOrders :many
UPDATE meal_order o SET patient_id = s.id, version = o.version + 1
FROM patient p, patient s
WHERE p.branch_code = @branch AND p.hn_id = @prior_hn AND s.branch_code = @branch AND s.hn_id = @survivor_hn
    AND o.branch_code = @branch AND o.patient_id = p.id AND o.status IN ('WAITING', 'FASTING', 'NO_MEAL')
    AND o.order_date >= (now() AT TIME ZONE 'Asia/Bangkok')::date
    AND NOT EXISTS (SELECT 1 FROM meal_order x WHERE x.branch_code = o.branch_code AND x.patient_id = s.id
        AND x.caregiver = o.caregiver AND x.order_date = o.order_date AND x.meal_time_id = o.meal_time_id
        AND x.status <> 'CANCELLED')
RETURNING o.id, o.patient_id;

-- A patient's orders to come checked again against the patient's facts now (and their
-- dishes'): the review reasons of each set to what differs.
-- name: FeedReviewOrders :exec
SELECT meal_order_review(ARRAY[@branch::text], ARRAY[@patient_id::bigint]);
